import { type Channel, formatDate, formatDateTime } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { ChannelStatusBadge } from '../../../components/ChannelStatusBadge.tsx';
import { NetworkLabel } from '../../../components/NetworkLabel.tsx';
import { rowMenuColumn } from '../../../components/row-menu-column.tsx';
import { ShortList } from '../../../components/ShortList.tsx';
import { useCan } from '../../../lib/abilities.ts';

/** How many days ahead an expiry is marked, and the list's Expiring filter looks. */
export const EXPIRING_DAYS = 14;
const DAY_MS = 86_400_000;

/** What a row's Options menu does; the screen acts on each. */
export type ChannelAction = 'edit' | 'test' | 'disable' | 'enable' | 'delete';

const muted = (text: string) => <span className="text-body-secondary">{text}</span>;

/** An expiry's day, marked when it has passed or comes within EXPIRING_DAYS. */
function Expiry({ at, label }: { at: string; label?: string }) {
  const left = Date.parse(at) - Date.now();
  const mark =
    left <= 0
      ? { text: 'Expired', className: 'text-bg-danger' }
      : left <= EXPIRING_DAYS * DAY_MS
        ? { text: 'Ends soon', className: 'text-bg-warning' }
        : null;
  return (
    <div className="text-nowrap" title={formatDateTime(at)}>
      {label && <span className="small text-body-secondary">{label} </span>}
      {formatDate(at)}
      {mark && <span className={`badge ${mark.className} ms-1`}>{mark.text}</span>}
    </div>
  );
}

function ExpiryCell({ channel }: { channel: Channel }) {
  if (channel.token_expires_at === null && channel.refresh_expires_at === null) {
    return muted('Not known');
  }
  return (
    <>
      {channel.token_expires_at && <Expiry at={channel.token_expires_at} />}
      {channel.refresh_expires_at && <Expiry at={channel.refresh_expires_at} label="Refresh" />}
    </>
  );
}

/**
 * Network, name (and whether it is its network's default), account id, status, websites, token expiry (and the refresh token's),
 * last published, last error and the row's Options (channel-manage): Edit, Test, Disable or
 * Enable, Delete. The column ids of the sortable ones are the list's order keys.
 */
export function useChannelColumns(
  onAction: (action: ChannelAction, channel: Channel) => void,
): ColumnDef<Channel>[] {
  const canManage = useCan('channel-manage');
  return useMemo(
    (): ColumnDef<Channel>[] => [
      {
        id: 'network',
        header: 'Network',
        cell: ({ row }) => <NetworkLabel network={row.original.network} />,
      },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <>
            <CellName name={row.original.name} />
            {row.original.is_default && (
              <div>
                <span className="badge text-bg-primary">Default</span>
              </div>
            )}
          </>
        ),
      },
      {
        id: 'external_id',
        header: 'Account ID',
        cell: ({ row }) => <CellName name={row.original.external_id} className="small" />,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <ChannelStatusBadge status={row.original.status} />,
      },
      {
        id: 'websites',
        header: 'Websites',
        cell: ({ row }) =>
          row.original.websites.length === 0 ? (
            muted('None')
          ) : (
            <ShortList items={row.original.websites.map((website) => website.name)} />
          ),
      },
      {
        id: 'token_expires_at',
        header: 'Token Expiry',
        cell: ({ row }) => <ExpiryCell channel={row.original} />,
      },
      {
        id: 'last_published_at',
        header: 'Last Published',
        cell: ({ row }) =>
          row.original.last_published_at === null ? (
            muted('Never')
          ) : (
            <CellDateTime value={row.original.last_published_at} />
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
      ...rowMenuColumn<Channel>({
        rowName: (channel) => channel.name,
        anyAllowed: canManage,
        actions: (channel) => {
          const item = (action: ChannelAction, label: string, icon: string) => ({
            label,
            icon,
            onSelect: () => onAction(action, channel),
          });
          return [
            item('edit', 'Edit', 'bi-pencil-square'),
            item('test', 'Test', 'bi-plug'),
            channel.status === 'disabled'
              ? item('enable', 'Enable', 'bi-play-circle')
              : item('disable', 'Disable', 'bi-pause-circle'),
            { ...item('delete', 'Delete', 'bi-trash'), danger: true },
          ];
        },
      }),
    ],
    [canManage, onAction],
  );
}
