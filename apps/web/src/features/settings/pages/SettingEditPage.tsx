import { useParams } from 'react-router';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSetting } from '../api/setting.ts';
import { SettingEditForm } from '../components/SettingForm.tsx';
import { SettingGroupCard } from '../components/SettingGroupCard.tsx';

export function SettingEditPage() {
  const settingId = Number(useParams().id);
  const setting = useSetting(settingId);
  return (
    <Page title="Edit Setting" breadcrumbs={[{ label: 'Settings', to: paths.settings }]}>
      {setting.isPending && <LoadingSpinner />}
      {setting.isError && (
        <div className="alert alert-danger" role="alert">
          {setting.error.message}
        </div>
      )}
      {setting.data && (
        <>
          {/* Keyed by setting: a link to another setting of the group gets a fresh form. */}
          <SettingEditForm key={setting.data.id} setting={setting.data} />
          <SettingGroupCard setting={setting.data} />
          <div className="card card-body mb-4">
            <HistoryPanel subjectType="setting" subjectId={setting.data.id} />
          </div>
        </>
      )}
    </Page>
  );
}
