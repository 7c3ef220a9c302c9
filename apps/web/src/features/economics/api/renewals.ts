import { type Renewals, renewalsSchema } from '@sitefleet/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { statsKey } from '../../../lib/query-keys.ts';
import { websiteEconomicsQueryOptions } from '../../../lib/website-economics.ts';

/**
 * GET /api/stats/renewals: the renewals due within `days`. The dashboard's Renewals due box asks
 * the same under the same key: one request serves both.
 */
export const renewalsDueQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...statsKey, 'renewals', days],
    queryFn: async () =>
      renewalsSchema.parse(await http.get('/api/stats/renewals', { query: { days } })),
  });

/**
 * What renewing each website is advised, from its row of the economics list (asked for each
 * website at once); undefined while asked, null when it could not be found.
 */
export function useRenewalAdvice(websites: Renewals['websites']) {
  return useQueries({
    queries: websites.map((website) => websiteEconomicsQueryOptions(website.id)),
    combine: (results) =>
      results.map((result) =>
        result.isError
          ? null
          : result.data === undefined
            ? undefined
            : (result.data?.row.renewal_advice ?? null),
      ),
  });
}
