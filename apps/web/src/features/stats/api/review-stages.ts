import { useQuery } from '@tanstack/react-query';
import { reviewStageStatsKey } from '../../../lib/query-keys.ts';
import { getCheckedAnswer } from './checked-answer.ts';

/** How many post variants wait in each review stage, every workflow's stages in order. */
export function useReviewStageStats() {
  return useQuery({
    queryKey: reviewStageStatsKey,
    queryFn: () =>
      getCheckedAnswer(
        '/api/stats/review-stages?kind=post',
        undefined,
        (schemas, answer) => schemas.reviewStageStatsSchema.parse(answer).data,
      ),
  });
}
