import type { SocialApp } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { editDeleteColumn } from '../../../components/edit-delete-column.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { NetworkLabel } from '../../../components/NetworkLabel.tsx';
import { useCan } from '../../../lib/abilities.ts';

const muted = (text: string) => <span className="text-body-secondary">{text}</span>;

/** The addresses an app points elsewhere than its network's, each named. */
function AddressesCell({ app }: { app: SocialApp }) {
  const set = (
    [
      ['Authorisation', app.auth_url],
      ['Token', app.token_url],
      ['API', app.api_base_url],
    ] as const
  ).filter(([, url]) => url !== null);
  if (set.length === 0) return muted("The network's own");
  return set.map(([name, url]) => (
    <div key={name} className="small">
      {name}: <CellName name={url ?? ''} />
    </div>
  ));
}

/**
 * Network, name, client id, whether a secret is kept, default, the addresses changed, created at
 * and the Options: Usage (channel-list), Edit and Delete (channel-manage).
 */
export function useSocialAppColumns({
  onUsage,
  onEdit,
  onDelete,
}: {
  onUsage: (app: SocialApp) => void;
  onEdit: (app: SocialApp) => void;
  onDelete: (app: SocialApp) => void;
}): ColumnDef<SocialApp>[] {
  const canList = useCan('channel-list');
  const canManage = useCan('channel-manage');
  return useMemo(
    (): ColumnDef<SocialApp>[] => [
      {
        id: 'network',
        header: 'Network',
        cell: ({ row }) => <NetworkLabel network={row.original.network} />,
      },
      { id: 'name', header: 'Name', cell: ({ row }) => <CellName name={row.original.name} /> },
      {
        id: 'client_id',
        header: 'Client ID',
        cell: ({ row }) => <CellName name={row.original.client_id} className="small" />,
      },
      {
        id: 'has_client_secret',
        header: 'Client Secret',
        cell: ({ row }) => (row.original.has_client_secret ? 'Kept' : muted('None')),
      },
      {
        id: 'is_default',
        header: 'Default',
        cell: ({ row }) =>
          row.original.is_default && <span className="badge text-bg-primary">Default</span>,
      },
      {
        id: 'addresses',
        header: 'Addresses',
        cell: ({ row }) => <AddressesCell app={row.original} />,
      },
      {
        id: 'created_at',
        header: 'Created At',
        cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
      },
      ...editDeleteColumn<SocialApp>({
        rowLabel: (app) => app.name,
        onEdit,
        onDelete,
        moreActions: (app) => (
          <IconAction
            icon="bi-graph-up"
            label={`Usage of ${app.name}`}
            onClick={() => onUsage(app)}
          />
        ),
        canMore: canList,
        canEdit: canManage,
        canDelete: canManage,
      }),
    ],
    [canList, canManage, onUsage, onEdit, onDelete],
  );
}
