import { STAT_ANSWER_KEYS, type StatKind } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { statsKey } from '../../../lib/query-keys.ts';

const statAnswerSchema = z.record(z.string(), z.unknown());

/** GET /api/stats/{kind}?status=…: the count under the answer's key for that kind. */
export async function fetchStatCount(kind: StatKind, status: string): Promise<number> {
  const answer = statAnswerSchema.parse(
    await http.get(`/api/stats/${kind}`, { query: { status } }),
  );
  return z.number().parse(answer[STAT_ANSWER_KEYS[kind]]);
}

export function useStatCount(kind: StatKind, status: string) {
  return useQuery({
    queryKey: [...statsKey, kind, status],
    queryFn: () => fetchStatCount(kind, status),
  });
}
