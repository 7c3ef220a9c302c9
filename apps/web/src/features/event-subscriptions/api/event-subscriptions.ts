import {
  DEFAULT_PER_PAGE,
  type EventAttempt,
  type EventDeliveryStatus,
  type EventSubscription,
  eventAttemptPageSchema,
  eventDeliveryPageSchema,
  eventReplayAnswerSchema,
  eventSubscriptionSecretSchema,
  eventSubscriptionsResource,
  messageSchema,
  type Paginated,
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

/**
 * Reloads the subscriptions list: its Last Delivered and status change as its events go out, after
 * the action that sent them has answered.
 */
export function useReloadSubscriptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKey(eventSubscriptionsResource) });
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
 * GET {path}/:id/{log}: one page (of the default size) of a subscription's log, newest first,
 * narrowed by its one filter ('' narrows nothing); a row action's reload reloads it too, and it
 * reloads itself while `reloadWhile` holds of its rows.
 */
function useSubscriptionLog<T>(
  subscriptionId: number,
  log: 'deliveries' | 'attempts',
  answer: z.ZodType<Paginated<T>>,
  page: number,
  [filter, value]: readonly [name: string, value: string],
  reloadWhile?: (rows: T[]) => boolean,
) {
  return useQuery({
    queryKey: [
      ...resourceKey(eventSubscriptionsResource),
      log,
      subscriptionId,
      { page, [filter]: value },
    ],
    queryFn: async () =>
      answer.parse(
        await http.get(`${path}/${subscriptionId}/${log}`, {
          query: { ...pageParams(page, DEFAULT_PER_PAGE), [filter]: value || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && reloadWhile?.(query.state.data.data) ? PENDING_POLL_MS : false,
  });
}

const hasPending = (deliveries: { status: EventDeliveryStatus }[]) =>
  deliveries.some((delivery) => delivery.status === 'pending');

/**
 * GET {path}/:id/deliveries: the events sent to a subscription, of one status or all; it reloads
 * itself while an event on it is pending, so that a test event's outcome shows without reopening it.
 */
export const useEventDeliveries = (
  subscriptionId: number,
  page: number,
  status: EventDeliveryStatus | '',
) =>
  useSubscriptionLog(
    subscriptionId,
    'deliveries',
    eventDeliveryPageSchema,
    page,
    ['status', status],
    hasPending,
  );

/** GET {path}/:id/attempts: every try of a subscription's events, of one outcome or both. */
export const useEventAttempts = (
  subscriptionId: number,
  page: number,
  outcome: EventAttempt['outcome'] | '',
) =>
  useSubscriptionLog(subscriptionId, 'attempts', eventAttemptPageSchema, page, [
    'outcome',
    outcome,
  ]);
