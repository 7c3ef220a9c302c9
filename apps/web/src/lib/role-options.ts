import { roleOptionsSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/** GET /api/roles/all (user-list): every role's id and name, for the user form and the token form. */
export async function fetchRoleOptions() {
  return roleOptionsSchema.parse(await http.get('/api/roles/all'));
}

export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: fetchRoleOptions });
}
