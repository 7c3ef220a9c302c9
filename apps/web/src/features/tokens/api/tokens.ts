import { type ApiTokenCreated, tokenCreatedSchema, tokensResource } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resourceQueries } from '../../../lib/resource-queries.ts';

/** The tokens' queries: every one starts with ['tokens'], which a create or a revoke reloads. */
export const tokenQueries = resourceQueries(tokensResource);

/**
 * POST /api/tokens: the answer carries the token itself, which the server never answers again,
 * so the caller shows it at once.
 */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: unknown): Promise<ApiTokenCreated> =>
      tokenCreatedSchema.parse(await http.post(tokensResource.path, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenQueries.key }),
  });
}
