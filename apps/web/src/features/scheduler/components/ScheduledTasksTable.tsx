import { formatDateTime } from '@sitefleet/contract';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { TableMessageRow } from '../../../components/TableMessageRow.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useScheduledTasks } from '../api/scheduled-tasks.ts';

/** Command, next run and status of each scheduled task; 'Due' shows in red, the rest in green. */
export function ScheduledTasksTable({ enabled }: { enabled: boolean }) {
  const tasks = useScheduledTasks(enabled);
  return (
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
          {tasks.data?.length === 0 && (
            <TableMessageRow colSpan={3}>{NO_RESULTS_TEXT}</TableMessageRow>
          )}
          {tasks.data?.map((task) => (
            <tr key={`${task.command}-${task.next_run}`}>
              <td>{task.command}</td>
              <td>{formatDateTime(task.next_run)}</td>
              <td className={task.status === 'Due' ? 'text-danger' : 'text-success'}>
                {task.status}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
