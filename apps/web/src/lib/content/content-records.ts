import {
  ACTION_MESSAGES,
  actionAnswerSchema,
  deliveryAttemptListSchema,
  type detailRowBaseSchema,
  fromWireVariant,
  messageSchema,
  type Paginated,
  retryAnswerSchema,
  type ScheduleFields,
} from '@sitefleet/contract';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCan } from '../abilities.ts';
import { http } from '../http.ts';
import { websiteSettingsPath } from '../paths.ts';
import { notifyFailure, notifySuccess, notifyWithLinks, type ToastLink } from '../toast.tsx';
import { describeActionAnswer } from './action-summary.ts';

/**
 * Categories and posts share one API shape: bulk actions on records, a sync per record,
 * and Detailed Review's variants with their own actions. These calls serve both.
 */
export type ContentResource = '/api/categories' | '/api/posts';

export interface ContentCallOptions {
  resource: ContentResource;
  /** The queries to reload after a change, e.g. ['categories'] (the list and its details). */
  listKey: QueryKey;
}

/**
 * An action on ticked rows (their ids) or on every row a list's filter finds; a schedule action
 * carries its own fields too.
 */
export type ActionRequest<A extends string> = (
  | { action: A; ids: number[] }
  | { action: A; filter: Record<string, string>; all?: true }
) &
  ScheduleFields;

/**
 * Posts an action ({ ids comma-joined, action }, as clients of the original API send them) and, on success, toasts
 * the server's message with what changed, was queued and was skipped, then reloads the lists.
 * A push refused for want of a webhook links to that website's Webhook Settings, for a user who
 * may change them. A refusal is toasted too; the ticked rows stay for another try.
 */
function useActionCall<A extends string>(path: string, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canMend = useCan('website-settings');
  return useMutation({
    mutationFn: async (request: ActionRequest<A>) =>
      actionAnswerSchema.parse(
        await http.post(
          path,
          'ids' in request ? { ...request, ids: request.ids.join(',') } : request,
        ),
      ),
    onSuccess: (answer) => {
      const summary = describeActionAnswer(answer);
      const links: ToastLink[] = canMend
        ? summary.webhookSettings.map((website) => {
            const href = websiteSettingsPath(website.id, 'webhook');
            const label = ACTION_MESSAGES.webhookSettingsOf(website.name);
            return { label, href, follow: () => navigate(href) };
          })
        : [];
      notifyWithLinks(summary.tone, summary.text, links);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}

/** POST {resource}/action: a Bulk Actions item on the ticked records. */
export function useBulkAction<A extends string>({ resource, listKey }: ContentCallOptions) {
  return useActionCall<A>(`${resource}/action`, listKey);
}

/** POST {resource}/details/action: Detailed Review's Apply on the ticked variants (their ids). */
export function useDetailAction<A extends string>({ resource, listKey }: ContentCallOptions) {
  return useActionCall<A>(`${resource}/details/action`, listKey);
}

/** GET {resource}/sync/{id}; success shows `syncedMessage` (e.g. 'Category synced successfully!'). */
export function useSyncRecord({
  resource,
  listKey,
  syncedMessage,
}: ContentCallOptions & { syncedMessage: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => messageSchema.parse(await http.get(`${resource}/sync/${id}`)),
    onSuccess: () => {
      notifySuccess(syncedMessage);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}

/** The query key of a record's Detailed Review page: under the list's key, so that it reloads too. */
export function detailRowsKey(listKey: QueryKey, recordId: number, page: number) {
  return [...listKey, 'details', recordId, page] as const;
}

/** A Detailed Review row as the server answers it. */
export type WireDetailRow = z.infer<typeof detailRowBaseSchema>;
/** A page of Detailed Review rows, as the server answers it. */
export type DetailPage<Row> = Paginated<Row> & { total_is_estimate: boolean };

/**
 * GET {resource}/details/{id}?page=n: a page of the record's variants, one per website, each
 * with its id as `variant_id`. A delivery's outcome shows by itself: the live events reload it
 * (`lib/live-event-stream.ts`).
 */
export function useDetailRows<Row extends WireDetailRow>(
  { resource, listKey }: ContentCallOptions,
  recordId: number,
  page: number,
  pageSchema: z.ZodType<DetailPage<Row>>,
) {
  return useQuery({
    queryKey: detailRowsKey(listKey, recordId, page),
    queryFn: async () => {
      const answer = pageSchema.parse(
        await http.get(`${resource}/details/${recordId}`, { query: { page } }),
      );
      return { ...answer, data: answer.data.map(fromWireVariant) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET {resource}/details/{variant}/deliveries: a variant's delivery attempts, newest first. */
export function useDeliveryAttempts(
  { resource, listKey }: ContentCallOptions,
  variantId: number,
  page: number,
) {
  return useQuery({
    queryKey: [...listKey, 'deliveries', variantId, page],
    queryFn: async () =>
      deliveryAttemptListSchema.parse(
        await http.get(`${resource}/details/${variantId}/deliveries`, { query: { page } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST {resource}/details/{variant}/retry: 'retry now' for a variant's failed deliveries. */
export function useRetryDelivery({ resource, listKey }: ContentCallOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variantId: number) =>
      retryAnswerSchema.parse(await http.post(`${resource}/details/${variantId}/retry`)),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: notifyFailure,
  });
}
