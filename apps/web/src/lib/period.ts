import { DAY_MS, utcDay } from '@sitefleet/contract';

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

/** The days of a period, both ends included, as the routes take them (YYYY-MM-DD, UTC). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * A preset period ending today (a UTC day, as the roll-ups count days). Twelve months start the
 * day after the same date a year ago, so that they stay within the traffic routes' 366 days.
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

/** The period as a screen's address keeps it: `?period=custom&from=…&to=…`. */
export const PERIOD_PARAMS = { period: 'period', customFrom: 'from', customTo: 'to' } as const;

/** A period as picked: the choice, the custom days as typed so far, and the range they make. */
export interface PeriodChoice {
  period: Period;
  /** The custom period's days as typed so far ('' for none). */
  customFrom: string;
  customTo: string;
  /** The period's days once they are a range the routes take, else null. */
  range: DayRange | null;
  /** Why the custom days are no range yet: the contract's message, under the field it names. */
  rangeError: { field: 'from' | 'to'; message: string } | null;
}

export type PeriodChanges = Partial<Pick<PeriodChoice, 'period' | 'customFrom' | 'customTo'>>;

/** A contract's check of a period (its query schema), as zod's `safeParse` answers. */
export type PeriodCheck = (days: DayRange) =>
  | { success: true }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

/** The days typed as a range, once both are there and the route's contract takes them. */
function customRange(from: string, to: string, check: PeriodCheck) {
  if (!from || !to) return { range: null, rangeError: null };
  const checked = check({ from, to });
  if (checked.success) return { range: { from, to }, rangeError: null };
  const issue = checked.error.issues[0];
  const field: 'from' | 'to' = issue?.path[0] === 'to' ? 'to' : 'from';
  return { range: null, rangeError: { field, message: issue?.message ?? '' } };
}

/** The period asked for by its choice and custom days (the default when the choice is unknown). */
export function periodChoice(
  asked: { period?: string | null; customFrom?: string | null; customTo?: string | null },
  check: PeriodCheck,
): PeriodChoice {
  const period = PERIODS.find((choice) => choice === asked.period) ?? DEFAULT_PERIOD;
  const customFrom = asked.customFrom ?? '';
  const customTo = asked.customTo ?? '';
  const dates =
    period === 'custom'
      ? customRange(customFrom, customTo, check)
      : { range: presetRange(period), rangeError: null };
  return { period, customFrom, customTo, ...dates };
}

/** The period an address asks for. */
export const readPeriod = (params: URLSearchParams, check: PeriodCheck) =>
  periodChoice(
    {
      period: params.get(PERIOD_PARAMS.period),
      customFrom: params.get(PERIOD_PARAMS.customFrom),
      customTo: params.get(PERIOD_PARAMS.customTo),
    },
    check,
  );
