import { useState } from 'react';
import { DataTable, type DataTableProps } from '../../../components/DataTable.tsx';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { type PageInfo, Pagination } from '../../../components/Pagination.tsx';

/** A log's page and its one filter ('' for all); a new filter goes back to the first page. */
export interface LogView<F extends string> {
  page: number;
  filter: F | '';
  setPage: (page: number) => void;
  setFilter: (filter: F | '') => void;
}

/** A log's page and filter, kept above its tab so that going back to the tab finds them again. */
export function useLogView<F extends string>(): LogView<F> {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<F | ''>('');
  return {
    page,
    filter,
    setPage,
    setFilter: (next) => {
      setFilter(next);
      setPage(1);
    },
  };
}

interface SubscriptionLogProps<T extends { id: number }, F extends string> {
  /** The table's accessible name; its pages' navigation is named after it. */
  label: string;
  /** The filter's accessible name, its option for all, and its choices. */
  filter: { label: string; all: string; options: readonly (readonly [F, string])[] };
  view: LogView<F>;
  /** The log's query: one page of rows. */
  answer: { data?: PageInfo & { data: T[] }; isFetching: boolean; error: Error | null };
  columns: DataTableProps<T>['columns'];
  /** What an empty page says: without a filter, and with one. */
  empty: { all: string; filtered: string };
}

/** One of a subscription's logs, newest first: its filter, a page of rows, and its pages. */
export function SubscriptionLog<T extends { id: number }, F extends string>({
  label,
  filter,
  view,
  answer,
  columns,
  empty,
}: SubscriptionLogProps<T, F>) {
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <FilterSelect
          label={filter.label}
          all={filter.all}
          value={view.filter}
          options={filter.options}
          onChange={(next) => view.setFilter(next as F | '')}
        />
      </div>
      <DataTable
        label={label}
        columns={columns}
        rows={answer.data?.data}
        rowId={(row) => row.id}
        isFetching={answer.isFetching}
        error={answer.error}
        firstRowNumber={answer.data?.from ?? 1}
        emptyText={view.filter === '' ? empty.all : empty.filtered}
      />
      {(answer.data?.last_page ?? 1) > 1 && (
        <Pagination page={answer.data} onPageChange={view.setPage} label={`${label} pages`} />
      )}
    </>
  );
}
