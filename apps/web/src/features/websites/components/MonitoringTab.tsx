import {
  daysLeft,
  formatDateTime,
  MONITOR_STATUS_LABELS,
  type MonitorCheck,
} from '@sitefleet/contract';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { notifyFailure } from '../../../lib/toast.tsx';
import { useCheckNow, useWebsiteMonitor } from '../api/monitor.ts';
import { MaintenanceControl } from './MaintenanceControl.tsx';
import { MONITOR_STATUS_BADGES } from './MonitorCells.tsx';

/** The chart's size, and the room its axes' labels take on the left and below. */
const CHART = { width: 400, height: 90, gap: 2, left: 56, bottom: 16, top: 6 };
const PLOT = {
  width: CHART.width - CHART.left,
  height: CHART.height - CHART.bottom - CHART.top,
};

/**
 * The last checks, oldest first: a bar per check, its height the response time on the left axis
 * (from 0 to the slowest), failures red at full height; the axis below spans the first and last
 * checks' times.
 */
function ChecksChart({ checks }: { checks: readonly MonitorCheck[] }) {
  if (checks.length === 0) return <p className="text-body-secondary">No checks yet.</p>;
  const ordered = [...checks].reverse();
  const slowest = Math.max(1, ...ordered.map((check) => check.response_ms ?? 0));
  const barWidth = PLOT.width / ordered.length - CHART.gap;
  const baseline = CHART.top + PLOT.height;
  const axisLabel = { fontSize: 10, fill: 'currentColor' } as const;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="w-100 mb-3"
      role="img"
      aria-label={`The last ${checks.length} checks: ${checks.filter((check) => !check.ok).length} failed`}
    >
      <g data-testid="response-axis">
        <text {...axisLabel} x={CHART.left - 4} y={CHART.top + 8} textAnchor="end">
          {`${slowest} ms`}
        </text>
        <text {...axisLabel} x={CHART.left - 4} y={baseline} textAnchor="end">
          0 ms
        </text>
        <line
          x1={CHART.left - 1}
          x2={CHART.left - 1}
          y1={CHART.top}
          y2={baseline}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
      </g>
      <g data-testid="time-axis">
        <line
          x1={CHART.left - 1}
          x2={CHART.width}
          y1={baseline + 1}
          y2={baseline + 1}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        <text {...axisLabel} x={CHART.left} y={CHART.height - 2}>
          {formatDateTime(ordered[0]!.checked_at)}
        </text>
        {ordered.length > 1 && (
          <text {...axisLabel} x={CHART.width} y={CHART.height - 2} textAnchor="end">
            {formatDateTime(ordered.at(-1)!.checked_at)}
          </text>
        )}
      </g>
      {ordered.map((check, index) => {
        const height = check.ok
          ? Math.max(4, ((check.response_ms ?? 0) / slowest) * PLOT.height)
          : PLOT.height;
        return (
          <rect
            key={check.id}
            x={CHART.left + index * (barWidth + CHART.gap)}
            y={baseline - height}
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

/**
 * Advance Settings › Monitoring: the last check, the uptimes, the certificate, the maintenance
 * window, Check now.
 */
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
          <span className={`badge ${MONITOR_STATUS_BADGES[data.status]}`}>
            {MONITOR_STATUS_LABELS[data.status]}
          </span>
          {data.error && <span className="text-danger">: {data.error}</span>}
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
      <h3 className="h6">Response time of the last checks</h3>
      <ChecksChart checks={data.checks} />
      <MaintenanceControl
        websiteId={websiteId}
        until={data.maintenance_until}
        canChange={canCheck}
      />
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
