import { TRAFFIC_SOURCES, type TrafficSource, trafficQuerySchema } from '@sitefleet/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DayRange,
  DEFAULT_PERIOD,
  PERIODS,
  type Period,
  presetRange,
} from './traffic-period.ts';

/** What the Traffic screen shows, as its address keeps it. */
export interface TrafficFilters {
  period: Period;
  /** The custom period's days as typed so far ('' for none). */
  customFrom: string;
  customTo: string;
  source: TrafficSource;
  /** One website, or undefined for the fleet. */
  websiteId: number | undefined;
  /** The period's days once they are a range the routes take, else null. */
  range: DayRange | null;
  /** Why the custom days are no range yet: the contract's message, under the field it names. */
  rangeError: { field: 'from' | 'to'; message: string } | null;
}

export type TrafficFilterChanges = Partial<{
  period: Period;
  customFrom: string;
  customTo: string;
  source: TrafficSource;
  websiteId: number | undefined;
}>;

const PARAMS = {
  period: 'period',
  customFrom: 'from',
  customTo: 'to',
  source: 'source',
  websiteId: 'website_id',
} as const;

const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((choice) => choice === value) ?? fallback;

function customRange(from: string, to: string): Pick<TrafficFilters, 'range' | 'rangeError'> {
  if (!from || !to) return { range: null, rangeError: null };
  const checked = trafficQuerySchema.safeParse({ from, to });
  if (checked.success) return { range: { from, to }, rangeError: null };
  const issue = checked.error.issues[0];
  const field = issue?.path[0] === 'to' ? 'to' : 'from';
  return { range: null, rangeError: { field, message: issue?.message ?? '' } };
}

/**
 * The Traffic screen's period, source and website, kept in the address (a reload or a shared link
 * shows the same); a change goes back to the table's first page.
 */
export function useTrafficFilters(): [TrafficFilters, (changes: TrafficFilterChanges) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = oneOf(PERIODS, searchParams.get(PARAMS.period), DEFAULT_PERIOD);
  const customFrom = searchParams.get(PARAMS.customFrom) ?? '';
  const customTo = searchParams.get(PARAMS.customTo) ?? '';
  const source = oneOf(TRAFFIC_SOURCES, searchParams.get(PARAMS.source), 'beacon');
  const website = Number(searchParams.get(PARAMS.websiteId));
  const websiteId = Number.isInteger(website) && website > 0 ? website : undefined;

  const filters = useMemo<TrafficFilters>(() => {
    const dates =
      period === 'custom'
        ? customRange(customFrom, customTo)
        : { range: presetRange(period), rangeError: null };
    return { period, customFrom, customTo, source, websiteId, ...dates };
  }, [period, customFrom, customTo, source, websiteId]);

  const change = useCallback(
    (changes: TrafficFilterChanges) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            const param = PARAMS[name as keyof TrafficFilterChanges];
            if (value === undefined || value === '') next.delete(param);
            else next.set(param, String(value));
          }
          next.delete('page');
          return next;
        },
        { replace: false },
      ),
    [setSearchParams],
  );
  return [filters, change];
}
