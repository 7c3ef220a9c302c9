import type { TrafficInterval } from '@sitefleet/contract';
import { type DayRange, daysIn } from '../../../lib/period.ts';

/**
 * The chart's buckets: hours over a day or two where there are hours (the beacon's, of the fleet
 * or a website: Google and the pages count by day), days up to a quarter, weeks beyond, so that
 * a year reads as 53 points, not 365.
 */
export function intervalFor(range: DayRange, hourly: boolean): TrafficInterval {
  const days = daysIn(range);
  if (days <= 2 && hourly) return 'hour';
  return days <= 92 ? 'day' : 'week';
}
