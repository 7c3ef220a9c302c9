import { topItemSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { topListKey } from '../../../lib/query-keys.ts';

export type TopItem = z.infer<typeof topItemSchema>;

const topListSchema = z.array(topItemSchema);

export async function fetchTopList(kind: 'websites' | 'categories'): Promise<TopItem[]> {
  return topListSchema.parse(await http.get(`/api/stats/top-${kind}`));
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
