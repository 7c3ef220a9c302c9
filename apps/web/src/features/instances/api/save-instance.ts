import {
  agentTokenSchema,
  type Instance,
  type InstanceInput,
  instanceCreatedSchema,
  instanceSchema,
} from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { instancesKey } from './instances.ts';

/**
 * POST /api/instances, or PUT /api/instances/{id}; the answer is the saved instance, and after a
 * create its agent's first token, answered this once.
 */
export async function saveInstance(
  id: number | null,
  payload: InstanceInput,
): Promise<Instance & { agent_token?: string }> {
  if (id === null) return instanceCreatedSchema.parse(await http.post('/api/instances', payload));
  return instanceSchema.parse(await http.put(`/api/instances/${id}`, payload));
}

export function useSaveInstance(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: InstanceInput) => saveInstance(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instancesKey }),
  });
}

/** POST /api/instances/{id}/rotate-token: the agent's new token, answered this once. */
export async function rotateAgentToken(id: number) {
  return agentTokenSchema.parse(await http.post(`/api/instances/${id}/rotate-token`)).token;
}

export function useRotateAgentToken(id: number) {
  return useMutation({ mutationFn: () => rotateAgentToken(id) });
}
