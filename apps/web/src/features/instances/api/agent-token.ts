import { agentTokenSchema } from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /api/instances/{id}/rotate-token: the agent's new token, answered this once. */
export async function rotateAgentToken(id: number) {
  return agentTokenSchema.parse(await http.post(`/api/instances/${id}/rotate-token`)).token;
}

export function useRotateAgentToken(id: number) {
  return useMutation({ mutationFn: () => rotateAgentToken(id) });
}
