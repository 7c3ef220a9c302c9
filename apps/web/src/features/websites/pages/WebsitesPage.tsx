import { WEBSITE_ORDER_KEYS, type Website, websitesResource } from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { DeleteSelectedWebsitesButton } from '../components/DeleteSelectedWebsitesButton.tsx';
import { DeleteWebsiteModal } from '../components/DeleteWebsiteModal.tsx';
import { WebsiteFormModal } from '../components/WebsiteFormModal.tsx';
import { WebsiteSettingsModal } from '../components/WebsiteSettingsModal.tsx';
import { renewalRowClass, useWebsiteColumns } from '../components/website-columns.tsx';

/** Which dialog is open, and on which website. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; website: Website }
  | { kind: 'settings'; website: Website };

export function WebsitesPage() {
  // The server's message says how many variants went with the websites.
  const list = useResourceList({
    resource: websitesResource,
    selectAbility: 'website-delete',
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const closeDialog = useCallback(() => setDialog({ kind: 'none' }), []);

  const columns = useWebsiteColumns({
    onEdit: useCallback((website: Website) => setDialog({ kind: 'form', website }), []),
    onSettings: useCallback((website: Website) => setDialog({ kind: 'settings', website }), []),
    onDelete: list.askDelete,
  });

  return (
    <ResourceListPage
      listName="websites"
      title="Websites"
      list={list}
      columns={columns}
      rowId={(website) => website.id}
      sortKeys={WEBSITE_ORDER_KEYS}
      rowClassName={renewalRowClass}
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
        ability: 'website-create',
        label: 'Add New Website',
        form: (close) => <WebsiteFormModal website={null} onClose={close} />,
      }}
    >
      {dialog.kind === 'form' && (
        <WebsiteFormModal website={dialog.website} onClose={closeDialog} />
      )}
      {dialog.kind === 'settings' && (
        <WebsiteSettingsModal website={dialog.website} onClose={closeDialog} />
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
