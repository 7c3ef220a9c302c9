import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { SettingCreateForm } from '../components/SettingForm.tsx';

export function SettingCreatePage() {
  return (
    <Page title="Add New Setting" breadcrumbs={[{ label: 'Settings', to: paths.settings }]}>
      <SettingCreateForm />
    </Page>
  );
}
