import {
  actionAnswerSchema,
  mentionableUserListSchema,
  type ReviewAction,
  reviewLinkSchema,
  type VariantKind,
  variantCommentListSchema,
  variantCommentSchema,
  variantHistorySchema,
  workflowOptionsSchema,
} from '@sitefleet/contract';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../http.ts';
import { notifyFailure, notifyWithLinks } from '../toast.tsx';
import { describeActionAnswer } from './action-summary.ts';
import type { ContentResource } from './content-records.ts';

/** A variant's review calls: its history, comments, review link, and the review actions. */

const variantPath = (kind: VariantKind, variantId: number) => `/api/variants/${kind}/${variantId}`;
const reviewKey = (kind: VariantKind, variantId: number) => ['variant-review', kind, variantId];

/** Every workflow and its stages, for the Move to… choices. */
export function useWorkflowOptions() {
  return useQuery({
    queryKey: ['workflow-options'],
    queryFn: async () => workflowOptionsSchema.parse(await http.get('/api/workflows/options')),
    staleTime: 60_000,
  });
}

export function useVariantHistory(kind: VariantKind, variantId: number) {
  return useQuery({
    queryKey: [...reviewKey(kind, variantId), 'history'],
    queryFn: async () =>
      variantHistorySchema.parse(await http.get(`${variantPath(kind, variantId)}/history`)).data,
  });
}

export function useVariantComments(kind: VariantKind, variantId: number) {
  return useQuery({
    queryKey: [...reviewKey(kind, variantId), 'comments'],
    queryFn: async () =>
      variantCommentListSchema.parse(await http.get(`${variantPath(kind, variantId)}/comments`))
        .data,
  });
}

export function useAddComment(kind: VariantKind, variantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      variantCommentSchema.parse(
        await http.post(`${variantPath(kind, variantId)}/comments`, { body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey(kind, variantId) }),
    onError: notifyFailure,
  });
}

export function useReviewLink(kind: VariantKind, variantId: number) {
  return useMutation({
    mutationFn: async (hours: number) =>
      reviewLinkSchema.parse(
        await http.post(`${variantPath(kind, variantId)}/review-link`, { hours }),
      ),
    onError: notifyFailure,
  });
}

export interface ReviewActionRequest {
  action: ReviewAction;
  ids: readonly number[];
  stage_id?: number;
  comment?: string;
  user_id?: number | null;
  due_at?: string | null;
}

/** Move to… and Assign on Detailed Review rows; the rows, the list and the history reload. */
export function useReviewAction(resource: ContentResource, listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ReviewActionRequest) =>
      actionAnswerSchema.parse(await http.post(`${resource}/details/action`, request)),
    onSuccess: (answer) => {
      const summary = describeActionAnswer(answer);
      notifyWithLinks(summary.tone, summary.text, []);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: ['variant-review'] }),
      ]);
    },
    onError: notifyFailure,
  });
}

/** Move to… and Assign from a list's bulk menu: the ticked records, or every matching one. */
export function useBulkReviewAction(resource: ContentResource, listKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: Record<string, unknown>) =>
      actionAnswerSchema.parse(await http.post(`${resource}/action`, request)),
    onSuccess: (answer) => {
      const summary = describeActionAnswer(answer);
      notifyWithLinks(summary.tone, summary.text, []);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}

/**
 * Whom the variant may be assigned to: the users who may review it (the caller aside), by name
 * or address, the first ones by name before anything is typed.
 */
export function useAssignable(kind: VariantKind, variantId: number, term: string) {
  return useQuery({
    queryKey: [...reviewKey(kind, variantId), 'assignable', term],
    queryFn: async () =>
      mentionableUserListSchema.parse(
        await http.get(`${variantPath(kind, variantId)}/mentionable`, {
          query: { query: term || undefined },
        }),
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Whom a comment on the variant may mention, by name or address; nothing asked without a term. */
export function useMentionable(kind: VariantKind, variantId: number, term: string | null) {
  return useQuery({
    queryKey: [...reviewKey(kind, variantId), 'mentionable', term],
    queryFn: async () =>
      mentionableUserListSchema.parse(
        await http.get(`${variantPath(kind, variantId)}/mentionable`, { query: { query: term } }),
      ).data,
    enabled: term !== null && term !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
