import { holdsSuperAdmin, type UserRow } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellName } from '../../../components/CellText.tsx';
import { rowNumberColumn } from '../../../components/DataTable.tsx';
import { editDeleteColumn } from '../../../components/edit-delete-column.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import type { AccessAction } from './UserAccessDialogs.tsx';

interface UserColumnsOptions {
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
  /** 'Sign out everywhere' and 'Reset two-factor sign-in', with user-update. */
  onAccess: (action: NonNullable<AccessAction>) => void;
}

/** #, Name, Email, Registered Date, Roles, Two-Factor, Options (edit with user-update, delete with user-delete). */
export function useUserColumns({
  onEdit,
  onDelete,
  onAccess,
}: UserColumnsOptions): ColumnDef<UserRow>[] {
  const canUpdate = useCan('user-update');
  const canDelete = useCan('user-delete');
  const { user: me, roleNames } = useAuth();
  const meId = me?.id;
  const iAmSuperAdmin = holdsSuperAdmin(roleNames);
  return useMemo(
    () => [
      rowNumberColumn<UserRow>(),
      { id: 'name', header: 'Name', cell: ({ row }) => <CellName name={row.original.name} /> },
      { id: 'email', header: 'Email', cell: ({ row }) => <CellName name={row.original.email} /> },
      {
        id: 'created_at',
        header: 'Registered Date',
        accessorKey: 'formatted_created_at',
        meta: { className: 'text-nowrap' },
      },
      {
        id: 'roles',
        header: 'Roles',
        cell: ({ row }) => (
          <div className="d-flex flex-wrap gap-1">
            {row.original.roles.map((role) => (
              <span key={role.id} className="badge text-bg-primary">
                {role.name}
              </span>
            ))}
          </div>
        ),
      },
      {
        id: 'two_factor',
        header: 'Two-Factor',
        cell: ({ row }) =>
          row.original.two_factor_enabled ? (
            <span className="badge text-bg-success">On</span>
          ) : (
            <span className="badge text-bg-secondary">Off</span>
          ),
      },
      ...editDeleteColumn<UserRow>({
        rowLabel: (user) => user.name,
        onEdit,
        onDelete,
        // Nobody deletes their own account, and only a super admin deletes a super admin.
        deletable: (user) =>
          user.id !== meId &&
          (iAmSuperAdmin || !holdsSuperAdmin(user.roles.map((role) => role.name))),
        canMore: canUpdate,
        moreActions: (user) => (
          <>
            <IconAction
              icon="bi-box-arrow-right"
              label={`Sign out ${user.name} everywhere`}
              onClick={() => onAccess({ kind: 'sessions', user })}
            />
            <IconAction
              icon="bi-shield-lock"
              label={`Reset two-factor sign-in of ${user.name}`}
              onClick={() => onAccess({ kind: 'two-factor', user })}
            />
          </>
        ),
        canEdit: canUpdate,
        canDelete,
      }),
    ],
    [canUpdate, canDelete, meId, iAmSuperAdmin, onEdit, onDelete, onAccess],
  );
}
