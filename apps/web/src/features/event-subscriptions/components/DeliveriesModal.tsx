import {
  EVENT_DELIVERY_STATUSES,
  type EventDelivery,
  type EventDeliveryStatus,
  type EventSubscription,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { capitalised } from '../../../lib/texts.ts';
import { useEventDeliveries } from '../api/event-subscriptions.ts';

const STATUS_CLASSES: Record<EventDeliveryStatus, string> = {
  pending: 'text-bg-info',
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
  held: 'text-bg-warning',
  skipped: 'text-bg-secondary',
};

const STATUS_OPTIONS = EVENT_DELIVERY_STATUSES.map(
  (status) => [status, capitalised(status)] as const,
);

const none = <span className="text-body-secondary">—</span>;

/** Time, event, status, attempts, the last answer's HTTP status and error, delivery, payload. */
function deliveryColumns(onView: (delivery: EventDelivery) => void): ColumnDef<EventDelivery>[] {
  return [
    {
      id: 'created_at',
      header: 'Time',
      cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
    },
    { id: 'type', header: 'Event', cell: ({ row }) => <code>{row.original.type}</code> },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <span className={`badge ${STATUS_CLASSES[row.original.status]}`}>
          {capitalised(row.original.status)}
        </span>
      ),
    },
    {
      id: 'attempts',
      header: 'Attempts',
      accessorKey: 'attempts',
      meta: { className: 'text-center' },
    },
    {
      id: 'last_status_code',
      header: 'HTTP',
      cell: ({ row }) => row.original.last_status_code ?? none,
    },
    {
      id: 'last_error',
      header: 'Last Error',
      cell: ({ row }) =>
        row.original.last_error ? (
          <CellName name={row.original.last_error} className="small text-danger" />
        ) : (
          none
        ),
    },
    {
      id: 'delivered_at',
      header: 'Delivered',
      cell: ({ row }) =>
        row.original.delivered_at ? <CellDateTime value={row.original.delivered_at} /> : none,
    },
    {
      id: 'payload',
      header: () => <span className="visually-hidden">Payload</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm text-nowrap"
          aria-label={`Payload of ${row.original.webhook_id}`}
          onClick={() => onView(row.original)}
        >
          Payload
        </button>
      ),
      meta: { className: 'text-end' },
    },
  ];
}

/** The body one event was sent with, as JSON, under the table. */
function PayloadView({ delivery, onClose }: { delivery: EventDelivery; onClose: () => void }) {
  const headingId = useId();
  return (
    <section className="border rounded p-2 mt-3" aria-labelledby={headingId}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 flex-grow-1" id={headingId}>
          Payload of <code>{delivery.type}</code>{' '}
          <span className="small text-body-secondary">{delivery.webhook_id}</span>
        </h3>
        <button type="button" className="btn-close" aria-label="Close payload" onClick={onClose} />
      </div>
      <pre className="small mb-0 overflow-auto" style={{ maxHeight: '20rem' }}>
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
    </section>
  );
}

interface DeliveriesModalProps {
  subscription: EventSubscription;
  onClose: () => void;
}

/** A subscription's deliveries, newest first, of one status or all, each one's payload on demand. */
export function DeliveriesModal({ subscription, onClose }: DeliveriesModalProps) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EventDeliveryStatus | ''>('');
  const [viewing, setViewing] = useState<EventDelivery | null>(null);
  const deliveries = useEventDeliveries(subscription.id, page, status);
  const columns = useMemo(() => deliveryColumns(setViewing), []);

  return (
    <Modal show onHide={onClose} size="xl" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Deliveries
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <CellName name={subscription.url} className="flex-grow-1 small" />
          <FilterSelect
            label="Delivery status"
            all="All statuses"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(next) => {
              setStatus(next as EventDeliveryStatus | '');
              setPage(1);
            }}
          />
        </div>
        <DataTable
          label="Deliveries"
          columns={columns}
          rows={deliveries.data?.data}
          rowId={(delivery) => delivery.id}
          isFetching={deliveries.isFetching}
          error={deliveries.error}
          firstRowNumber={deliveries.data?.from ?? 1}
          emptyText={status === '' ? 'No event was sent to it yet.' : 'No delivery of this status.'}
        />
        {(deliveries.data?.last_page ?? 1) > 1 && (
          <Pagination page={deliveries.data} onPageChange={setPage} label="Deliveries pages" />
        )}
        {viewing && <PayloadView delivery={viewing} onClose={() => setViewing(null)} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
