import {
  DELIVERY_TARGET_LABELS,
  type DeliveryStatus,
  type FromWireVariant,
  type TargetDeliveryEntry,
} from '@sitefleet/contract';
import type { WireDetailRow } from '../../lib/content/content-records.ts';

/** A Detailed Review row as the screens use it (`useDetailRows`). */
export type DetailRow = FromWireVariant<WireDetailRow>;

const DELIVERY_BADGES: Record<DeliveryStatus, string> = {
  queued: 'text-bg-info',
  paused: 'text-bg-warning',
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
};

/** A delivery state as a badge: `label` says whose. */
function DeliveryBadge({ status, label }: { status: DeliveryStatus; label?: string }) {
  return (
    <span className={`badge ${DELIVERY_BADGES[status]}`}>
      {label ? `${label}: ${status}` : status}
    </span>
  );
}

/** Wide enough to read beside the review's narrow columns; a long unbroken word breaks anywhere. */
const ERROR_STYLE = { minWidth: '12rem', overflowWrap: 'anywhere' } as const;

function DeliveryError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <div className="small text-danger text-wrap" style={ERROR_STYLE}>
      {error}
    </div>
  );
}

/**
 * A network's outcome at each channel of the website (a Facebook Page, an X account …), by the
 * channel's name: the network's own badge sums them up, and a channel's error is its own.
 */
function ChannelOutcomes({ channels }: { channels: NonNullable<TargetDeliveryEntry['channels']> }) {
  return (
    <ul className="list-unstyled mb-1 ms-2 small">
      {channels.map((channel) => (
        <li key={channel.channel_id}>
          <DeliveryBadge status={channel.status} label={channel.channel_name} />
          <DeliveryError error={channel.error} />
        </li>
      ))}
    </ul>
  );
}

/** Whether anything was ever queued for the variant (a delivery or a regeneration). */
export const hasDeliveryState = (row: DetailRow) =>
  row.deliveries.length > 0 || row.delivery_status !== null;

/**
 * Where a variant's deliveries stand, one badge per target (website, networks, regeneration) with
 * its error. A variant delivered before targets were kept apart shows its one summary. The
 * Detailed Review row and its attempts panel both show this, so they never tell two stories.
 */
export function DeliveryState({ row }: { row: DetailRow }) {
  if (row.deliveries.length > 0) {
    return (
      <ul className="list-unstyled mb-0">
        {row.deliveries.map((delivery) => (
          <li key={delivery.target}>
            <DeliveryBadge
              status={delivery.status}
              label={DELIVERY_TARGET_LABELS[delivery.target]}
            />
            {delivery.channels && delivery.channels.length > 0 ? (
              <ChannelOutcomes channels={delivery.channels} />
            ) : (
              <DeliveryError error={delivery.error} />
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (row.delivery_status === null) return <span className="text-body-secondary">—</span>;
  return (
    <>
      <DeliveryBadge status={row.delivery_status} />
      <DeliveryError error={row.delivery_error} />
    </>
  );
}
