import {
  CHANNEL_MESSAGES,
  CHANNEL_ORDER_KEYS,
  CHANNEL_STATUS_LABELS,
  CHANNEL_STATUSES,
  type Channel,
  channelsResource,
} from '@sitefleet/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useUpdateChannel } from '../../../lib/channels.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { paths } from '../../../lib/paths.ts';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { useTestChannel } from '../api/channels.ts';
import { ChannelFormModal } from '../components/ChannelFormModal.tsx';
import { ConnectMenu } from '../components/ConnectMenu.tsx';
import { ConnectOutcome } from '../components/ConnectOutcome.tsx';
import {
  type ChannelAction,
  EXPIRING_DAYS,
  useChannelColumns,
} from '../components/channel-columns.tsx';
import { NETWORK_CHOICES } from '../components/NetworkField.tsx';

const NETWORK_OPTIONS = NETWORK_CHOICES.map(({ value, label }) => [value, label] as const);
const STATUS_OPTIONS = CHANNEL_STATUSES.map(
  (status) => [status, CHANNEL_STATUS_LABELS[status]] as const,
);
const EXPIRY_OPTIONS = [[String(EXPIRING_DAYS), `Expiring within ${EXPIRING_DAYS} days`]] as const;

/**
 * Parameters › Channels (channel-list): each connected account of a network and the websites it
 * publishes for, narrowed by network, status, website and coming expiry; with channel-manage, a
 * row's Edit, Test, Disable or Enable, and Delete (to the trash), Add New Channel, Connect (an
 * account through its network's consent, and the accounts it offers chosen here on the way
 * back) and Connect Link.
 */
export function ChannelsPage() {
  const list = useResourceList({
    rowId: (channel: Channel) => channel.id,
    resource: channelsResource,
    deletedMessage: CHANNEL_MESSAGES.deleted,
  });
  const { params, askDelete } = list;
  const [editing, setEditing] = useState<Channel | null>(null);
  const test = useTestChannel();
  const update = useUpdateChannel();
  const websites = useWebsiteOptions();

  const onAction = useCallback(
    (action: ChannelAction, channel: Channel) => {
      if (action === 'edit') setEditing(channel);
      else if (action === 'test') test.mutate(channel);
      else if (action === 'delete') askDelete(channel);
      else {
        const status = action === 'enable' ? 'connected' : 'disabled';
        update.mutate({ id: channel.id, changes: { status } });
      }
    },
    [test.mutate, update.mutate, askDelete],
  );
  const columns = useChannelColumns(onAction);
  const { filters } = params;
  const filtered = params.query !== '' || Object.values(filters).some(Boolean);

  return (
    <ResourceListPage
      title="Channels"
      list={list}
      columns={columns}
      sortKeys={CHANNEL_ORDER_KEYS}
      compact
      filters={
        <>
          <FilterSelect
            label="Network"
            all="All networks"
            value={filters.network}
            options={NETWORK_OPTIONS}
            onChange={(network) => params.setFilters({ network })}
          />
          <FilterSelect
            label="Status"
            all="All statuses"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => params.setFilters({ status })}
          />
          <FilterSelect
            label="Website"
            all="All websites"
            value={filters.website_id}
            options={(websites.data ?? []).map((site) => [String(site.id), site.name] as const)}
            onChange={(website_id) => params.setFilters({ website_id })}
          />
          <FilterSelect
            label="Expiry"
            all="Any expiry"
            value={filters.expiring_within_days}
            options={EXPIRY_OPTIONS}
            onChange={(days) => params.setFilters({ expiring_within_days: days })}
          />
        </>
      }
      toolbar={
        <>
          <Link to={paths.socialApps} className="btn btn-outline-secondary btn-sm">
            <i className="bi bi-app-indicator me-1" aria-hidden="true" />
            Social Apps
          </Link>
          <IfAllowed ability="channel-manage">
            <ConnectMenu />
          </IfAllowed>
        </>
      }
      banner={
        <IfAllowed ability="channel-manage">
          <ConnectOutcome />
        </IfAllowed>
      }
      emptyText={filtered ? NO_RESULTS_TEXT : CHANNEL_MESSAGES.empty}
      addNew={{
        label: 'Add New Channel',
        form: (closeForm) => <ChannelFormModal channel={null} onClose={closeForm} />,
      }}
      deleteConfirmation={{
        title: 'Delete Channel',
        question: (channel) =>
          `Are you sure you want to delete the channel ${channel.name} ? Its websites' posts will no longer be published to it.`,
      }}
    >
      {editing && <ChannelFormModal channel={editing} onClose={() => setEditing(null)} />}
    </ResourceListPage>
  );
}
