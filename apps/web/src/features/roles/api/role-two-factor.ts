import { roleTwoFactorAnswerSchema, roleTwoFactorSchema } from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { roleQueries } from './role.ts';

const requirementKey = (id: number) => [...roleQueries.oneKey(id), 'two-factor'] as const;

/** GET /api/roles/{id}/two-factor */
export function useRoleTwoFactor(id: number) {
  return useQuery({
    queryKey: requirementKey(id),
    queryFn: async () => roleTwoFactorSchema.parse(await http.get(`/api/roles/${id}/two-factor`)),
  });
}

/** PUT /api/roles/{id}/two-factor */
export function useSetRoleTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) =>
      roleTwoFactorAnswerSchema.parse(await http.put(`/api/roles/${id}/two-factor`, { required })),
    onSuccess: ({ required }) => queryClient.setQueryData(requirementKey(id), { required }),
  });
}
