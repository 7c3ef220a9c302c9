import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { IconAction } from './IconAction.tsx';

interface EditDeleteColumnOptions<T> {
  /** How the actions name a row, e.g. its name: 'Edit Ada', 'Delete Ada'. */
  rowLabel: (row: T) => string;
  /** Edit as a link to the row's edit screen … */
  editTo?: (row: T) => string;
  /** … or as an action on this screen (a modal). */
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Rows the server would refuse to delete (the user's own account) show no delete icon. */
  deletable?: (row: T) => boolean;
  /** Icons of the row's other actions (IconAction), shown between edit and delete … */
  moreActions?: (row: T) => ReactNode;
  /** … when the user may take them (their abilities). */
  canMore?: boolean;
  /** The user's abilities (e.g. user-update, user-delete): without one, its icon is not shown. */
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * The Options column of a list: an edit icon and a delete icon, each shown by its ability, with
 * any other actions of the row between them. A user who may take none of them has no Options
 * column at all (an empty list to spread into the columns).
 */
export function editDeleteColumn<T>({
  rowLabel,
  editTo,
  onEdit,
  onDelete,
  deletable = () => true,
  moreActions,
  canMore = false,
  canEdit,
  canDelete,
}: EditDeleteColumnOptions<T>): ColumnDef<T>[] {
  const mayEdit = canEdit && (editTo !== undefined || onEdit !== undefined);
  const mayDelete = canDelete && onDelete !== undefined;
  const mayMore = canMore && moreActions !== undefined;
  if (!mayEdit && !mayDelete && !mayMore) return [];
  return [
    {
      id: 'options',
      header: 'Options',
      meta: { className: 'text-nowrap text-end' },
      cell: ({ row }) => (
        <>
          {mayEdit && (
            <IconAction
              icon="bi-pencil-square"
              label={`Edit ${rowLabel(row.original)}`}
              to={editTo?.(row.original)}
              onClick={onEdit && (() => onEdit(row.original))}
            />
          )}
          {mayMore && moreActions?.(row.original)}
          {mayDelete && deletable(row.original) && (
            <IconAction
              icon="bi-trash"
              label={`Delete ${rowLabel(row.original)}`}
              danger
              onClick={() => onDelete(row.original)}
            />
          )}
        </>
      ),
    },
  ];
}
