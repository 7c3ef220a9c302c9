import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function ProfilePage() {
  return <ComingSoonPage title="Profile" />;
}
