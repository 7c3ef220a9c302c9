import type { EventSubscription, EventSubscriptionStatus } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { rowMenuColumn } from '../../../components/row-menu-column.tsx';
import { ShortList } from '../../../components/ShortList.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';

export const STATUS_BADGES: Record<EventSubscriptionStatus, { text: string; className: string }> = {
  active: { text: 'Active', className: 'text-bg-success' },
  paused: { text: 'Paused', className: 'text-bg-warning' },
  disabled: { text: 'Disabled', className: 'text-bg-secondary' },
};

/** What a row's Options menu does; the screen acts on each. */
export type SubscriptionAction =
  | 'edit'
  | 'test'
  | 'rotate'
  | 'resume'
  | 'replay'
  | 'deliveries'
  | 'delete';

function StatusCell({ subscription }: { subscription: EventSubscription }) {
  const badge = STATUS_BADGES[subscription.status];
  return (
    <>
      <span className={`badge ${badge.className}`}>{badge.text}</span>
      {subscription.status === 'paused' && subscription.paused_reason && (
        <div className="small text-body-secondary">{subscription.paused_reason}</div>
      )}
    </>
  );
}

const muted = (text: string) => <span className="text-body-secondary">{text}</span>;

/**
 * URL (and description), events, websites (all, or their names), status (a paused one's reason),
 * last delivery, last error and the row's Options. The column ids of the sortable ones are the
 * list's order keys.
 */
export function useEventSubscriptionColumns(
  onAction: (action: SubscriptionAction, subscription: EventSubscription) => void,
) {
  const websites = useWebsiteOptions();
  return useMemo((): ColumnDef<EventSubscription>[] => {
    const websiteNames = new Map((websites.data ?? []).map((site) => [site.id, site.name]));
    const websitesText = (ids: readonly number[] | null) =>
      ids === null
        ? muted('All websites')
        : ids.map((id) => websiteNames.get(id) ?? `#${id}`).join(', ');
    return [
      {
        id: 'url',
        header: 'URL',
        cell: ({ row }) => (
          <>
            <CellName name={row.original.url} />
            {row.original.description && (
              <div className="small text-body-secondary">{row.original.description}</div>
            )}
          </>
        ),
      },
      {
        id: 'events',
        header: 'Events',
        cell: ({ row }) => <ShortList items={row.original.events} />,
      },
      {
        id: 'websites',
        header: 'Websites',
        cell: ({ row }) => websitesText(row.original.website_ids),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <StatusCell subscription={row.original} />,
      },
      {
        id: 'last_delivered_at',
        header: 'Last Delivered',
        cell: ({ row }) =>
          row.original.last_delivered_at === null ? (
            muted('Never')
          ) : (
            <CellDateTime value={row.original.last_delivered_at} />
          ),
      },
      {
        id: 'last_error',
        header: 'Last Error',
        cell: ({ row }) =>
          row.original.last_error && (
            <CellName name={row.original.last_error} className="small text-danger" />
          ),
      },
      ...rowMenuColumn<EventSubscription>({
        rowName: (subscription) => subscription.url,
        anyAllowed: true,
        actions: (subscription) => {
          const item = (action: SubscriptionAction, label: string, icon: string) => ({
            label,
            icon,
            onSelect: () => onAction(action, subscription),
          });
          return [
            item('edit', 'Edit', 'bi-pencil-square'),
            item('test', 'Send test event', 'bi-send'),
            item('rotate', 'Rotate secret', 'bi-arrow-repeat'),
            subscription.status === 'paused' && item('resume', 'Resume', 'bi-play-circle'),
            item('replay', 'Replay failed', 'bi-arrow-counterclockwise'),
            item('deliveries', 'Deliveries', 'bi-list-check'),
            { ...item('delete', 'Delete', 'bi-trash'), danger: true },
          ];
        },
      }),
    ];
  }, [websites.data, onAction]);
}
