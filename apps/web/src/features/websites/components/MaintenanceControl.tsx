import { formatDateTime } from '@sitefleet/contract';
import { useId, useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useMaintenance } from '../api/monitor.ts';

/** How long a maintenance started here lasts, from now. */
const DURATIONS = [
  { label: '30 minutes', minutes: 30 },
  { label: '1 hour', minutes: 60 },
  { label: '2 hours', minutes: 120 },
  { label: '4 hours', minutes: 240 },
  { label: '8 hours', minutes: 480 },
  { label: '24 hours', minutes: 1440 },
  { label: '3 days', minutes: 4320 },
  { label: '7 days', minutes: 10_080 },
] as const;

/**
 * The website's maintenance window: while it lasts its monitor's alerts are muted. Started here
 * for a chosen time from now, or ended early.
 */
export function MaintenanceControl({
  websiteId,
  until,
  canChange,
}: {
  websiteId: number;
  until: string | null;
  canChange: boolean;
}) {
  const maintenance = useMaintenance(websiteId);
  const [minutes, setMinutes] = useState<number>(DURATIONS[1].minutes);
  const durationId = useId();
  const active = until !== null && new Date(until).getTime() > Date.now();
  const change = (end: string | null) =>
    maintenance.mutate(end, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: notifyFailure,
    });

  return (
    <section aria-label="Maintenance" className="border rounded p-2 mb-3">
      <h3 className="h6 mb-1">Maintenance</h3>
      <p className="small text-body-secondary mb-2">
        {active
          ? `In maintenance until ${formatDateTime(until)}: the monitor's alerts are muted.`
          : 'Not in maintenance. During a maintenance the monitor keeps checking, and sends no alert.'}
      </p>
      {canChange &&
        (active ? (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={maintenance.isPending}
            onClick={() => change(null)}
          >
            End maintenance
          </button>
        ) : (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <label className="small" htmlFor={durationId}>
              For
            </label>
            <select
              id={durationId}
              className="form-select form-select-sm w-auto"
              value={minutes}
              onChange={(event) => setMinutes(Number(event.target.value))}
            >
              {DURATIONS.map((duration) => (
                <option key={duration.minutes} value={duration.minutes}>
                  {duration.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={maintenance.isPending}
              onClick={() => change(new Date(Date.now() + minutes * 60_000).toISOString())}
            >
              Start maintenance
            </button>
          </div>
        ))}
    </section>
  );
}
