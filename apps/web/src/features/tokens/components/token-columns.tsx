import { type ApiToken, formatDateTime, type TokenStatus } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { ShortList } from '../../../components/ShortList.tsx';

const STATUS_BADGES: Record<TokenStatus, { text: string; className: string }> = {
  active: { text: 'Active', className: 'text-bg-success' },
  expired: { text: 'Expired', className: 'text-bg-secondary' },
  revoked: { text: 'Revoked', className: 'text-bg-danger' },
};

function TokenGrant({ token }: { token: ApiToken }) {
  if (token.role_name !== null) {
    return (
      <span>
        Role <span className="badge text-bg-info">{token.role_name}</span>
      </span>
    );
  }
  return <ShortList items={token.abilities} />;
}

const websitesText = (ids: readonly number[] | null) =>
  ids === null ? 'All websites' : `${ids.length} website${ids.length === 1 ? '' : 's'}`;

/** A date and time column; its id is the row's field and the list's order key. */
const dateColumn = (id: 'created_at' | 'expires_at', header: string): ColumnDef<ApiToken> => ({
  id,
  header,
  cell: ({ row }) => formatDateTime(row.original[id]),
  meta: { className: 'text-nowrap' },
});

interface TokenColumnsOptions {
  /** Everyone's tokens: who made each one. */
  showCreator?: boolean;
  onRevoke: (token: ApiToken) => void;
}

/**
 * Name, abilities or role, websites, expiry, last use, status and Revoke (an active token only:
 * a revoked or expired one is kept so that its use is answered why, and cannot be revoked again).
 * The column ids of the sortable ones are the list's order keys.
 */
export function useTokenColumns({ showCreator = false, onRevoke }: TokenColumnsOptions) {
  return useMemo(
    (): ColumnDef<ApiToken>[] => [
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
      ...(showCreator
        ? [
            {
              id: 'created_by',
              header: 'Created By',
              cell: ({ row }) =>
                row.original.created_by?.name ?? (
                  <span className="text-body-secondary">Deleted user</span>
                ),
            } satisfies ColumnDef<ApiToken>,
          ]
        : []),
      {
        id: 'abilities',
        header: 'Abilities',
        cell: ({ row }) => <TokenGrant token={row.original} />,
      },
      {
        id: 'websites',
        header: 'Websites',
        cell: ({ row }) => websitesText(row.original.website_ids),
        meta: { className: 'text-nowrap' },
      },
      dateColumn('created_at', 'Created'),
      dateColumn('expires_at', 'Expires'),
      {
        id: 'last_used_at',
        header: 'Last Used',
        cell: ({ row }) =>
          row.original.last_used_at === null ? (
            <span className="text-body-secondary">Never</span>
          ) : (
            <>
              <span className="text-nowrap">{formatDateTime(row.original.last_used_at)}</span>
              {row.original.last_used_ip && (
                <div className="small text-body-secondary">{row.original.last_used_ip}</div>
              )}
            </>
          ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const badge = STATUS_BADGES[row.original.status];
          return <span className={`badge ${badge.className}`}>{badge.text}</span>;
        },
      },
      {
        id: 'options',
        header: () => <span className="visually-hidden">Options</span>,
        cell: ({ row }) =>
          row.original.status === 'active' && (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              aria-label={`Revoke ${row.original.name}`}
              onClick={() => onRevoke(row.original)}
            >
              Revoke
            </button>
          ),
        meta: { className: 'text-end' },
      },
    ],
    [showCreator, onRevoke],
  );
}
