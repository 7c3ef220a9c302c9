import { roleListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

export interface RoleListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
}

/** Every roles query (the list, one role) starts with this key. */
export const rolesKey = ['roles'] as const;

export function roleListKey(request: RoleListRequest) {
  return [...rolesKey, 'list', request] as const;
}

/** GET /api/roles?page=&query=&order_key=&order_dir= */
export async function fetchRoles({ page, perPage, query, sort }: RoleListRequest) {
  return roleListSchema.parse(
    await http.get('/api/roles', {
      query: { ...pageParams(page, perPage), query: query || undefined, ...orderParams(sort) },
    }),
  );
}

export function useRoles(request: RoleListRequest) {
  return useQuery({
    queryKey: roleListKey(request),
    queryFn: () => fetchRoles(request),
    placeholderData: keepPreviousData,
  });
}
