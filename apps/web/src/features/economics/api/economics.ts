import { economicsSummarySchema, economicsWebsitesAnswerSchema } from '@sitefleet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { DayRange } from '../../../lib/period.ts';
import { economicsKey } from '../../../lib/query-keys.ts';
import { type ListRequest, orderParams, pageParams } from '../../../lib/use-list-params.ts';

/** A period and, for one website's figures, the website. */
export interface MoneyRequest extends DayRange {
  websiteId?: number;
}

/** GET /api/economics/summary: the fleet's or a website's figures, per day and against the period before. */
export const economicsSummaryQueryOptions = ({ from, to, websiteId }: MoneyRequest) =>
  queryOptions({
    queryKey: [...economicsKey, 'summary', { from, to, websiteId }],
    queryFn: async ({ signal }) =>
      economicsSummarySchema.parse(
        await http.get('/api/economics/summary', {
          query: { from, to, website_id: websiteId },
          signal,
        }),
      ),
    // The figures shown stay while another period loads.
    placeholderData: keepPreviousData,
  });

/** The portfolio table's request: the list's page, search and sort over a period. */
export interface EconomicsWebsitesRequest extends Partial<DayRange> {
  list: Omit<ListRequest, 'filters'>;
}

/** GET /api/economics/websites: a page of websites with their revenue, costs, profit and sparkline. */
export const economicsWebsitesQueryOptions = ({ list, from, to }: EconomicsWebsitesRequest) =>
  queryOptions({
    queryKey: [...economicsKey, 'websites', { list, from, to }],
    queryFn: async ({ signal }) => {
      const query = {
        ...pageParams(list.page, list.perPage),
        query: list.query || undefined,
        ...orderParams(list.sort),
        from,
        to,
      };
      return economicsWebsitesAnswerSchema.parse(
        await http.get('/api/economics/websites', { query, signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
