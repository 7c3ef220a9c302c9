import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';
import { paths } from '../../../lib/paths.ts';

export function RoleCreatePage() {
  return <ComingSoonPage title="Create Role" breadcrumbs={[{ label: 'Roles', to: paths.roles }]} />;
}
