import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function WebsitesPage() {
  return <ComingSoonPage title="Websites" />;
}
