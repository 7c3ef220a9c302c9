import type { EventAttempt, EventDelivery, EventDeliveryStatus } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { CellDateTime, CellName } from '../../../components/CellText.tsx';
import { capitalised } from '../../../lib/texts.ts';

const STATUS_CLASSES: Record<EventDeliveryStatus, string> = {
  pending: 'text-bg-info',
  delivered: 'text-bg-success',
  failed: 'text-bg-danger',
  held: 'text-bg-warning',
  skipped: 'text-bg-secondary',
};

const none = <span className="text-body-secondary">—</span>;

/** What both logs show of a row: an event of a type, sent (or tried) at a time. */
interface LoggedEvent {
  created_at: string;
  type: string;
}

/** Time and event type, the columns both logs open with. */
function eventColumns<T extends LoggedEvent>(): ColumnDef<T>[] {
  return [
    {
      id: 'created_at',
      header: 'Time',
      cell: ({ row }) => <CellDateTime value={row.original.created_at} />,
    },
    { id: 'type', header: 'Event', cell: ({ row }) => <code>{row.original.type}</code> },
  ];
}

/** A delivery's status or an attempt's outcome, as a badge of its colour. */
function badgeColumn<T>(header: string, status: (row: T) => EventDeliveryStatus): ColumnDef<T> {
  return {
    id: header.toLowerCase(),
    header,
    cell: ({ row }) => {
      const value = status(row.original);
      return <span className={`badge ${STATUS_CLASSES[value]}`}>{capitalised(value)}</span>;
    },
  };
}

/** The HTTP status a receiver answered with; none when it did not answer. */
function httpColumn<T>(code: (row: T) => number | null): ColumnDef<T> {
  return { id: 'status_code', header: 'HTTP', cell: ({ row }) => code(row.original) ?? none };
}

function errorColumn<T>(header: string, error: (row: T) => string | null): ColumnDef<T> {
  return {
    id: 'error',
    header,
    cell: ({ row }) => {
      const text = error(row.original);
      return text ? <CellName name={text} className="small text-danger" /> : none;
    },
  };
}

/** Time, event, status, attempts, the last answer's HTTP status and error, delivery, payload. */
export function deliveryColumns(
  onView: (delivery: EventDelivery) => void,
): ColumnDef<EventDelivery>[] {
  return [
    ...eventColumns<EventDelivery>(),
    badgeColumn('Status', (delivery) => delivery.status),
    {
      id: 'attempts',
      header: 'Attempts',
      accessorKey: 'attempts',
      meta: { className: 'text-center' },
    },
    httpColumn((delivery) => delivery.last_status_code),
    errorColumn('Last Error', (delivery) => delivery.last_error),
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

/** Time, event, its webhook-id, which try, outcome, HTTP status, duration and error. */
export const ATTEMPT_COLUMNS: ColumnDef<EventAttempt>[] = [
  ...eventColumns<EventAttempt>(),
  {
    id: 'webhook_id',
    header: 'Webhook ID',
    cell: ({ row }) => <CellName name={row.original.webhook_id} className="small" />,
  },
  { id: 'attempt', header: 'Try', accessorKey: 'attempt', meta: { className: 'text-center' } },
  badgeColumn('Outcome', (attempt) => attempt.outcome),
  httpColumn((attempt) => attempt.status_code),
  {
    id: 'duration_ms',
    header: 'Duration',
    cell: ({ row }) => `${row.original.duration_ms} ms`,
    meta: { className: 'text-nowrap' },
  },
  errorColumn('Error', (attempt) => attempt.error),
];
