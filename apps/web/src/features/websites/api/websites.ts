import { websitesPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

export interface WebsiteListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
}

/** Every websites query (list, settings, delete impact) starts with this key. */
export const websitesKey = ['websites'] as const;

export function websiteListKey(request: WebsiteListRequest) {
  return [...websitesKey, 'list', request] as const;
}

/** GET /api/websites?page=&query=&order_key=&order_dir= */
export async function fetchWebsites({ page, perPage, query, sort }: WebsiteListRequest) {
  return websitesPageSchema.parse(
    await http.get('/api/websites', {
      query: { ...pageParams(page, perPage), query: query || undefined, ...orderParams(sort) },
    }),
  );
}

export function useWebsites(request: WebsiteListRequest) {
  return useQuery({
    queryKey: websiteListKey(request),
    queryFn: () => fetchWebsites(request),
    placeholderData: keepPreviousData,
  });
}
