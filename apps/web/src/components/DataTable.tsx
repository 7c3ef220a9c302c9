import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useRef } from 'react';
import { NO_RESULTS_TEXT } from '../lib/texts.ts';
import type { ListSort } from '../lib/use-list-params.ts';
import { type RowKey, type RowSelection, rowKeyText } from '../lib/use-row-selection.ts';
import { LoadingSpinner } from './LoadingSpinner.tsx';
import { TableMessageRow } from './TableMessageRow.tsx';
import { useScrollEdges } from './use-scroll-edges.ts';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's header and cells, e.g. 'text-end' or 'text-nowrap'. */
    className?: string;
    /**
     * The header may take two lines in a list that is not compact: a header of two words over a
     * column whose values are narrower ('Next Renewal' over a date).
     */
    wrapHeader?: boolean;
  }
  interface TableMeta<TData extends RowData> {
    /** The number of the page's first row (the paged answer's `from`), for rowNumberColumn. */
    firstRowNumber: number;
  }
}

export interface DataTableProps<T> {
  /** The table's accessible name, e.g. 'Users'. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for columns of mixed values.
  columns: ColumnDef<T, any>[];
  /** The page's rows; undefined until the first answer. */
  rows: T[] | undefined;
  /** What identifies a row: its id, or its type and id where ids of several types share the table. */
  rowId: (row: T) => RowKey;
  /** With a selection the table has a checkbox per row and a select-all for the page. */
  selection?: RowSelection;
  /** A load is under way: a spinner row without rows, an overlay over the old rows. */
  isFetching?: boolean;
  /** Shown in place of the rows when the list failed to load. */
  error?: Error | null;
  /**
   * The list's order keys (the contract's, e.g. USER_ORDER_KEYS): a column whose id is one of them
   * has a sort button in its header. The server sorts; `sort`/`onSortChange` keep the choice
   * (useListParams keeps it in the URL).
   */
  sortKeys?: readonly string[];
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort | null) => void;
  firstRowNumber?: number;
  emptyText?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** Column id → false hides that column (a Display Settings menu); unlisted columns show. */
  columnVisibility?: VisibilityState;
  /**
   * Smaller text and padding, and headers that may take two lines ('Grand Parents'), for a list
   * whose many default columns must fit a laptop screen.
   */
  compact?: boolean;
}

/** A '#' column that numbers rows across pages (1 on page 1, 16 on page 2 of 15 …). */
export function rowNumberColumn<T>(): ColumnDef<T> {
  return {
    id: 'number',
    header: '#',
    cell: ({ row, table }) => (table.options.meta?.firstRowNumber ?? 1) + row.index,
    meta: { className: 'text-body-secondary' },
  };
}

function selectColumn<T>(): ColumnDef<T> {
  return {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        className="form-check-input"
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected()}
        ref={(input) => {
          if (input) input.indeterminate = table.getIsSomePageRowsSelected();
        }}
        disabled={table.getRowModel().rows.length === 0}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="form-check-input"
        aria-label="Select row"
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
    meta: { className: 'text-center' },
  };
}

/** A header's click: ascending first, then descending, then back to the server's order. */
function nextSort(current: ListSort | null | undefined, key: string): ListSort | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  const icon = { asc: 'bi-sort-up', desc: 'bi-sort-down', none: 'bi-arrow-down-up opacity-50' };
  return <i className={`bi ${icon[direction || 'none']} ms-1`} aria-hidden="true" />;
}

/**
 * A row's actions stay in view: the Options column sticks to the table's right edge when a narrow
 * screen scrolls the table sideways.
 */
function cellClassName(columnId: string, meta: { className?: string } | undefined): string {
  const own = meta?.className ?? '';
  return columnId === 'options' ? `col-options ${own}` : own;
}

/**
 * A list's table on TanStack Table, for rows the server pages, searches and sorts: the rows
 * given are shown as they are. Sorting is bound to the URL through `sortKeys`, `sort` and
 * `onSortChange` (useListParams), the selection through `useRowSelection`.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  selection,
  isFetching = false,
  error = null,
  sortKeys = [],
  sort,
  onSortChange,
  firstRowNumber = 1,
  emptyText = NO_RESULTS_TEXT,
  rowClassName,
  columnVisibility,
  compact = false,
}: DataTableProps<T>) {
  const selectable = selection !== undefined;
  const allColumns = useMemo(
    () => (selectable ? [selectColumn<T>(), ...columns] : columns),
    [selectable, columns],
  );
  const table = useReactTable({
    data: rows ?? [],
    columns: allColumns,
    getRowId: (row) => rowKeyText(rowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    enableRowSelection: selectable,
    state: {
      rowSelection: selection?.state ?? {},
      columnVisibility: columnVisibility ?? {},
    },
    onRowSelectionChange: selection?.onChange,
    meta: { firstRowNumber },
  });

  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller);
  const columnCount = table.getVisibleLeafColumns().length;
  const hasRows = rows !== undefined && rows.length > 0;

  function body() {
    if (error) return <TableMessageRow colSpan={columnCount}>{error.message}</TableMessageRow>;
    if (rows === undefined) {
      return (
        <TableMessageRow colSpan={columnCount}>
          <LoadingSpinner small />
        </TableMessageRow>
      );
    }
    if (!hasRows) return <TableMessageRow colSpan={columnCount}>{emptyText}</TableMessageRow>;
    return table.getRowModel().rows.map((row) => (
      <tr
        key={row.id}
        className={row.getIsSelected() ? 'table-active' : rowClassName?.(row.original)}
        aria-selected={selection ? row.getIsSelected() : undefined}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cellClassName(cell.column.id, cell.column.columnDef.meta)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  // A table wider than its box shows a shadow at each edge it scrolls to (styles.css).
  const scrollShadows = `${edges.start ? 'scrolls-start' : ''} ${edges.end ? 'scrolls-end' : ''}`;
  // A table that scrolls sideways takes the focus, so that the keyboard's arrows scroll it too.
  const scrolls = edges.start || edges.end;
  return (
    <div className={`table-scroll position-relative ${scrollShadows}`} aria-busy={isFetching}>
      <div
        className="table-responsive"
        ref={scroller}
        {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': label })}
      >
        <table
          className={`table table-hover align-middle mb-0 ${compact ? 'table-sm small' : ''}`}
          aria-label={label}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const key = header.column.id;
                  const direction = sort?.key === key ? sort.direction : false;
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  const meta = header.column.columnDef.meta;
                  const headerWrap = compact || meta?.wrapHeader ? '' : 'text-nowrap';
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`${headerWrap} ${cellClassName(key, meta)}`}
                      aria-sort={
                        direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {sortKeys.includes(key) ? (
                        <button
                          type="button"
                          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none"
                          onClick={() => onSortChange?.(nextSort(sort, key))}
                        >
                          {content}
                          <SortIcon direction={direction} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body()}</tbody>
        </table>
      </div>
      {/* The veil only shows that a refresh is under way: a live update refreshes the list at any
          moment, and a click on a row's action meanwhile must reach it, not the veil. */}
      {isFetching && hasRows && (
        <div
          className="position-absolute top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center"
          style={{
            backgroundColor: 'rgba(var(--bs-body-bg-rgb), 0.6)',
            zIndex: 2,
            pointerEvents: 'none',
          }}
        >
          <LoadingSpinner />
        </div>
      )}
    </div>
  );
}
