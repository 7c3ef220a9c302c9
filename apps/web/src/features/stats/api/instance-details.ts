import type { instanceDetailsAnswerSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getCheckedAnswer } from './checked-answer.ts';

export type InstanceDetail = z.infer<
  typeof instanceDetailsAnswerSchema
>['instancesDetails'][number];

export function fetchInstanceDetails(): Promise<InstanceDetail[]> {
  return getCheckedAnswer(
    '/api/details/instances',
    undefined,
    (schemas, answer) => schemas.instanceDetailsAnswerSchema.parse(answer).instancesDetails,
  );
}

export function useInstanceDetails() {
  return useQuery({ queryKey: ['instance-details'], queryFn: fetchInstanceDetails });
}
