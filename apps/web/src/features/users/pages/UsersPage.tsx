import { USER_MESSAGES, USER_ORDER_KEYS, type UserRow, usersResource } from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { type AccessAction, UserAccessDialogs } from '../components/UserAccessDialogs.tsx';
import { UserFormModal } from '../components/UserFormModal.tsx';
import { useUserColumns } from '../components/user-columns.tsx';

/** The edit form is closed or open on a user (the create form opens by the address). */
type FormState = { open: false } | { open: true; user: UserRow };

export function UsersPage() {
  const list = useResourceList({
    rowId: (user) => user.id,
    resource: usersResource,
    deletedMessage: USER_MESSAGES.deleted,
  });
  const [form, setForm] = useState<FormState>({ open: false });
  const [access, setAccess] = useState<AccessAction>(null);
  const editUser = useCallback((user: UserRow) => setForm({ open: true, user }), []);
  const columns = useUserColumns({
    onEdit: editUser,
    onDelete: list.askDelete,
    onAccess: setAccess,
  });

  return (
    <ResourceListPage
      title="Users"
      list={list}
      columns={columns}
      sortKeys={USER_ORDER_KEYS}
      deleteSelected
      addNew={{
        label: 'Add New User',
        form: (close) => <UserFormModal user={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: 'Delete User',
        question: () => 'Are you sure you want to delete this user ?',
      }}
    >
      {form.open && <UserFormModal user={form.user} onClose={() => setForm({ open: false })} />}
      <UserAccessDialogs action={access} onClose={() => setAccess(null)} />
    </ResourceListPage>
  );
}
