import { roleListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface RoleListRequest {
  page: number;
  query: string;
}

/** Every roles query (the list, one role) starts with this key. */
export const rolesKey = ['roles'] as const;

export function roleListKey(request: RoleListRequest) {
  return [...rolesKey, 'list', request] as const;
}

/** GET /api/roles?page=&query= */
export async function fetchRoles({ page, query }: RoleListRequest) {
  return roleListSchema.parse(
    await http.get('/api/roles', { query: { page, query: query || undefined } }),
  );
}

export function useRoles(request: RoleListRequest) {
  return useQuery({
    queryKey: roleListKey(request),
    queryFn: () => fetchRoles(request),
    placeholderData: keepPreviousData,
  });
}
