import { formatDateTime, TRASH_TYPE_LABELS, type TrashEntry } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellName } from '../../../components/CellText.tsx';
import { IconAction } from '../../../components/IconAction.tsx';

interface TrashColumnsOptions {
  onRestore: (entry: TrashEntry) => void;
  onPurge: (entry: TrashEntry) => void;
  /** Whether the caller may purge entries of this entry's type. */
  canPurge: (entry: TrashEntry) => boolean;
}

/** Type, Name, Details, Deleted By, Deleted At, Purged On, and Restore and Purge per row. */
export function useTrashColumns({
  onRestore,
  onPurge,
  canPurge,
}: TrashColumnsOptions): ColumnDef<TrashEntry>[] {
  return useMemo(
    () => [
      { id: 'type', header: 'Type', cell: ({ row }) => TRASH_TYPE_LABELS[row.original.type] },
      { id: 'name', header: 'Name', cell: ({ row }) => <CellName name={row.original.name} /> },
      { id: 'detail', header: 'Details', cell: ({ row }) => row.original.detail ?? '' },
      { id: 'deleted_by', header: 'Deleted By', cell: ({ row }) => row.original.deleted_by ?? '' },
      {
        id: 'deleted_at',
        header: 'Deleted At',
        accessorKey: 'formatted_deleted_at',
        meta: { className: 'text-nowrap' },
      },
      {
        id: 'purge_at',
        header: 'Purged On',
        cell: ({ row }) => formatDateTime(row.original.purge_at).slice(0, 10),
        meta: { className: 'text-nowrap' },
      },
      {
        id: 'options',
        header: 'Options',
        cell: ({ row }) => (
          <span className="text-nowrap">
            <IconAction
              icon="bi-arrow-counterclockwise"
              label={`Restore ${row.original.name}`}
              onClick={() => onRestore(row.original)}
            />
            {canPurge(row.original) && (
              <IconAction
                icon="bi-x-octagon"
                label={`Purge ${row.original.name}`}
                onClick={() => onPurge(row.original)}
                danger
              />
            )}
          </span>
        ),
      },
    ],
    [onRestore, onPurge, canPurge],
  );
}
