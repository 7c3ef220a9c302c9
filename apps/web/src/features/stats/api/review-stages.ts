import { reviewStageStatsSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { reviewStageStatsKey } from '../../../lib/query-keys.ts';

/** How many post variants wait in each review stage, every workflow's stages in order. */
export function useReviewStageStats() {
  return useQuery({
    queryKey: reviewStageStatsKey,
    queryFn: async () =>
      reviewStageStatsSchema.parse(await http.get('/api/stats/review-stages?kind=post')).data,
  });
}
