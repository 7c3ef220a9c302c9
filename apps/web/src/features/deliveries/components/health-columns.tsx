import { type DeliveryHealth, formatDateTime } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { DeliveryHealthBadge } from '../../../components/DeliveryHealthBadge.tsx';
import type { RowAction } from '../../../components/RowActionsMenu.tsx';
import { rowMenuColumn } from '../../../components/row-menu-column.tsx';

/** The bar's colour: red for a paused or failing website, amber below 95%, green above. */
function barColour(row: DeliveryHealth) {
  if (row.delivery_health === 'paused' || row.delivery_health === 'failing') return 'bg-danger';
  return row.success_rate !== null && row.success_rate < 0.95 ? 'bg-warning' : 'bg-success';
}

function SuccessBar({ row }: { row: DeliveryHealth }) {
  if (row.success_rate === null) return <span className="text-body-secondary">No attempts</span>;
  const percent = Math.round(row.success_rate * 100);
  return (
    <div className="d-flex align-items-center gap-2" style={{ minWidth: '9rem' }}>
      <div
        className="progress flex-grow-1"
        role="progressbar"
        aria-label={`Success rate of ${row.website_name}`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        data-health={row.delivery_health}
      >
        <div className={`progress-bar ${barColour(row)}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="small text-nowrap">
        {percent}% of {row.delivered + row.failed}
      </span>
    </div>
  );
}

export interface HealthRowActions {
  pause: (row: DeliveryHealth) => void;
  resume: (row: DeliveryHealth) => void;
  test: (row: DeliveryHealth) => void;
  replayFailed: (row: DeliveryHealth) => void;
}

/**
 * Website, success rate, p95, last error, failures in a row, health verdict, and the row's menu.
 */
export function healthColumns(
  actions: HealthRowActions,
  canManage: boolean,
): ColumnDef<DeliveryHealth>[] {
  return [
    { id: 'name', header: 'Website', cell: ({ row }) => row.original.website_name },
    {
      id: 'success_rate',
      header: 'Success rate',
      cell: ({ row }) => <SuccessBar row={row.original} />,
    },
    {
      id: 'p95_ms',
      header: 'p95',
      cell: ({ row }) => (row.original.p95_ms === null ? '—' : `${row.original.p95_ms} ms`),
    },
    {
      id: 'last_error',
      header: 'Last error',
      cell: ({ row }) => {
        const { last_error: error, last_failed_at: at } = row.original;
        if (!error) return <span className="text-body-secondary">—</span>;
        return (
          <span className="small">
            {error}
            {at && <div className="text-body-secondary">{formatDateTime(at)}</div>}
          </span>
        );
      },
    },
    {
      id: 'consecutive_failures',
      header: 'Failures in a row',
      meta: { className: 'text-end' },
      cell: ({ row }) => row.original.consecutive_failures,
    },
    {
      id: 'state',
      header: 'Delivery health',
      cell: ({ row }) => <DeliveryHealthBadge level={row.original.delivery_health} />,
    },
    {
      id: 'pending',
      header: 'Pending',
      meta: { className: 'text-end' },
      cell: ({ row }) => row.original.pending,
    },
    ...rowMenuColumn<DeliveryHealth>({
      anyAllowed: canManage,
      rowName: (row) => row.website_name,
      actions: (row): RowAction[] => [
        row.paused
          ? { label: 'Resume', icon: 'bi-play-circle', onSelect: () => actions.resume(row) }
          : { label: 'Pause', icon: 'bi-pause-circle', onSelect: () => actions.pause(row) },
        { label: 'Test', icon: 'bi-broadcast', onSelect: () => actions.test(row) },
        {
          label: 'Replay failed',
          icon: 'bi-arrow-repeat',
          onSelect: () => actions.replayFailed(row),
        },
      ],
    }),
  ];
}
