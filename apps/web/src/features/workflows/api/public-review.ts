import { type PublicReview, publicReviewSchema, type ReviewDecision } from '@sitefleet/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

const reviewPath = (token: string) => `/api/review/${encodeURIComponent(token)}`;

/** The variant a review link shows; no session needed. */
export function usePublicReview(token: string) {
  return useQuery({
    queryKey: ['public-review', token],
    queryFn: async (): Promise<PublicReview> =>
      publicReviewSchema.parse(await http.get(reviewPath(token))),
    retry: false,
  });
}

/** The outside reviewer's decision: the link is used up by it. */
export function useReviewDecision(token: string) {
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      http.post<{ message: string }>(reviewPath(token), decision),
  });
}
