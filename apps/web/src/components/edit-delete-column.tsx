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
  /** Icons of the row's other actions (IconAction), shown between edit and delete. */
  moreActions?: (row: T) => ReactNode;
  /** The user's abilities (e.g. user-update, user-delete): without one, its icon is not shown. */
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * The Options column of a list: an edit icon and a delete icon, each shown by its ability, with
 * any other actions of the row between them.
 */
export function editDeleteColumn<T>({
  rowLabel,
  editTo,
  onEdit,
  onDelete,
  moreActions,
  canEdit,
  canDelete,
}: EditDeleteColumnOptions<T>): ColumnDef<T> {
  return {
    id: 'options',
    header: 'Options',
    meta: { className: 'text-nowrap text-end' },
    cell: ({ row }) => (
      <>
        {canEdit && (editTo || onEdit) && (
          <IconAction
            icon="bi-pencil-square"
            label={`Edit ${rowLabel(row.original)}`}
            to={editTo?.(row.original)}
            onClick={onEdit && (() => onEdit(row.original))}
          />
        )}
        {moreActions?.(row.original)}
        {canDelete && onDelete && (
          <IconAction
            icon="bi-trash"
            label={`Delete ${rowLabel(row.original)}`}
            danger
            onClick={() => onDelete(row.original)}
          />
        )}
      </>
    ),
  };
}
