import {
  formatDate,
  formatRupees,
  isRenewalOverdue,
  RENEWAL_DUE_DAYS,
  toIsoDate,
  WEBSITE_STATUS,
  type Website,
  websiteStatusLabel,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CellName, cellNameClass } from '../../../components/CellText.tsx';
import { rowNumberColumn } from '../../../components/DataTable.tsx';
import { editDeleteColumn } from '../../../components/edit-delete-column.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { type ViewsSource, viewsColumn } from '../../../components/views-source.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { WebsiteHealthCell } from './MonitorCells.tsx';

interface WebsiteColumnsOptions {
  viewsSource: ViewsSource;
  onEdit: (website: Website) => void;
  onDelete: (website: Website) => void;
  onSettings: (website: Website) => void;
}

const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;
const numeric = { className: 'text-end text-nowrap' };

/** Highlights a row whose renewal is due (the server judges it on its own date). */
export function renewalRowClass(website: Website): string | undefined {
  return website.renewal_due ? 'row-attention' : undefined;
}

/**
 * The next renewal date with a badge: Overdue once the date has passed (on the browser's date),
 * Due when it is RENEWAL_DUE_DAYS away or closer (on the server's).
 */
export function RenewalCell({
  website,
}: {
  website: Pick<Website, 'next_renewal_date' | 'renewal_due'>;
}) {
  const overdue = isRenewalOverdue(website.next_renewal_date, toIsoDate(new Date()));
  return (
    <>
      <span className="text-nowrap">{formatDate(website.next_renewal_date)}</span>
      {overdue ? (
        <>
          {' '}
          <span className="badge text-bg-danger" title="The renewal date has passed">
            Overdue
          </span>
        </>
      ) : (
        website.renewal_due && (
          <>
            {' '}
            <span
              className="badge text-bg-warning"
              title={`Renewal due within ${RENEWAL_DUE_DAYS} days`}
            >
              Due
            </span>
          </>
        )
      )}
    </>
  );
}

/**
 * #, Name (the site, in a new tab), Status, Health (the monitor's up/down with the response time
 * and a maintenance, the certificate's days left, deliveries paused, failing or healthy), Views,
 * Posts, Categories, Hosting, Cost, Duration,
 * Next Renewal, Options (edit with website-update, delete with website-delete, settings with
 * website-settings).
 */
export function useWebsiteColumns({
  viewsSource,
  onEdit,
  onDelete,
  onSettings,
}: WebsiteColumnsOptions): ColumnDef<Website>[] {
  const canUpdate = useCan('website-update');
  const canDelete = useCan('website-delete');
  const canSettings = useCan('website-settings');
  return useMemo(
    () => [
      rowNumberColumn<Website>(),
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <a
            href={row.original.url}
            target="_blank"
            rel="noopener noreferrer"
            className={cellNameClass(row.original.name)}
            title={row.original.name}
          >
            {row.original.name}
          </a>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span
            className={`badge ${row.original.status === WEBSITE_STATUS.active ? 'text-bg-success' : 'text-bg-secondary'}`}
          >
            {websiteStatusLabel(row.original.status)}
          </span>
        ),
      },
      {
        id: 'health',
        header: 'Health',
        cell: ({ row }) => <WebsiteHealthCell website={row.original} />,
      },
      viewsColumn<Website>(viewsSource, numeric),
      { id: 'posts', header: 'Posts', accessorKey: 'posts_count', meta: numeric },
      { id: 'categories', header: 'Categories', accessorKey: 'categories_count', meta: numeric },
      {
        id: 'hosting',
        header: 'Hosting',
        cell: ({ row }) => <CellName name={row.original.hosting} />,
      },
      {
        id: 'cost',
        header: 'Cost',
        cell: ({ row }) => formatRupees(row.original.cost),
        meta: numeric,
      },
      {
        id: 'duration',
        header: 'Duration',
        cell: ({ row }) => months(row.original.duration),
        meta: { className: 'text-nowrap' },
      },
      {
        id: 'next_renewal_date',
        header: 'Next Renewal',
        // The header and the Due badge take a second line when the column is narrow.
        meta: { wrapHeader: true },
        cell: ({ row }) => <RenewalCell website={row.original} />,
      },
      ...editDeleteColumn<Website>({
        rowLabel: (website) => website.name,
        onEdit,
        onDelete,
        canEdit: canUpdate,
        canDelete,
        canMore: canSettings,
        moreActions: (website) => (
          <IconAction
            icon="bi-gear"
            label={`Advance Settings of ${website.name}`}
            onClick={() => onSettings(website)}
          />
        ),
      }),
    ],
    [viewsSource, canUpdate, canDelete, canSettings, onEdit, onDelete, onSettings],
  );
}
