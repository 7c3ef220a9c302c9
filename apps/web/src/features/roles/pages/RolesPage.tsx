import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function RolesPage() {
  return <ComingSoonPage title="Roles" />;
}
