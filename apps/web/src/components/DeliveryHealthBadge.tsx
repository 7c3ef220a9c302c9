import {
  DELIVERY_HEALTH_LABELS,
  DELIVERY_HEALTH_LEVELS,
  DELIVERY_HEALTH_MEANINGS,
  type DeliveryHealthLevel,
} from '@sitefleet/contract';

const COLOURS: Record<DeliveryHealthLevel, string> = {
  no_webhook: 'text-bg-secondary',
  paused: 'text-bg-danger',
  failing: 'text-bg-danger',
  healthy: 'text-bg-success',
};

/**
 * A website's delivery health verdict, as the server gives it (`delivery_health`), the same badge
 * on every screen; what the verdict means is its title.
 */
export function DeliveryHealthBadge({ level }: { level: DeliveryHealthLevel }) {
  return (
    <span
      className={`badge ${COLOURS[level]}`}
      data-health={level}
      title={DELIVERY_HEALTH_MEANINGS[level]}
    >
      {DELIVERY_HEALTH_LABELS[level]}
    </span>
  );
}

/** Every verdict with what it means, for a screen that lists many websites' health. */
export function DeliveryHealthLegend() {
  return (
    <details className="small mb-2">
      <summary>What the delivery health says</summary>
      <dl className="mb-0 mt-1">
        {DELIVERY_HEALTH_LEVELS.map((level) => (
          <div key={level} className="d-flex gap-2 align-items-baseline">
            <dt className="fw-normal">
              <span className={`badge ${COLOURS[level]}`}>{DELIVERY_HEALTH_LABELS[level]}</span>
            </dt>
            <dd className="mb-1">{DELIVERY_HEALTH_MEANINGS[level]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
