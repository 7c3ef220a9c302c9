import { DELIVERY_HEALTH_MEANINGS, formatDateTime, type Website } from '@sitefleet/contract';
import { Button } from 'react-bootstrap';
import { DeliveryHealthBadge } from '../../../components/DeliveryHealthBadge.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { usePauseDeliveries, useWebsiteDeliveryHealth } from '../api/delivery-health.ts';

/** The Delivery tab of Advance Settings: the website's health over the last day, and its pause. */
export function WebsiteDeliveryTab({ website }: { website: Pick<Website, 'id'> }) {
  const canRead = useCan('delivery-list');
  const canManage = useCan('delivery-manage');
  const health = useWebsiteDeliveryHealth(website.id, canRead);
  const pause = usePauseDeliveries(website.id);
  if (!canRead) return <p className="text-body-secondary">You may not see delivery health.</p>;
  if (health.isPending) return <LoadingSpinner />;
  if (health.isError) return <p className="text-danger">{health.error.message}</p>;
  const row = health.data;
  const rate = row.success_rate === null ? '—' : `${Math.round(row.success_rate * 100)}%`;
  const facts: [string, string][] = [
    ['Attempts (24 h)', `${row.attempts} (${row.delivered} delivered, ${row.failed} failed)`],
    ['Success rate', rate],
    ['p50 / p95', row.p95_ms === null ? '—' : `${row.p50_ms} ms / ${row.p95_ms} ms`],
    ['Failures in a row', String(row.consecutive_failures)],
    ['Last delivered', row.last_delivered_at ? formatDateTime(row.last_delivered_at) : '—'],
    ['Last error', row.last_error ?? '—'],
    ['Pending', String(row.pending)],
  ];
  return (
    <div>
      <p>
        <DeliveryHealthBadge level={row.delivery_health} />
        <span className="ms-2 small">{DELIVERY_HEALTH_MEANINGS[row.delivery_health]}</span>
        {row.paused && row.paused_reason && (
          <span className="ms-2 small">
            {row.paused_reason}
            {row.paused_at && ` (${formatDateTime(row.paused_at)})`}
          </span>
        )}
      </p>
      <dl className="row small mb-3">
        {facts.map(([term, value]) => (
          <div key={term} className="d-contents">
            <dt className="col-sm-4">{term}</dt>
            <dd className="col-sm-8">{value}</dd>
          </div>
        ))}
      </dl>
      {canManage && (
        <Button
          variant={row.paused ? 'primary' : 'outline-danger'}
          size="sm"
          disabled={pause.isPending}
          onClick={() => pause.mutate(row.paused ? 'resume' : 'pause')}
        >
          {row.paused ? 'Resume deliveries' : 'Pause deliveries'}
        </Button>
      )}
    </div>
  );
}
