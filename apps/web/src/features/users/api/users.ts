import { userListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type ListSort, orderParams, pageParams } from '../../../lib/use-list-params.ts';

export interface UserListRequest {
  page: number;
  perPage: number;
  query: string;
  sort: ListSort | null;
}

export const usersKey = ['users'] as const;

export function userListKey(request: UserListRequest) {
  return [...usersKey, request] as const;
}

/** GET /api/users?page=&query=&order_key=&order_dir= */
export async function fetchUsers({ page, perPage, query, sort }: UserListRequest) {
  return userListSchema.parse(
    await http.get('/api/users', {
      query: { ...pageParams(page, perPage), query: query || undefined, ...orderParams(sort) },
    }),
  );
}

export function useUsers(request: UserListRequest) {
  return useQuery({
    queryKey: userListKey(request),
    queryFn: () => fetchUsers(request),
    placeholderData: keepPreviousData,
  });
}
