import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';
import { paths } from '../../../lib/paths.ts';

export function RoleEditPage() {
  return <ComingSoonPage title="Edit Role" breadcrumbs={[{ label: 'Roles', to: paths.roles }]} />;
}
