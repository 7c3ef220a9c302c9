import { SETTING_MESSAGES, SETTING_ORDER_KEYS, type Setting } from '@sitefleet/contract';
import { useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DeleteSelectedButton } from '../../../components/DeleteSelectedButton.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useDeleteRow, useDeleteRows } from '../../../lib/delete-rows.ts';
import { paths } from '../../../lib/paths.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { settingListKey, settingsKey, useSettings } from '../api/settings.ts';
import { useSettingColumns } from '../components/SettingColumns.tsx';

export function SettingsPage() {
  const list = useListParams();
  const request = { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort };
  const settings = useSettings(request);
  useKeepPageInRange(settings.data, list.setPage);
  const selection = useRowSelection(listReloadKey(settings, settingListKey(request)));
  const canDelete = useCan('setting-delete');

  const [deleting, setDeleting] = useState<Setting | null>(null);
  const deleteSetting = useDeleteRow({
    path: '/api/settings',
    listKey: settingsKey,
    deletedMessage: SETTING_MESSAGES.deleted,
  });
  const deleteSettings = useDeleteRows({ path: '/api/settings', listKey: settingsKey });
  const columns = useSettingColumns({ withGroups: true, onDelete: setDeleting });

  return (
    <Page title="Settings">
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search settings" />}
        actions={
          <>
            <ExportButton resource="settings" list={list} />
            <IfAllowed ability="setting-delete">
              <DeleteSelectedButton
                count={selection.selectedIds.length}
                onConfirm={() => deleteSettings.mutateAsync(selection.selectedIds)}
                question={(count) =>
                  `Are you sure you want to delete the ${count} selected ${count === 1 ? 'setting' : 'settings'} ?`
                }
              />
            </IfAllowed>
            <AddNewButton
              ability="setting-create"
              label="Add New Setting"
              to={paths.settingCreate}
            />
          </>
        }
        footer={
          <Pagination
            page={settings.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Settings pages"
          />
        }
      >
        <DataTable
          label="Settings"
          columns={columns}
          rows={settings.data?.data}
          rowId={(setting) => setting.id}
          selection={canDelete ? selection : undefined}
          isFetching={settings.isFetching}
          error={settings.error}
          sortKeys={SETTING_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </ListCard>

      <ConfirmModal
        show={deleting !== null}
        title="Delete Setting"
        busy={deleteSetting.isPending}
        onConfirm={() =>
          deleting && deleteSetting.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this setting ?
      </ConfirmModal>
    </Page>
  );
}
