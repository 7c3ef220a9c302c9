import { type DeliveryAttempt, formatDateTime, PUBLISH_TARGET_LABELS } from '@sitefleet/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  type ContentResource,
  useDeliveryAttempts,
  useRetryDelivery,
} from '../../lib/content/content-records.ts';
import { DataTable } from '../DataTable.tsx';
import { Pagination } from '../Pagination.tsx';
import { DeliveryState, type DetailRow, hasDeliveryState } from './DeliveryState.tsx';

const ATTEMPT_COLUMNS: ColumnDef<DeliveryAttempt>[] = [
  {
    id: 'created_at',
    header: 'Time',
    cell: ({ row }) => formatDateTime(row.original.created_at),
    meta: { className: 'text-nowrap' },
  },
  { id: 'target', header: 'Target', cell: ({ row }) => PUBLISH_TARGET_LABELS[row.original.target] },
  { id: 'attempt', header: 'Try', accessorKey: 'attempt', meta: { className: 'text-center' } },
  { id: 'version', header: 'Version', accessorKey: 'version', meta: { className: 'text-center' } },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => (
      <span
        className={`badge ${row.original.outcome === 'delivered' ? 'text-bg-success' : 'text-bg-danger'}`}
      >
        {row.original.outcome}
      </span>
    ),
  },
  { id: 'status_code', header: 'Status', cell: ({ row }) => row.original.status_code ?? '—' },
  {
    id: 'duration_ms',
    header: 'Duration',
    cell: ({ row }) => `${row.original.duration_ms} ms`,
    meta: { className: 'text-nowrap' },
  },
  {
    id: 'detail',
    header: 'Error / published id',
    cell: ({ row }) =>
      row.original.error ? (
        <span className="text-danger">{row.original.error}</span>
      ) : (
        (row.original.external_id ?? '—')
      ),
    meta: { className: 'small text-wrap' },
  },
];

interface DeliveryAttemptsProps {
  resource: ContentResource;
  listKey: QueryKey;
  /** The Detailed Review row whose attempts are shown. */
  row: DetailRow;
  /** The user may run detail actions, and so retry. */
  canAct: boolean;
  onClose: () => void;
}

/** Every delivery attempt of one Detailed Review row, with 'Retry now' for failed ones. */
export function DeliveryAttempts({
  resource,
  listKey,
  row,
  canAct,
  onClose,
}: DeliveryAttemptsProps) {
  const { variant_id: variantId, website_name: websiteName } = row;
  const [page, setPage] = useState(1);
  const calls = { resource, listKey };
  const attempts = useDeliveryAttempts(calls, variantId, page);
  const retry = useRetryDelivery(calls);
  return (
    <section className="border-top p-3" aria-label={`Delivery attempts of row ${variantId}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 me-auto">
          Delivery attempts: row {variantId} ({websiteName})
        </h3>
        {canAct && (
          <Button
            size="sm"
            variant="warning"
            disabled={retry.isPending}
            onClick={() => retry.mutate(variantId)}
          >
            Retry now
          </Button>
        )}
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Hide attempts
        </Button>
      </div>
      <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
        <span className="small text-body-secondary">Latest state:</span>
        <DeliveryState row={row} />
      </div>
      <DataTable
        label="Delivery attempts"
        columns={ATTEMPT_COLUMNS}
        rows={attempts.data?.data}
        rowId={(row) => row.id}
        isFetching={attempts.isFetching}
        error={attempts.error}
        emptyText={
          hasDeliveryState(row)
            ? 'No try at a website or network is recorded yet; the state above is the latest.'
            : 'No delivery has been attempted yet.'
        }
      />
      {/* Beside the review's own pagination, a second one only when there is a page to turn to. */}
      {attempts.data && attempts.data.last_page > 1 && (
        <Pagination page={attempts.data} onPageChange={setPage} label="Delivery attempts pages" />
      )}
    </section>
  );
}
