import { formatRupees, INSTANCE_STATUS_COLOURS, type Instance } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime } from '../../../components/CellText.tsx';
import { rowMenuColumn } from '../../../components/row-menu-column.tsx';
import { useCan } from '../../../lib/abilities.ts';

interface InstanceColumnsOptions {
  onEdit: (instance: Instance) => void;
  onDelete: (instance: Instance) => void;
  onDetails: (instance: Instance) => void;
}

/** The dashboard's colour of a state; a state without one (stopped) is grey. */
const stateBadgeClass = (state: string) =>
  `badge text-bg-${INSTANCE_STATUS_COLOURS[state] ?? 'secondary'}`;

/**
 * Instance#, Ip Address, Current State, Gap, Region, Type, Cost, Created At, and the Options menu:
 * Edit (instance-update), Delete (instance-delete), Details (instance-logs).
 */
export function useInstanceColumns({
  onEdit,
  onDelete,
  onDetails,
}: InstanceColumnsOptions): ColumnDef<Instance>[] {
  const canUpdate = useCan('instance-update');
  const canDelete = useCan('instance-delete');
  const canSeeLogs = useCan('instance-logs');
  return useMemo(
    () => [
      { id: 'instance_id', header: 'Instance#', accessorKey: 'instance_id' },
      { id: 'ip', header: 'Ip Address', accessorKey: 'ip_address' },
      {
        id: 'current_state',
        header: 'Current State',
        cell: ({ row }) => (
          <span className={stateBadgeClass(row.original.current_state)}>
            {row.original.current_state}
          </span>
        ),
      },
      { id: 'gap', header: 'Gap', accessorKey: 'gap' },
      { id: 'region', header: 'Region', accessorKey: 'region' },
      { id: 'type', header: 'Type', accessorKey: 'type' },
      {
        id: 'cost',
        header: 'Cost',
        cell: ({ row }) => formatRupees(row.original.cost),
        meta: { className: 'text-end text-nowrap' },
      },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
      },
      ...rowMenuColumn<Instance>({
        rowName: (instance) => instance.instance_id,
        anyAllowed: canUpdate || canDelete || canSeeLogs,
        actions: (instance) => [
          canUpdate && {
            label: 'Edit',
            icon: 'bi-pencil-square',
            onSelect: () => onEdit(instance),
          },
          canDelete && {
            label: 'Delete',
            icon: 'bi-trash',
            danger: true,
            onSelect: () => onDelete(instance),
          },
          canSeeLogs && {
            label: 'Details',
            icon: 'bi-list-ul',
            onSelect: () => onDetails(instance),
          },
        ],
      }),
    ],
    [canUpdate, canDelete, canSeeLogs, onEdit, onDelete, onDetails],
  );
}
