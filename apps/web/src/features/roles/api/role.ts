import { type RoleInput, rolesResource } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceQueries } from '../../../lib/resource-queries.ts';

export const roleQueries = resourceQueries(rolesResource);

/** GET /api/roles/{id}/edit: the role with its permissions. */
export function useRole(id: number) {
  return useQuery({ queryKey: roleQueries.oneKey(id), queryFn: () => roleQueries.fetchOne(id) });
}

/** POST /api/roles, or PUT /api/roles/{id}: the saved role. */
export function useSaveRole(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) =>
      id === null ? roleQueries.create(input) : roleQueries.update(id, input),
    onSuccess: (role) => {
      queryClient.setQueryData(roleQueries.oneKey(role.id), role);
      return queryClient.invalidateQueries({ queryKey: roleQueries.listsKey });
    },
  });
}
