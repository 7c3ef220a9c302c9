import { formatInZone, localTimeZone } from '@sitefleet/contract';

/**
 * A variant's scheduled publish: the badge and its time in the browser's zone, named. The time
 * wraps under the badge in a narrow column (the Posts list's Social Status, beside its icons)
 * rather than widen the column past the screen.
 */
export function ScheduledBadge({ at }: { at: string }) {
  return (
    <span>
      <span className="badge text-bg-primary me-1">scheduled</span>
      <span className="small">{formatInZone(at, localTimeZone())}</span>
    </span>
  );
}
