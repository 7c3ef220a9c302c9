import { economicsWebsitesAnswerSchema, type Renewals, renewalsSchema } from '@sitefleet/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { statsKey } from '../../../lib/query-keys.ts';
import { economicsKey } from './economics.ts';

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

type DueWebsite = Renewals['websites'][number];

/**
 * What renewing each website is advised (its row of the economics list, found by its name: the
 * list is searched, not filtered by id); undefined while asked, null when it could not be.
 */
export function useRenewalAdvice(websites: readonly DueWebsite[]) {
  return useQueries({
    queries: websites.map((website) => ({
      queryKey: [...economicsKey, 'advice', website.id, website.name],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const page = economicsWebsitesAnswerSchema.parse(
          await http.get('/api/economics/websites', {
            query: { query: website.name, per_page: 100 },
            signal,
          }),
        );
        return page.data.find((row) => row.id === website.id)?.renewal_advice ?? null;
      },
    })),
    combine: (results) => results.map((result) => (result.isError ? null : result.data)),
  });
}
