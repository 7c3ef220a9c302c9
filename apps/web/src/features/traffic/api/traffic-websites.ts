import {
  type TrafficSource,
  type TrafficWebsiteRow,
  trafficWebsitesAnswerSchema,
} from '@sitefleet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { DayRange } from '../../../lib/period.ts';
import { type ListRequest, orderParams, pageParams } from '../../../lib/use-list-params.ts';
import { trafficKey } from './traffic.ts';

export type { TrafficWebsiteRow };

/** The per-website table's request: the list's page, search and sort over a period and source. */
export interface TrafficWebsitesRequest extends Partial<DayRange> {
  list: Omit<ListRequest, 'filters'>;
  source: TrafficSource;
}

/** GET /api/traffic/websites: a page of websites with their views, visitors, change and sparkline. */
export async function fetchTrafficWebsites(
  { list, from, to, source }: TrafficWebsitesRequest,
  signal?: AbortSignal,
) {
  const query = {
    ...pageParams(list.page, list.perPage),
    query: list.query || undefined,
    ...orderParams(list.sort),
    from,
    to,
    source,
  };
  return trafficWebsitesAnswerSchema.parse(
    await http.get('/api/traffic/websites', { query, signal }),
  );
}

export const trafficWebsitesQueryOptions = (request: TrafficWebsitesRequest) =>
  queryOptions({
    queryKey: [...trafficKey, 'websites', request],
    queryFn: ({ signal }) => fetchTrafficWebsites(request, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

/** `enabled` false: nothing is asked (a range still being typed), the last page stays. */
export function useTrafficWebsites(request: TrafficWebsitesRequest, enabled = true) {
  return useQuery({ ...trafficWebsitesQueryOptions(request), enabled });
}
