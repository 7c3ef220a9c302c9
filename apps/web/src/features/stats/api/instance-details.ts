import { instanceDetailsAnswerSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type InstanceDetail = z.infer<
  typeof instanceDetailsAnswerSchema
>['instancesDetails'][number];

export async function fetchInstanceDetails(): Promise<InstanceDetail[]> {
  const answer = instanceDetailsAnswerSchema.parse(await http.get('/api/details/instances'));
  return answer.instancesDetails;
}

export function useInstanceDetails() {
  return useQuery({ queryKey: ['instance-details'], queryFn: fetchInstanceDetails });
}
