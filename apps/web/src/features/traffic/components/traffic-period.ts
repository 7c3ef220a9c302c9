import { DAY_MS, type TrafficInterval, utcDay } from '@sitefleet/contract';

/** The period picker's choices: the last so many days up to today, or days typed. */
export const PERIODS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom range',
};
export const DEFAULT_PERIOD: Period = '30d';

/** The days of a period, both ends included, as the traffic routes take them (YYYY-MM-DD, UTC). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * A preset period ending today (a UTC day, as the roll-ups count days). Twelve months start the
 * day after the same date a year ago, so that they stay within the routes' 366 days.
 */
export function presetRange(period: Exclude<Period, 'custom'>, now: number = Date.now()): DayRange {
  const to = utcDay(now);
  if (period === '12m') {
    const start = new Date(now);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    return { from: utcDay(start.getTime() + DAY_MS), to };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[period];
  return { from: utcDay(now - (days - 1) * DAY_MS), to };
}

/** How many days a range counts, both ends included. */
export const daysIn = ({ from, to }: DayRange) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

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
