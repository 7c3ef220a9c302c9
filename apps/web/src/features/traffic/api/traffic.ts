import { type TrafficAnswer, type TrafficQuery, trafficAnswerSchema } from '@sitefleet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Every traffic query starts with this key. */
export const trafficKey = ['traffic'] as const;

/** What a chart asks for: a period, a source and at most one website, category or post. */
export type TrafficRequest = Pick<TrafficQuery, 'interval' | 'source'> &
  Partial<Pick<TrafficQuery, 'from' | 'to' | 'website_id' | 'category_id' | 'post_id'>>;

/** GET /api/traffic: the series, totals, top pages and top referrers of a period. */
export async function fetchTraffic(
  request: TrafficRequest,
  signal?: AbortSignal,
): Promise<TrafficAnswer> {
  return trafficAnswerSchema.parse(await http.get('/api/traffic', { query: request, signal }));
}

export const trafficQueryOptions = (request: TrafficRequest) =>
  queryOptions({
    queryKey: [...trafficKey, 'series', request],
    queryFn: ({ signal }) => fetchTraffic(request, signal),
    // The chart shown stays while another period or website loads.
    placeholderData: keepPreviousData,
  });

/** `enabled` false: nothing is asked (a range still being typed), the last answer stays. */
export function useTraffic(request: TrafficRequest, enabled = true) {
  return useQuery({ ...trafficQueryOptions(request), enabled });
}
