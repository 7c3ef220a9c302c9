import { revenueAnswerSchema } from '@sitefleet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { economicsKey } from '../../../lib/query-keys.ts';
import type { MoneyRequest } from './economics.ts';

/**
 * GET /api/revenue of one website over a period, for its totals per source: one row of the page
 * is asked for, the totals count every row.
 */
export const revenueTotalsQueryOptions = ({ from, to, websiteId }: MoneyRequest) =>
  queryOptions({
    queryKey: [...economicsKey, 'revenue', { from, to, websiteId }],
    queryFn: async ({ signal }) =>
      revenueAnswerSchema.parse(
        await http.get('/api/revenue', {
          query: { from, to, website_id: websiteId, per_page: 1 },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
