import { ROLE_MESSAGES, ROLE_ORDER_KEYS, type RoleRow } from '@sitefleet/contract';
import { useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DeleteSelectedButton } from '../../../components/DeleteSelectedButton.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useDeleteRow, useDeleteRows } from '../../../lib/delete-rows.ts';
import { paths } from '../../../lib/paths.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { roleListKey, rolesKey, useRoles } from '../api/roles.ts';
import { useRoleColumns } from '../components/RoleColumns.tsx';

export function RolesPage() {
  const list = useListParams();
  const request = { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort };
  const roles = useRoles(request);
  useKeepPageInRange(roles.data, list.setPage);
  const selection = useRowSelection(listReloadKey(roles, roleListKey(request)));
  const canDelete = useCan('role-delete');

  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const deleteRole = useDeleteRow({
    path: '/api/roles',
    listKey: rolesKey,
    deletedMessage: ROLE_MESSAGES.deleted,
  });
  const deleteRoles = useDeleteRows({ path: '/api/roles', listKey: rolesKey });
  const columns = useRoleColumns(setDeleting);

  return (
    <Page title="Roles">
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search roles" />}
        actions={
          <>
            <ExportButton resource="roles" list={list} />
            <IfAllowed ability="role-delete">
              <DeleteSelectedButton
                count={selection.selectedIds.length}
                onConfirm={() => deleteRoles.mutateAsync(selection.selectedIds)}
                question={(count) =>
                  `Are you sure you want to delete the ${count} selected ${count === 1 ? 'role' : 'roles'} ?`
                }
              />
            </IfAllowed>
            <AddNewButton ability="role-create" label="Add New Role" to={paths.roleCreate} />
          </>
        }
        footer={
          <Pagination
            page={roles.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Roles pages"
          />
        }
      >
        <DataTable
          label="Roles"
          columns={columns}
          rows={roles.data?.data}
          rowId={(role) => role.id}
          selection={canDelete ? selection : undefined}
          isFetching={roles.isFetching}
          error={roles.error}
          sortKeys={ROLE_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </ListCard>

      <ConfirmModal
        show={deleting !== null}
        title="Delete Role"
        busy={deleteRole.isPending}
        onConfirm={() =>
          deleting && deleteRole.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this role ?
      </ConfirmModal>
    </Page>
  );
}
