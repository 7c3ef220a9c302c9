import { userListSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The users to filter the log by: the first page of 100, by name (admins hold user-list). */
export async function fetchUserOptions() {
  const page = userListSchema.parse(
    await http.get('/api/users', { query: { per_page: 100, order_key: 'name', order_dir: 'asc' } }),
  );
  return page.data.map((user) => ({ id: user.id, name: user.name }));
}

export function useUserOptions() {
  return useQuery({ queryKey: ['users', 'audit-options'], queryFn: fetchUserOptions });
}
