import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function UsersPage() {
  return <ComingSoonPage title="Users" />;
}
