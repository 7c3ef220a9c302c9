import { WEBSITE_ORDER_KEYS, type Website } from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { AddNewButton } from '../../../components/AddNewButton.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useDeleteRow, useDeleteRows } from '../../../lib/delete-rows.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { listReloadKey, useRowSelection } from '../../../lib/use-row-selection.ts';
import { useWebsites, websiteListKey, websitesKey } from '../api/websites.ts';
import { DeleteSelectedWebsitesButton } from '../components/DeleteSelectedWebsitesButton.tsx';
import { DeleteWebsiteModal } from '../components/DeleteWebsiteModal.tsx';
import { renewalRowClass, useWebsiteColumns } from '../components/WebsiteColumns.tsx';
import { WebsiteFormModal } from '../components/WebsiteFormModal.tsx';
import { WebsiteSettingsModal } from '../components/WebsiteSettingsModal.tsx';

/** Which dialog is open, and on which website. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; website: Website | null }
  | { kind: 'settings'; website: Website };

export function WebsitesPage() {
  const list = useListParams();
  const request = { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort };
  const websites = useWebsites(request);
  useKeepPageInRange(websites.data, list.setPage);
  const selection = useRowSelection(listReloadKey(websites, websiteListKey(request)));
  const canDelete = useCan('website-delete');

  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);
  const [deleting, setDeleting] = useState<Website | null>(null);
  // The server's message says how many variants went with the websites.
  const deleteWebsite = useDeleteRow({ path: '/api/websites', listKey: websitesKey });
  const deleteWebsites = useDeleteRows({ path: '/api/websites', listKey: websitesKey });

  const columns = useWebsiteColumns({
    onEdit: useCallback((website: Website) => setDialog({ kind: 'form', website }), []),
    onSettings: useCallback((website: Website) => setDialog({ kind: 'settings', website }), []),
    onDelete: setDeleting,
  });

  return (
    <Page title="Websites">
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search websites" />}
        actions={
          <>
            <ExportButton resource="websites" list={list} />
            <IfAllowed ability="website-delete">
              <DeleteSelectedWebsitesButton
                ids={selection.selectedIds}
                onConfirm={() => deleteWebsites.mutateAsync(selection.selectedIds)}
              />
            </IfAllowed>
            <AddNewButton
              ability="website-create"
              label="Add New Website"
              onClick={() => setDialog({ kind: 'form', website: null })}
            />
          </>
        }
        footer={
          <Pagination
            page={websites.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Websites pages"
          />
        }
      >
        <DataTable
          label="Websites"
          columns={columns}
          rows={websites.data?.data}
          rowId={(website) => website.id}
          selection={canDelete ? selection : undefined}
          isFetching={websites.isFetching}
          error={websites.error}
          sortKeys={WEBSITE_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
          firstRowNumber={websites.data?.from ?? 1}
          rowClassName={renewalRowClass}
        />
      </ListCard>

      {dialog.kind === 'form' && (
        <WebsiteFormModal website={dialog.website} onClose={closeDialog} />
      )}
      {dialog.kind === 'settings' && (
        <WebsiteSettingsModal website={dialog.website} onClose={closeDialog} />
      )}

      <DeleteWebsiteModal
        website={deleting}
        busy={deleteWebsite.isPending}
        onConfirm={(website) =>
          deleteWebsite.mutate(website.id, { onSuccess: () => setDeleting(null) })
        }
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
