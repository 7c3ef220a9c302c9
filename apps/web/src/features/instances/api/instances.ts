import { instancesPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface InstanceListRequest {
  page: number;
  query: string;
}

export const instancesKey = ['instances'] as const;

export function instanceListKey(request: InstanceListRequest) {
  return [...instancesKey, request] as const;
}

/** GET /api/instances?page=&query= */
export async function fetchInstances({ page, query }: InstanceListRequest) {
  return instancesPageSchema.parse(
    await http.get('/api/instances', { query: { page, query: query || undefined } }),
  );
}

export function useInstances(request: InstanceListRequest) {
  return useQuery({
    queryKey: instanceListKey(request),
    queryFn: () => fetchInstances(request),
    placeholderData: keepPreviousData,
  });
}
