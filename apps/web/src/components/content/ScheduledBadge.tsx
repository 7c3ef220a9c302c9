import { formatInZone, localTimeZone } from '@sitefleet/contract';

/** A variant's scheduled publish: the badge and its time in the browser's zone, named. */
export function ScheduledBadge({ at }: { at: string }) {
  return (
    <span className="text-nowrap">
      <span className="badge text-bg-primary me-1">scheduled</span>
      <span className="small">{formatInZone(at, localTimeZone())}</span>
    </span>
  );
}
