import { formatDateTime, type ScheduledTaskStatus } from '@sitefleet/contract';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useScheduledTaskPage } from '../api/scheduled-tasks.ts';

/** Due and Failed need someone's attention; a task running or waiting for its time does not. */
const STATUS_COLOURS: Record<ScheduledTaskStatus, string> = {
  Due: 'text-danger',
  Failed: 'text-danger',
  Running: 'text-primary',
  Scheduled: 'text-success',
};

/**
 * Command, next run and status of the scheduled tasks, a page at a time by next run, with a
 * search by command; a failed task shows its error on hover.
 */
export function ScheduledTasksTable({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const tasks = useScheduledTaskPage(enabled, page, query);
  return (
    <>
      <div className="mb-2">
        <SearchBox
          value={query}
          label="Search tasks"
          placeholder="Search commands"
          onSearch={(text) => {
            setQuery(text);
            setPage(1);
          }}
        />
      </div>
      <div className="table-responsive">
        <table className="table table-sm small align-middle" aria-label="Scheduled Tasks">
          <thead>
            <tr>
              <th scope="col">Command</th>
              <th scope="col">Next</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {tasks.isPending && (
              <TableMessageRow colSpan={3}>
                <LoadingSpinner small />
              </TableMessageRow>
            )}
            {tasks.isError && <TableMessageRow colSpan={3}>{tasks.error.message}</TableMessageRow>}
            {tasks.data?.data.length === 0 && (
              <TableMessageRow colSpan={3}>{NO_RESULTS_TEXT}</TableMessageRow>
            )}
            {tasks.data?.data.map((task) => (
              <tr key={task.command}>
                <td>{task.command}</td>
                <td>{formatDateTime(task.next_run)}</td>
                <td className={STATUS_COLOURS[task.status]} title={task.error ?? undefined}>
                  {task.status}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={tasks.data} onPageChange={setPage} label="Scheduled tasks pages" />
    </>
  );
}
