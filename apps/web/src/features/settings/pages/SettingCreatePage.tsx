import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';
import { paths } from '../../../lib/paths.ts';

export function SettingCreatePage() {
  return (
    <ComingSoonPage
      title="Create Setting"
      breadcrumbs={[{ label: 'Settings', to: paths.settings }]}
    />
  );
}
