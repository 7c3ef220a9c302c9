import {
  formatDateTime,
  PERMISSION_FILTERS,
  type PermissionFilter,
  type PermissionList,
  type PermissionRow,
  permissionLabel,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { useKeptSelection } from '../../../lib/use-row-selection.ts';
import { type PermissionChange, useChangePermissions, usePermissions } from '../api/permissions.ts';
import { PermissionBadge } from './PermissionBadge.tsx';
import { permissionBulkActions } from './permission-actions.ts';

const TAB_LABELS: Record<PermissionFilter, string> = {
  all: 'All',
  in_role: 'In Role',
  out_role: 'Out Role',
};

const TAB_COUNTS: Record<
  PermissionFilter,
  keyof Pick<PermissionList, 'all_count' | 'in_role_count' | 'out_role_count'>
> = {
  all: 'all_count',
  in_role: 'in_role_count',
  out_role: 'out_role_count',
};

const permissionRowId = (permission: PermissionRow) => permission.id;

function isPermissionFilter(value: string | undefined): value is PermissionFilter {
  return (PERMISSION_FILTERS as readonly string[]).includes(value ?? '');
}

function usePermissionColumns(
  canAssign: boolean,
  change: (change: PermissionChange, ids: number[]) => void,
): ColumnDef<PermissionRow>[] {
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Name',
        // The machine name, and what it lets a user do in words.
        cell: ({ row }) => (
          <>
            <PermissionBadge permission={row.original} />
            <span className="ms-2 small text-body-secondary">
              {permissionLabel(row.original.name)}
            </span>
          </>
        ),
      },
      { id: 'guard_name', header: 'Guard Name', accessorKey: 'guard_name' },
      { id: 'level', header: 'Level', accessorKey: 'level' },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => formatDateTime(row.original.created_at),
        meta: { className: 'text-nowrap' },
      },
      {
        id: 'options',
        header: 'Options',
        meta: { className: 'text-end' },
        cell: ({ row }) =>
          canAssign &&
          (row.original.is_in_role ? (
            <IconAction
              icon="bi-ban"
              label={`Revoke ${row.original.name}`}
              danger
              onClick={() => change('revoke', [row.original.id])}
            />
          ) : (
            <IconAction
              icon="bi-link-45deg"
              label={`Assign ${row.original.name}`}
              onClick={() => change('assign', [row.original.id])}
            />
          )),
      },
    ],
    [canAssign, change],
  );
}

/**
 * The 'Role Permissions' card: tabs All / In Role / Out Role with their counts, search, pages, and
 * assign (link) / revoke (ban) per row or for the ticked rows. Its list state is in the URL under
 * `perm_` (perm_tab, perm_query, perm_page).
 */
export function RolePermissionsCard({ roleId }: { roleId: number }) {
  const list = useListParams({ prefix: 'perm_', filters: ['tab'] });
  const tab: PermissionFilter = isPermissionFilter(list.filters.tab) ? list.filters.tab : 'all';
  const request = { roleId, tab, page: list.page, perPage: list.perPage, query: list.query };
  const permissions = usePermissions(request);
  useKeepPageInRange(permissions.data, list.setPage);
  // Ticks survive a new search or page: permissions are searched and ticked in turn, then given.
  const selection = useKeptSelection();
  const canAssign = useCan('role-assign');
  const changePermissions = useChangePermissions(request);
  const { mutate } = changePermissions;
  const change = useMemo(
    () => (kind: PermissionChange, ids: number[]) => mutate({ change: kind, ids }),
    [mutate],
  );
  const columns = usePermissionColumns(canAssign, change);
  const bulk = permissionBulkActions(tab, selection.selectedIds.length);
  const busy = changePermissions.isPending;

  return (
    <section aria-labelledby="role-permissions-title">
      <h2 id="role-permissions-title" className="h5 mb-3">
        Role Permissions
      </h2>
      <ul className="nav nav-tabs">
        {PERMISSION_FILTERS.map((filter) => (
          <li key={filter} className="nav-item">
            <button
              type="button"
              className={`nav-link ${filter === tab ? 'active' : ''}`}
              aria-current={filter === tab ? 'page' : undefined}
              onClick={() => list.setFilters({ tab: filter === 'all' ? undefined : filter })}
            >
              {TAB_LABELS[filter]}{' '}
              <span
                className="badge rounded-pill text-bg-secondary"
                data-testid={`count-${filter}`}
              >
                {permissions.data?.[TAB_COUNTS[filter]] ?? '…'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ListCard
        className="mb-4 border-top-0 rounded-top-0"
        search={
          <SearchBox value={list.query} onSearch={list.setQuery} label="Search permissions" />
        }
        actions={
          canAssign && (
            <>
              <button
                type="button"
                className="btn btn-success btn-sm"
                disabled={!bulk.give || busy}
                onClick={() => change('assign', selection.selectedIds)}
              >
                <i className="bi bi-link-45deg me-1" aria-hidden="true" />
                Give Selected
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={!bulk.revoke || busy}
                onClick={() => change('revoke', selection.selectedIds)}
              >
                <i className="bi bi-ban me-1" aria-hidden="true" />
                Revoke Selected
              </button>
            </>
          )
        }
        footer={
          <Pagination
            page={permissions.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Permissions pages"
          />
        }
      >
        <DataTable
          label="Permissions"
          columns={columns}
          rows={permissions.data?.data}
          rowId={permissionRowId}
          selection={canAssign ? selection : undefined}
          isFetching={permissions.isFetching}
          error={permissions.error}
        />
      </ListCard>
    </section>
  );
}
