import {
  SOCIAL_APP_MESSAGES,
  SOCIAL_APP_ORDER_KEYS,
  type SocialApp,
  socialAppsResource,
} from '@sitefleet/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { paths } from '../../../lib/paths.ts';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { NETWORK_CHOICES } from '../components/NetworkField.tsx';
import { SocialAppFormModal } from '../components/SocialAppFormModal.tsx';
import { SocialAppUsageModal } from '../components/SocialAppUsageModal.tsx';
import { useSocialAppColumns } from '../components/social-app-columns.tsx';

const NETWORK_OPTIONS = NETWORK_CHOICES.map(({ value, label }) => [value, label] as const);

/**
 * Parameters › Social Apps (channel-list): each network's client credentials, which renew and
 * test its channels' tokens, and each app's Usage (calls, deferrals and cost per day); with
 * channel-manage, Add New, Edit and Delete.
 */
export function SocialAppsPage() {
  const list = useResourceList({
    rowId: (app: SocialApp) => app.id,
    resource: socialAppsResource,
    deletedMessage: SOCIAL_APP_MESSAGES.deleted,
  });
  const { params } = list;
  const [editing, setEditing] = useState<SocialApp | null>(null);
  const [usageOf, setUsageOf] = useState<SocialApp | null>(null);
  const columns = useSocialAppColumns({
    onUsage: setUsageOf,
    onEdit: setEditing,
    onDelete: list.askDelete,
  });
  const filtered = params.query !== '' || Boolean(params.filters.network);

  return (
    <ResourceListPage
      title="Social Apps"
      list={list}
      columns={columns}
      sortKeys={SOCIAL_APP_ORDER_KEYS}
      filters={
        <FilterSelect
          label="Network"
          all="All networks"
          value={params.filters.network}
          options={NETWORK_OPTIONS}
          onChange={(network) => params.setFilters({ network })}
        />
      }
      toolbar={
        <Link to={paths.channels} className="btn btn-outline-secondary btn-sm">
          <i className="bi bi-share me-1" aria-hidden="true" />
          Channels
        </Link>
      }
      emptyText={filtered ? NO_RESULTS_TEXT : SOCIAL_APP_MESSAGES.empty}
      addNew={{
        label: 'Add New Social App',
        form: (close) => <SocialAppFormModal app={null} onClose={close} />,
      }}
      deleteConfirmation={{
        title: 'Delete Social App',
        question: (app) =>
          `Are you sure you want to delete the social app ${app.name} ? The channels that use it fall back to their network's default app.`,
      }}
    >
      {editing && <SocialAppFormModal app={editing} onClose={() => setEditing(null)} />}
      {usageOf && <SocialAppUsageModal app={usageOf} onClose={() => setUsageOf(null)} />}
    </ResourceListPage>
  );
}
