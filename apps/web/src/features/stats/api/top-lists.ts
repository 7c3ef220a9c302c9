import type { topItemSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { topListKey } from '../../../lib/query-keys.ts';
import { getCheckedAnswer } from './checked-answer.ts';

export type TopItem = z.infer<typeof topItemSchema>;

export function fetchTopList(kind: 'websites' | 'categories'): Promise<TopItem[]> {
  return getCheckedAnswer(`/api/stats/top-${kind}`, undefined, (schemas, answer) =>
    schemas.topListSchema.parse(answer),
  );
}

export function useTopWebsites() {
  return useQuery({
    queryKey: [...topListKey, 'websites'],
    queryFn: () => fetchTopList('websites'),
  });
}

export function useTopCategories() {
  return useQuery({
    queryKey: [...topListKey, 'categories'],
    queryFn: () => fetchTopList('categories'),
  });
}
