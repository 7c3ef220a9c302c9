import { type EconomicsWebsiteRow, economicsWebsitesAnswerSchema } from '@sitefleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http.ts';
import { economicsKey } from './query-keys.ts';

/** One website's row of the economics list over a period, and the base currency it is in. */
export interface WebsiteEconomics {
  row: EconomicsWebsiteRow;
  currency: string;
}

/**
 * GET /api/economics/websites?website_id= for one website's row; null when it is not there.
 * Without `from`/`to`, the list's default period: the last 30 days.
 */
export const websiteEconomicsQueryOptions = (
  websiteId: number,
  period: { from?: string; to?: string } = {},
) =>
  queryOptions({
    queryKey: [...economicsKey, 'website', websiteId, period],
    queryFn: async ({ signal }): Promise<WebsiteEconomics | null> => {
      const page = economicsWebsitesAnswerSchema.parse(
        await http.get('/api/economics/websites', {
          query: { website_id: websiteId, ...period },
          signal,
        }),
      );
      const row = page.data.find((candidate) => candidate.id === websiteId);
      return row ? { row, currency: page.currency } : null;
    },
  });
