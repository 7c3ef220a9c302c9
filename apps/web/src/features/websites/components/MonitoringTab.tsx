import { daysLeft, formatDateTime, type MonitorCheck } from '@sitefleet/contract';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { notifyFailure } from '../../../lib/toast.tsx';
import { useCheckNow, useWebsiteMonitor } from '../api/monitor.ts';

const CHART = { width: 400, height: 60, gap: 2 };

/** The last checks, oldest first: a bar per check, its height the response time, failures red. */
function ChecksChart({ checks }: { checks: readonly MonitorCheck[] }) {
  if (checks.length === 0) return <p className="text-body-secondary">No checks yet.</p>;
  const ordered = [...checks].reverse();
  const slowest = Math.max(1, ...ordered.map((check) => check.response_ms ?? 0));
  const barWidth = CHART.width / ordered.length - CHART.gap;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="w-100 mb-3"
      role="img"
      aria-label={`The last ${checks.length} checks: ${checks.filter((check) => !check.ok).length} failed`}
    >
      {ordered.map((check, index) => {
        const height = check.ok
          ? Math.max(4, ((check.response_ms ?? 0) / slowest) * CHART.height)
          : CHART.height;
        return (
          <rect
            key={check.id}
            x={index * (barWidth + CHART.gap)}
            y={CHART.height - height}
            width={barWidth}
            height={height}
            fill={check.ok ? 'var(--bs-success)' : 'var(--bs-danger)'}
          >
            <title>
              {`${formatDateTime(check.checked_at)}: ${check.ok ? `${check.response_ms} ms` : check.error}`}
            </title>
          </rect>
        );
      })}
    </svg>
  );
}

const percent = (value: number | null) => (value === null ? '–' : `${value}%`);

/** Advance Settings › Monitoring: the last check, the uptimes, the certificate, Check now. */
export function MonitoringTab({ websiteId }: { websiteId: number }) {
  const monitor = useWebsiteMonitor(websiteId);
  const checkNow = useCheckNow(websiteId);
  const canCheck = useCan('website-update');
  if (monitor.isError) return <p className="text-danger">The monitor could not be loaded.</p>;
  if (!monitor.data) return <LoadingSpinner />;
  const data = monitor.data;
  return (
    <div>
      <dl className="row mb-2">
        <dt className="col-sm-4">Status</dt>
        <dd className="col-sm-8" data-testid="monitor-status">
          {data.status}
          {data.error && <span className="text-danger"> ({data.error})</span>}
        </dd>
        <dt className="col-sm-4">Last check</dt>
        <dd className="col-sm-8">
          {data.checked_at ? formatDateTime(data.checked_at) : 'Never'}
          {data.response_ms !== null && ` · ${data.response_ms} ms`}
        </dd>
        <dt className="col-sm-4">Uptime</dt>
        <dd className="col-sm-8">
          {percent(data.uptime_24h)} (24 h) · {percent(data.uptime_7d)} (7 days)
        </dd>
        <dt className="col-sm-4">Certificate</dt>
        <dd className="col-sm-8">
          {data.ssl_expires_at
            ? `Expires ${formatDateTime(data.ssl_expires_at)} (${daysLeft(data.ssl_expires_at)} days)`
            : 'None seen'}
        </dd>
      </dl>
      <ChecksChart checks={data.checks} />
      {canCheck && (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={checkNow.isPending}
          onClick={() => checkNow.mutate(undefined, { onError: notifyFailure })}
        >
          {checkNow.isPending ? 'Checking…' : 'Check now'}
        </button>
      )}
    </div>
  );
}
