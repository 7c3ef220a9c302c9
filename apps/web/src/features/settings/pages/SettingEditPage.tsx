import { ComingSoonPage } from '../../../components/ComingSoonPage.tsx';
import { paths } from '../../../lib/paths.ts';

export function SettingEditPage() {
  return (
    <ComingSoonPage
      title="Edit Setting"
      breadcrumbs={[{ label: 'Settings', to: paths.settings }]}
    />
  );
}
