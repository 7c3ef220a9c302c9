import { userListSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface UserListRequest {
  page: number;
  query: string;
}

export const usersKey = ['users'] as const;

export function userListKey(request: UserListRequest) {
  return [...usersKey, request] as const;
}

/** GET /api/users?page=&query= */
export async function fetchUsers({ page, query }: UserListRequest) {
  return userListSchema.parse(
    await http.get('/api/users', { query: { page, query: query || undefined } }),
  );
}

export function useUsers(request: UserListRequest) {
  return useQuery({
    queryKey: userListKey(request),
    queryFn: () => fetchUsers(request),
    placeholderData: keepPreviousData,
  });
}
