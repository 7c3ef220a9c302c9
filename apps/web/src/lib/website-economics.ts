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
 * GET /api/economics/websites for one website's row: the list is searched (by name and URL), not
 * filtered by id, so the website's name is searched for, names first in their order (the exact
 * name before the longer ones that hold it), and its row read by id; null when it is not there.
 * Without `from`/`to`, the list's default period: the last 30 days.
 */
export const websiteEconomicsQueryOptions = (
  website: { id: number; name: string },
  period: { from?: string; to?: string } = {},
) =>
  queryOptions({
    queryKey: [...economicsKey, 'website', website.id, website.name, period],
    queryFn: async ({ signal }): Promise<WebsiteEconomics | null> => {
      const page = economicsWebsitesAnswerSchema.parse(
        await http.get('/api/economics/websites', {
          query: {
            query: website.name,
            order_key: 'name',
            order_dir: 'asc',
            per_page: 100,
            ...period,
          },
          signal,
        }),
      );
      const row = page.data.find((candidate) => candidate.id === website.id);
      return row ? { row, currency: page.currency } : null;
    },
  });
