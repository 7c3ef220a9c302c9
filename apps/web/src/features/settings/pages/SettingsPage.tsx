import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function SettingsPage() {
  return <ComingSoonPage title="Settings" />;
}
