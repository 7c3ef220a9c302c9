import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';

export function InstancesPage() {
  return <ComingSoonPage title="Instances" />;
}
