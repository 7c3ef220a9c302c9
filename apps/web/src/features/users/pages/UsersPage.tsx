import { USER_MESSAGES, USER_ORDER_KEYS, type UserRow } from '@sitefleet/contract';
import { useCallback, useState } from 'react';
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
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { userListKey, usersKey, useUsers } from '../api/users.ts';
import { type AccessAction, UserAccessDialogs } from '../components/UserAccessDialogs.tsx';
import { useUserColumns } from '../components/UserColumns.tsx';
import { UserFormModal } from '../components/UserFormModal.tsx';

/** The form is closed, open to add a user, or open on a user. */
type FormState = { open: false } | { open: true; user: UserRow | null };

export function UsersPage() {
  const list = useListParams();
  const request = { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort };
  const users = useUsers(request);
  useKeepPageInRange(users.data, list.setPage);
  const selection = useRowSelection(listReloadKey(users, userListKey(request)));
  const canDelete = useCan('user-delete');

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const deleteUser = useDeleteRow({
    path: '/api/users',
    listKey: usersKey,
    deletedMessage: USER_MESSAGES.deleted,
  });
  const deleteUsers = useDeleteRows({ path: '/api/users', listKey: usersKey });

  const editUser = useCallback((user: UserRow) => setForm({ open: true, user }), []);
  const [access, setAccess] = useState<AccessAction>(null);
  const columns = useUserColumns({ onEdit: editUser, onDelete: setDeleting, onAccess: setAccess });

  return (
    <Page title="Users">
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search users" />}
        actions={
          <>
            <ExportButton resource="users" list={list} />
            <IfAllowed ability="user-delete">
              <DeleteSelectedButton
                count={selection.selectedIds.length}
                onConfirm={() => deleteUsers.mutateAsync(selection.selectedIds)}
                question={(count) =>
                  `Are you sure you want to delete the ${count} selected ${count === 1 ? 'user' : 'users'} ?`
                }
              />
            </IfAllowed>
            <AddNewButton
              ability="user-create"
              label="Add New User"
              onClick={() => setForm({ open: true, user: null })}
            />
          </>
        }
        footer={
          <Pagination
            page={users.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Users pages"
          />
        }
      >
        <DataTable
          label="Users"
          columns={columns}
          rows={users.data?.data}
          rowId={(user) => user.id}
          selection={canDelete ? selection : undefined}
          isFetching={users.isFetching}
          error={users.error}
          sortKeys={USER_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
          firstRowNumber={users.data?.from ?? 1}
        />
      </ListCard>

      {form.open && <UserFormModal user={form.user} onClose={() => setForm({ open: false })} />}

      <ConfirmModal
        show={deleting !== null}
        title="Delete User"
        busy={deleteUser.isPending}
        onConfirm={() =>
          deleting && deleteUser.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this user ?
      </ConfirmModal>

      <UserAccessDialogs action={access} onClose={() => setAccess(null)} />
    </Page>
  );
}
