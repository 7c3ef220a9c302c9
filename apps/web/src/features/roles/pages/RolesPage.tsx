import { ROLE_MESSAGES, ROLE_ORDER_KEYS, rolesResource } from '@sitefleet/contract';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { useRoleColumns } from '../components/role-columns.tsx';

export function RolesPage() {
  const list = useResourceList({
    rowId: (role) => role.id,
    resource: rolesResource,
    deletedMessage: ROLE_MESSAGES.deleted,
  });
  const columns = useRoleColumns(list.askDelete);

  return (
    <ResourceListPage
      title="Roles"
      list={list}
      columns={columns}
      sortKeys={ROLE_ORDER_KEYS}
      deleteSelected
      addNew={{ label: 'Add New Role', to: paths.roleCreate }}
      deleteConfirmation={{
        title: 'Delete Role',
        question: () => 'Are you sure you want to delete this role ?',
      }}
    />
  );
}
