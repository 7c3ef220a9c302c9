import { DELIVERY_TARGET_LABELS, type FleetDelivery, formatDateTime } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { CellName } from '../../../components/CellText.tsx';

const OUTCOME_BADGES = {
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
  deferred: 'text-bg-warning',
} as const;

/** When, website, record, target, try, outcome, status, duration, error. */
export const ATTEMPT_COLUMNS: ColumnDef<FleetDelivery>[] = [
  {
    id: 'created_at',
    header: 'When',
    cell: ({ row }) => (
      <span className="text-nowrap">{formatDateTime(row.original.created_at)}</span>
    ),
  },
  {
    id: 'website',
    header: 'Website',
    cell: ({ row }) => <CellName name={row.original.website_name} />,
  },
  {
    id: 'record',
    header: 'Record',
    // A long title is cut (whole on hover), so that the Error column stays in view on a laptop.
    cell: ({ row }) => {
      const title = row.original.record_title ?? `#${row.original.record_id ?? '—'}`;
      return (
        <>
          <span className="text-body-secondary">
            {row.original.kind === 'post' ? 'Post' : 'Category'}
          </span>{' '}
          <span className="cell-truncate cell-truncate-wide" title={title}>
            {title}
          </span>
        </>
      );
    },
  },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row }) => DELIVERY_TARGET_LABELS[row.original.target],
  },
  {
    id: 'attempt',
    header: 'Try',
    meta: { className: 'text-end' },
    cell: ({ row }) => row.original.attempt,
  },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => (
      <span className={`badge ${OUTCOME_BADGES[row.original.outcome]}`}>
        {row.original.outcome}
      </span>
    ),
  },
  { id: 'status_code', header: 'Status', cell: ({ row }) => row.original.status_code ?? '—' },
  {
    id: 'duration_ms',
    header: 'Duration',
    meta: { className: 'text-end' },
    cell: ({ row }) => `${row.original.duration_ms} ms`,
  },
  {
    id: 'error',
    header: 'Error',
    cell: ({ row }) => (
      <span className="cell-clamp small" title={row.original.error ?? undefined}>
        {row.original.error ?? ''}
      </span>
    ),
  },
];
