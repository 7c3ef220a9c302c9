import { TRAFFIC_SOURCES, type TrafficSource, trafficQuerySchema } from '@sitefleet/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  PERIOD_PARAMS,
  type PeriodChanges,
  type PeriodCheck,
  type PeriodChoice,
  readPeriod,
} from '../../../lib/period.ts';

/** What the Traffic screen shows, as its address keeps it. */
export interface TrafficFilters extends PeriodChoice {
  source: TrafficSource;
  /** One website, or undefined for the fleet. */
  websiteId: number | undefined;
}

export type TrafficFilterChanges = PeriodChanges &
  Partial<{ source: TrafficSource; websiteId: number | undefined }>;

const PARAMS = { ...PERIOD_PARAMS, source: 'source', websiteId: 'website_id' } as const;

const checkPeriod: PeriodCheck = (days) => trafficQuerySchema.safeParse(days);

/**
 * The Traffic screen's period, source and website, kept in the address (a reload or a shared link
 * shows the same); a change goes back to the table's first page.
 */
export function useTrafficFilters(): [TrafficFilters, (changes: TrafficFilterChanges) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const askedSource = searchParams.get(PARAMS.source);
  const source = TRAFFIC_SOURCES.find((choice) => choice === askedSource) ?? 'beacon';
  const website = Number(searchParams.get(PARAMS.websiteId));
  const websiteId = Number.isInteger(website) && website > 0 ? website : undefined;
  const periodKey = Object.values(PERIOD_PARAMS)
    .map((param) => searchParams.get(param))
    .join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: periodKey stands for the period's parameters.
  const filters = useMemo<TrafficFilters>(
    () => ({ ...readPeriod(searchParams, checkPeriod), source, websiteId }),
    [periodKey, source, websiteId],
  );

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
