import { SETTING_MESSAGES, SETTING_ORDER_KEYS, settingsResource } from '@sitefleet/contract';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { useSettingColumns } from '../components/setting-columns.tsx';

export function SettingsPage() {
  const list = useResourceList({
    rowId: (setting) => setting.id,
    resource: settingsResource,
    deletedMessage: SETTING_MESSAGES.deleted,
  });
  const columns = useSettingColumns({ withGroups: true, onDelete: list.askDelete });

  return (
    <ResourceListPage
      title="Settings"
      list={list}
      columns={columns}
      sortKeys={SETTING_ORDER_KEYS}
      deleteSelected
      addNew={{ label: 'Add New Setting', to: paths.settingCreate }}
      deleteConfirmation={{
        title: 'Delete Setting',
        question: () => 'Are you sure you want to delete this setting ?',
      }}
    />
  );
}
