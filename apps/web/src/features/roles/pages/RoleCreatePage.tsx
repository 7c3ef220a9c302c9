import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { RoleForm } from '../components/RoleForm.tsx';

export function RoleCreatePage() {
  return (
    <Page title="Add New Role" breadcrumbs={[{ label: 'Roles', to: paths.roles }]}>
      <RoleForm savedRole={null} />
    </Page>
  );
}
