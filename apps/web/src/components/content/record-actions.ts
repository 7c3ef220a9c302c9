import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useCan } from '../../lib/abilities.ts';
import type { RowAction } from '../RowActionsMenu.tsx';
import { rowMenuColumn } from '../row-menu-column.tsx';

/** What the Options menu of a category or post row can do. */
export interface RecordActionHandlers<T> {
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
  onSync: (record: T) => void;
  onDetails: (record: T) => void;
}

/**
 * The row menu of Categories and Posts: Edit, Delete, Sync and Details, each only with
 * its ability (`category-update`, `post-review` …). Gives the Options column (none when the user
 * may take no action).
 */
export function useRecordMenuColumn<T>(
  resource: 'category' | 'post',
  rowName: (record: T) => string,
  handlers: RecordActionHandlers<T>,
): ColumnDef<T>[] {
  const actions = useRecordActions(resource, handlers);
  return useMemo(
    () => rowMenuColumn({ rowName, actions: actions.forRecord, anyAllowed: actions.anyAllowed }),
    [rowName, actions],
  );
}

function useRecordActions<T>(
  resource: 'category' | 'post',
  { onEdit, onDelete, onSync, onDetails }: RecordActionHandlers<T>,
) {
  const canUpdate = useCan(`${resource}-update`);
  const canDelete = useCan(`${resource}-delete`);
  const canSync = useCan(`${resource}-sync`);
  const canReview = useCan(`${resource}-review`);
  const forRecord = useCallback(
    (record: T): (RowAction | false)[] => [
      canUpdate && { label: 'Edit', icon: 'bi-pencil-square', onSelect: () => onEdit(record) },
      canDelete && {
        label: 'Delete',
        icon: 'bi-trash',
        danger: true,
        onSelect: () => onDelete(record),
      },
      canSync && { label: 'Sync', icon: 'bi-arrow-repeat', onSelect: () => onSync(record) },
      canReview && {
        label: 'Details',
        icon: 'bi-card-checklist',
        onSelect: () => onDetails(record),
      },
    ],
    [canUpdate, canDelete, canSync, canReview, onEdit, onDelete, onSync, onDetails],
  );
  const anyAllowed = canUpdate || canDelete || canSync || canReview;
  return useMemo(() => ({ forRecord, anyAllowed }), [forRecord, anyAllowed]);
}
