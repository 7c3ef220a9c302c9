import { instancesPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

export interface InstanceListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
}

export const instancesKey = ['instances'] as const;

export function instanceListKey(request: InstanceListRequest) {
  return [...instancesKey, request] as const;
}

/** GET /api/instances?page=&query=&order_key=&order_dir= */
export async function fetchInstances({ page, perPage, query, sort }: InstanceListRequest) {
  return instancesPageSchema.parse(
    await http.get('/api/instances', {
      query: { ...pageParams(page, perPage), query: query || undefined, ...orderParams(sort) },
    }),
  );
}

export function useInstances(request: InstanceListRequest) {
  return useQuery({
    queryKey: instanceListKey(request),
    queryFn: () => fetchInstances(request),
    placeholderData: keepPreviousData,
  });
}
