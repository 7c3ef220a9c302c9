import type { ColumnDef } from '@tanstack/react-table';
import { type RowAction, RowActionsMenu } from './RowActionsMenu.tsx';

interface RowMenuColumnOptions<T> {
  /** How the menu's button names a row: 'Options for Laptops'. */
  rowName: (row: T) => string;
  /** The row's actions, `false` for one the user may not take (see RowActionsMenu). */
  actions: (row: T) => readonly (RowAction | false)[];
  /** Whether the user may take any of them: without one the list has no Options column. */
  anyAllowed: boolean;
}

/** The Options column of a list whose row actions sit in a menu (Edit, Delete, Details …). */
export function rowMenuColumn<T>({
  rowName,
  actions,
  anyAllowed,
}: RowMenuColumnOptions<T>): ColumnDef<T>[] {
  if (!anyAllowed) return [];
  return [
    {
      id: 'options',
      header: 'Options',
      meta: { className: 'text-end' },
      cell: ({ row }) => (
        <RowActionsMenu rowName={rowName(row.original)} actions={actions(row.original)} />
      ),
    },
  ];
}
