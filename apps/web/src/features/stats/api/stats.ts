import { STAT_ANSWER_KEYS, type StatKind } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { statsKey } from '../../../lib/query-keys.ts';
import { getCheckedAnswer } from './checked-answer.ts';

/** GET /api/stats/{kind}?status=…: the count under the answer's key for that kind. */
export function fetchStatCount(kind: StatKind, status: string): Promise<number> {
  return getCheckedAnswer(`/api/stats/${kind}`, { status }, (schemas, answer) =>
    schemas.statCountSchema.parse(schemas.statAnswerSchema.parse(answer)[STAT_ANSWER_KEYS[kind]]),
  );
}

export function useStatCount(kind: StatKind, status: string) {
  return useQuery({
    queryKey: [...statsKey, kind, status],
    queryFn: () => fetchStatCount(kind, status),
  });
}
