import { MAX_PERMISSION_BADGES, type RoleRow } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { editDeleteColumn } from '../../../components/edit-delete-column.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { paths } from '../../../lib/paths.ts';
import { PermissionBadge } from './PermissionBadge.tsx';

/**
 * Name, Guard Name, Created At, the permissions (count and the first badges by level) and Options
 * (edit with role-update, delete with role-delete).
 */
export function useRoleColumns(onDelete: (role: RoleRow) => void): ColumnDef<RoleRow>[] {
  const canUpdate = useCan('role-update');
  const canDelete = useCan('role-delete');
  return useMemo(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <CellName name={row.original.name} /> },
      { id: 'guard_name', header: 'Guard Name', accessorKey: 'guard_name' },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
      },
      {
        id: 'permissions',
        header: 'Permissions',
        cell: ({ row }) => (
          <div className="d-flex flex-wrap align-items-center gap-1">
            <span className="badge rounded-pill text-bg-info me-1">
              {row.original.permissions_count}
            </span>
            {row.original.permissions.slice(0, MAX_PERMISSION_BADGES).map((permission) => (
              <PermissionBadge key={permission.id} permission={permission} />
            ))}
          </div>
        ),
      },
      ...editDeleteColumn<RoleRow>({
        rowLabel: (role) => role.name,
        editTo: (role) => paths.roleEdit(role.id),
        onDelete,
        canEdit: canUpdate,
        canDelete,
      }),
    ],
    [canUpdate, canDelete, onDelete],
  );
}
