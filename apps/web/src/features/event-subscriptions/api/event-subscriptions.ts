import {
  DEFAULT_PER_PAGE,
  type EventDeliveryStatus,
  type EventSubscription,
  eventDeliveryPageSchema,
  eventReplayAnswerSchema,
  eventSubscriptionSecretSchema,
  eventSubscriptionsResource,
  messageSchema,
} from '@sitefleet/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { resourceKey } from '../../../lib/resource-queries.ts';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { pageParams } from '../../../lib/use-list-params.ts';

const { path } = eventSubscriptionsResource;
const subscriptionPath = (subscription: Pick<EventSubscription, 'id'>, action: string) =>
  `${path}/${subscription.id}/${action}`;

/**
 * POST {path}/:id/{action}, its answer parsed; the subscriptions' queries (their list and their
 * deliveries) reload after it, whatever its outcome, and a refusal shows its message. A success
 * shows the answer's message, unless the caller shows the answer itself (`quiet`).
 */
function useSubscriptionAction<A extends { message: string }>(
  action: string,
  answer: z.ZodType<A>,
  { body, quiet = false }: { body?: unknown; quiet?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: EventSubscription) =>
      answer.parse(await http.post(subscriptionPath(subscription, action), body)),
    onSuccess: (answered) => {
      if (!quiet) notifySuccess(answered.message);
    },
    onError: notifyFailure,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: resourceKey(eventSubscriptionsResource) }),
  });
}

/** The events Replay failed queues again. */
const REPLAYED_STATUSES = ['failed', 'held'] as const;

/**
 * A row's actions: Send test event (an `event.test`), Resume (a paused one), Replay failed, and
 * Rotate secret, whose new secret the caller shows this once.
 */
export function useSubscriptionActions() {
  return {
    test: useSubscriptionAction('test', messageSchema),
    resume: useSubscriptionAction('resume', messageSchema),
    replay: useSubscriptionAction('replay', eventReplayAnswerSchema, {
      body: { statuses: REPLAYED_STATUSES },
    }),
    rotate: useSubscriptionAction('rotate-secret', eventSubscriptionSecretSchema, { quiet: true }),
  };
}

/** How often an open Deliveries list asks again while some event on it is still pending. */
const PENDING_POLL_MS = 2000;

/**
 * GET {path}/:id/deliveries: one page (of the default size) of the events sent to a subscription,
 * newest first, of one status or all; a row action's reload reloads it too, and it reloads itself
 * while an event on it is pending, so that a test event's outcome shows without reopening it.
 */
export function useEventDeliveries(
  subscriptionId: number,
  page: number,
  status: EventDeliveryStatus | '',
) {
  return useQuery({
    queryKey: [
      ...resourceKey(eventSubscriptionsResource),
      'deliveries',
      subscriptionId,
      { page, status },
    ],
    queryFn: async () =>
      eventDeliveryPageSchema.parse(
        await http.get(`${path}/${subscriptionId}/deliveries`, {
          query: { ...pageParams(page, DEFAULT_PER_PAGE), status: status || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
}
