import { type RoleInput, roleSchema } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { rolesKey } from './roles.ts';

export function roleKey(id: number) {
  return [...rolesKey, 'one', id] as const;
}

/** GET /api/roles/{id}/edit: the role with its permissions. */
export async function fetchRole(id: number) {
  return roleSchema.parse(await http.get(`/api/roles/${id}/edit`));
}

export function useRole(id: number) {
  return useQuery({ queryKey: roleKey(id), queryFn: () => fetchRole(id) });
}

/** POST /api/roles, or PUT /api/roles/{id}: the saved role. */
export async function saveRole(id: number | null, input: RoleInput) {
  const answer =
    id === null ? await http.post('/api/roles', input) : await http.put(`/api/roles/${id}`, input);
  return roleSchema.parse(answer);
}

export function useSaveRole(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => saveRole(id, input),
    onSuccess: (role) => {
      queryClient.setQueryData(roleKey(role.id), role);
      return queryClient.invalidateQueries({ queryKey: [...rolesKey, 'list'] });
    },
  });
}
