import {
  type Channel,
  type Paginated,
  PUBLISH_TARGET_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type Website,
} from '@sitefleet/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-bootstrap';
import { ChannelStatusBadge } from '../../../components/ChannelStatusBadge.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { NetworkLabel } from '../../../components/NetworkLabel.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { channelQueries, choiceRequest, useUpdateChannel } from '../../../lib/channels.ts';

type WebsiteRef = Pick<Website, 'id' | 'name'>;

const websiteIds = (channel: Channel) => channel.websites.map((website) => website.id);

/**
 * The Social tab of Advance Settings (channel-list): per network, the channels that publish the
 * website's posts, or the default channel it falls back to, or that its posts are skipped there;
 * with channel-manage, a channel linked or unlinked at once.
 */
export function WebsiteSocialTab({ website }: { website: WebsiteRef }) {
  const linked = channelQueries.useList(choiceRequest({ website_id: String(website.id) }));
  if (linked.isError) return <p className="text-danger">{linked.error.message}</p>;
  if (!linked.data) return <LoadingSpinner />;
  const channels = linked.data.data;
  return SOCIAL_NETWORKS.map((network) => (
    <NetworkChannels
      key={network}
      network={network}
      website={website}
      linked={channels.filter((channel) => channel.network === network)}
    />
  ));
}

interface NetworkChannelsProps {
  network: SocialNetwork;
  website: WebsiteRef;
  /** The network's channels that publish this website's posts. */
  linked: Channel[];
}

/** One network's part: its linked channels, else what its posts do, and the channel to link. */
function NetworkChannels({ network, website, linked }: NetworkChannelsProps) {
  const canManage = useCan('channel-manage');
  const update = useUpdateChannel();
  const [chosen, setChosen] = useState('');
  const headingId = useId();
  const request = choiceRequest({ network });
  // The network's channels: its default when the website has none linked, the others to link.
  const ofNetwork = useQuery({
    queryKey: channelQueries.listKey(request),
    queryFn: () => channelQueries.fetchList(request),
    enabled: linked.length === 0 || canManage,
  });
  const all = ofNetwork.data?.data ?? [];
  const linkable = all.filter((channel) => !websiteIds(channel).includes(website.id));
  const label = PUBLISH_TARGET_LABELS[network];

  const setWebsites = (channel: Channel, ids: number[]) =>
    update.mutate({ id: channel.id, changes: { website_ids: ids } });
  const link = () => {
    const channel = linkable.find((candidate) => String(candidate.id) === chosen);
    if (!channel) return;
    setWebsites(channel, [...websiteIds(channel), website.id]);
    setChosen('');
  };

  return (
    <section className="mb-3" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>
        <NetworkLabel network={network} />
      </h3>
      {linked.length > 0 ? (
        <ul className="list-unstyled mb-2">
          {linked.map((channel) => (
            <li key={channel.id} className="d-flex align-items-center gap-2 mb-1">
              {/* A long name without a space breaks rather than pushing Unlink out of the dialog. */}
              <span className="text-break">{channel.name}</span>
              <ChannelStatusBadge status={channel.status} />
              {canManage && (
                <Button
                  variant="link"
                  size="sm"
                  className="p-0"
                  aria-label={`Unlink ${channel.name}`}
                  disabled={update.isPending}
                  onClick={() =>
                    setWebsites(
                      channel,
                      websiteIds(channel).filter((id) => id !== website.id),
                    )
                  }
                >
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div className="small mb-2">
          <Fallback channels={ofNetwork} />
        </div>
      )}
      {canManage && linkable.length > 0 && (
        <div className="d-flex gap-2">
          <select
            className="form-select form-select-sm w-auto"
            // As wide as its longest name, but never wider than the dialog leaves beside Link.
            style={{ minWidth: 0 }}
            aria-label={`${label} channel to link`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">Choose a channel</option>
            {linkable.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.name}
              </option>
            ))}
          </select>
          <Button
            variant="outline-primary"
            size="sm"
            aria-label={`Link a ${label} channel`}
            disabled={chosen === '' || update.isPending}
            onClick={link}
          >
            Link
          </Button>
        </div>
      )}
    </section>
  );
}

/** Where a website with no channel of a network has its posts go: the network's default, or nowhere. */
function Fallback({ channels }: { channels: UseQueryResult<Paginated<Channel>> }) {
  if (channels.isError) return <span className="text-danger">{channels.error.message}</span>;
  if (!channels.data) return <LoadingSpinner />;
  const fallback = channels.data.data.find((channel) => channel.is_default);
  if (!fallback) return 'No channel: its posts are skipped for this network.';
  return (
    <>
      No channel of its own: its posts go to the default channel, <strong>{fallback.name}</strong>.
      {fallback.status !== 'connected' && (
        <ChannelStatusBadge status={fallback.status} className="ms-1" />
      )}
    </>
  );
}
