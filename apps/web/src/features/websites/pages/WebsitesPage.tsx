import {
  MONITOR_STATUS_LABELS,
  MONITOR_STATUSES,
  WEBSITE_ORDER_KEYS,
  type Website,
  websitesResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useViewsSource, ViewsSourceSelect } from '../../../components/views-source.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { DeleteSelectedWebsitesButton } from '../components/DeleteSelectedWebsitesButton.tsx';
import { DeleteWebsiteModal } from '../components/DeleteWebsiteModal.tsx';
import { useSettingsAddress } from '../components/use-settings-address.ts';
import { WebsiteFormModal } from '../components/WebsiteFormModal.tsx';
import {
  type WebsiteMoney,
  WebsiteSettingsModal,
  type WebsiteViews,
} from '../components/WebsiteSettingsModal.tsx';
import { renewalRowClass, useWebsiteColumns } from '../components/website-columns.tsx';

const MONITOR_STATUS_OPTIONS = MONITOR_STATUSES.map(
  (status) => [status, MONITOR_STATUS_LABELS[status]] as const,
);

/** The website whose edit form is open, if any (Advance Settings keep theirs in the address). */
type Dialog = { kind: 'none' } | { kind: 'form'; website: Website };

/**
 * `websiteViews`, `websiteMoney`: a website's views chart and Money tab in its Advance Settings,
 * which the app hands over.
 */
export function WebsitesPage({
  websiteViews,
  websiteMoney,
}: {
  websiteViews?: WebsiteViews;
  websiteMoney?: WebsiteMoney;
}) {
  // The server's message says how many variants went with the websites.
  const list = useResourceList({
    rowId: (website) => website.id,
    resource: websitesResource,
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);
  const settings = useSettingsAddress(list.rows.data?.data);
  const canSettings = useCan('website-settings');

  const views = useViewsSource();
  const columns = useWebsiteColumns({
    viewsSource: views.source,
    onEdit: useCallback((website: Website) => setDialog({ kind: 'form', website }), []),
    onSettings: settings.open,
    onDelete: list.askDelete,
  });

  return (
    <ResourceListPage
      title="Websites"
      list={list}
      columns={columns}
      sortKeys={WEBSITE_ORDER_KEYS}
      rowClassName={renewalRowClass}
      compact
      filters={
        <>
          <FilterSelect
            label="Monitor status filter"
            all="Any monitor status"
            value={list.params.filters.monitor_status}
            options={MONITOR_STATUS_OPTIONS}
            onChange={(value) => list.params.setFilters({ monitor_status: value })}
          />
          <ViewsSourceSelect source={views.source} onChange={views.setSource} />
        </>
      }
      selectionActions={
        list.selection && (
          <IfAllowed ability="website-delete">
            <DeleteSelectedWebsitesButton
              ids={list.selection.selectedIds}
              onConfirm={list.deleteSelected}
            />
          </IfAllowed>
        )
      }
      addNew={{
        label: 'Add New Website',
        form: (close) => <WebsiteFormModal website={null} onClose={close} />,
      }}
    >
      {dialog.kind === 'form' && (
        <WebsiteFormModal website={dialog.website} onClose={closeDialog} />
      )}
      {settings.website && canSettings && (
        <WebsiteSettingsModal
          key={settings.website.id}
          website={settings.website}
          initialTab={settings.tab}
          onClose={settings.close}
          websiteViews={websiteViews}
          websiteMoney={websiteMoney}
        />
      )}
      <DeleteWebsiteModal
        website={list.deleting}
        busy={list.deletePending}
        onConfirm={(website) => list.confirmDelete(website.id)}
        onCancel={list.cancelDelete}
      />
    </ResourceListPage>
  );
}
