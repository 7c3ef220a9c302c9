import { SETTING_ORDER_KEYS, type Setting } from '@sitefleet/contract';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { settingGroupQueries } from '../api/settings.ts';
import { useSettingColumns } from './setting-columns.tsx';

/**
 * The 'Setting Group' card: the settings of the edited setting's group, with search and pages
 * (GET /api/settinggroups?groupid=). Its list state is in the URL under `group_`.
 */
export function SettingGroupCard({ setting }: { setting: Setting }) {
  const list = useListParams({ prefix: 'group_' });
  const settings = settingGroupQueries.useList({
    page: list.page,
    perPage: list.perPage,
    query: list.query,
    sort: list.sort,
    filters: { groupid: String(setting.group.id) },
  });
  useKeepPageInRange(settings.data, list.setPage);
  const columns = useSettingColumns({ withGroups: false });

  return (
    <section aria-labelledby="setting-group-title">
      <h2 id="setting-group-title" className="h5 mb-3">
        Setting Group{' '}
        <small className="text-body-secondary">
          {setting.maingroup.name} › {setting.group.name}
        </small>
      </h2>
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search the group" />}
        footer={
          <Pagination
            page={settings.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Group pages"
          />
        }
      >
        <DataTable
          label="Setting Group"
          columns={columns}
          rows={settings.data?.data}
          rowId={(row) => row.id}
          isFetching={settings.isFetching}
          error={settings.error}
          sortKeys={SETTING_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
          rowClassName={(row) => (row.id === setting.id ? 'table-active fw-semibold' : undefined)}
        />
      </ListCard>
    </section>
  );
}
