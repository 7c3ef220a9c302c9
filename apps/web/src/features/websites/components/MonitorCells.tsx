import {
  daysLeft,
  formatDateTime,
  MONITOR_STATUS_LABELS,
  type MonitorStatus,
  type Website,
} from '@sitefleet/contract';
import { DeliveryHealthBadge } from '../../../components/DeliveryHealthBadge.tsx';

export const MONITOR_STATUS_BADGES: Record<MonitorStatus, string> = {
  up: 'text-bg-success',
  down: 'text-bg-danger',
  unknown: 'text-bg-secondary',
};

/** The monitor's view of a website: up, down or unknown, its response time, a maintenance. */
export function MonitorStatusCell({ website }: { website: Website }) {
  const inMaintenance =
    website.maintenance_until !== null &&
    new Date(website.maintenance_until).getTime() > Date.now();
  return (
    <span className="text-nowrap">
      <span className={`badge ${MONITOR_STATUS_BADGES[website.monitor_status]}`}>
        {MONITOR_STATUS_LABELS[website.monitor_status]}
      </span>
      {website.response_ms !== null && (
        <span className="small text-body-secondary"> {website.response_ms} ms</span>
      )}
      {inMaintenance && (
        <>
          {' '}
          <span
            className="badge text-bg-info"
            title={`In maintenance until ${formatDateTime(website.maintenance_until)}`}
          >
            Maintenance
          </span>
        </>
      )}
    </span>
  );
}

/** Days until the certificate expires, in red at 14 or fewer; a dash when none was seen. */
export function CertificateCell({ website }: { website: Website }) {
  if (!website.ssl_expires_at) return <span className="text-body-secondary">–</span>;
  const days = daysLeft(website.ssl_expires_at);
  return (
    <span
      className={`text-nowrap ${days <= 14 ? 'text-danger fw-semibold' : ''}`}
      title={`Expires ${formatDateTime(website.ssl_expires_at)}`}
    >
      {days < 0 ? 'Expired' : `${days} ${days === 1 ? 'day' : 'days'}`}
    </span>
  );
}

/**
 * A website's health in one narrow cell, so that the list keeps every column in view on a laptop:
 * the monitor's view, the certificate's days left, and its deliveries.
 */
export function WebsiteHealthCell({ website }: { website: Website }) {
  return (
    <div className="d-flex flex-column align-items-start gap-1">
      <MonitorStatusCell website={website} />
      <CertificateCell website={website} />
      <DeliveryHealthBadge level={website.delivery_health} />
    </div>
  );
}
