import { agentTokenSchema, type InstanceInput, instanceSchema } from '@sitefleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { instancesKey } from './instances.ts';

/** POST /api/instances, or PUT /api/instances/{id}; the answer is the saved instance. */
export async function saveInstance(id: number | null, payload: InstanceInput) {
  const answer =
    id === null
      ? await http.post('/api/instances', payload)
      : await http.put(`/api/instances/${id}`, payload);
  return instanceSchema.parse(answer);
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
