import { CHANNEL_STATUS_LABELS, type ChannelStatus } from '@sitefleet/contract';

const STATUS_CLASSES: Record<ChannelStatus, string> = {
  connected: 'text-bg-success',
  needs_reconnect: 'text-bg-warning',
  disabled: 'text-bg-secondary',
};

/** A channel's status as a badge: Connected, Needs reconnect or Disabled. */
export function ChannelStatusBadge({
  status,
  className = '',
}: {
  status: ChannelStatus;
  className?: string;
}) {
  return (
    <span className={`badge ${STATUS_CLASSES[status]} ${className}`}>
      {CHANNEL_STATUS_LABELS[status]}
    </span>
  );
}
