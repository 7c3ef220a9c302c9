import { z } from 'zod';
import { optionalQueryFilter } from './content-actions.ts';
import { messageSchema } from './errors.ts';
import { SUBSCRIBABLE_EVENT_TYPES } from './event-types.ts';
import { optionalText, requiredHttpUrl } from './fields.ts';
import {
  limitedWebsiteIds,
  NEWEST_FIRST,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { defineResource } from './resource.ts';

/**
 * Outgoing event subscriptions: a URL that receives the chosen events, signed by the Standard
 * Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`)
 * under the subscription's secret, through the delivery engine (retries with back-off, pause and
 * probe, replay, an attempts log).
 */

export const EVENT_SUBSCRIPTION_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'The URL must start with http:// or https://',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Each event must be one of the event types',
  websitesUnknown: (ids: readonly number[]) => `These websites do not exist: ${ids.join(', ')}`,
  notFound: 'Event subscription not found',
  deleted: 'Event subscription deleted',
  created: 'Event subscription created',
  updated: 'Event subscription updated',
  secretRotated: 'Secret rotated',
  testQueued: 'Test event queued',
  replayed: (count: number) =>
    count === 1 ? '1 event queued again' : `${count} events queued again`,
  resumed: 'Deliveries resumed',
  notPaused: 'The subscription’s deliveries are not paused',
  empty: 'No event subscriptions yet',
  /** The `message` of an `event.test`. */
  testEvent: 'A test event from Sitefleet',
  /** Why an event was skipped, in its delivery's `last_error`. */
  skippedDisabled: 'The subscription is disabled',
  skippedUnseen: 'The subscription’s owner may no longer see this event’s record',
} as const;

export const EVENT_SUBSCRIPTION_DESCRIPTION_MAX = 500;

/** POST and PUT /api/event-subscriptions. */
export const eventSubscriptionInputSchema = z.strictObject({
  url: requiredHttpUrl({
    required: EVENT_SUBSCRIPTION_MESSAGES.urlRequired,
    invalid: EVENT_SUBSCRIPTION_MESSAGES.urlInvalid,
  }),
  events: z
    .array(
      z.string().refine((type) => (SUBSCRIBABLE_EVENT_TYPES as string[]).includes(type), {
        error: EVENT_SUBSCRIPTION_MESSAGES.eventUnknown,
      }),
      { error: EVENT_SUBSCRIPTION_MESSAGES.eventsRequired },
    )
    .min(1, EVENT_SUBSCRIPTION_MESSAGES.eventsRequired)
    .max(SUBSCRIBABLE_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)].sort()),
  /** Only these websites' events; absent or null: every website's, and the fleet's own. */
  website_ids: limitedWebsiteIds
    .nullable()
    .optional()
    .transform((ids) => ids ?? null),
  description: optionalText(EVENT_SUBSCRIPTION_DESCRIPTION_MAX)
    .optional()
    .transform((text) => text ?? null),
  enabled: z.boolean().default(true),
});
export type EventSubscriptionInput = z.output<typeof eventSubscriptionInputSchema>;
export type EventSubscriptionForm = z.input<typeof eventSubscriptionInputSchema>;

export const EVENT_SUBSCRIPTION_STATUSES = ['active', 'paused', 'disabled'] as const;
export type EventSubscriptionStatus = (typeof EVENT_SUBSCRIPTION_STATUSES)[number];

export const eventSubscriptionSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  website_ids: z.array(z.number()).nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** `paused`: its deliveries wait after failures, until a probe or a user resumes them. */
  status: z.enum(EVENT_SUBSCRIPTION_STATUSES),
  paused_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  last_delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The secret's last four characters, to tell which one a receiver holds. */
  secret_hint: z.string(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventSubscription = z.infer<typeof eventSubscriptionSchema>;

/** A new subscription, and a rotation: the secret, shown this once. */
export const eventSubscriptionCreatedSchema = eventSubscriptionSchema.extend({
  secret: z.string(),
});
export type EventSubscriptionCreated = z.infer<typeof eventSubscriptionCreatedSchema>;
export const eventSubscriptionSecretSchema = z.object({
  message: z.string(),
  secret: z.string(),
});

export const EVENT_SUBSCRIPTION_ORDER_KEYS = ['url', 'created_at', 'last_delivered_at'] as const;

export const eventSubscriptionListQuerySchema = pageQuerySchema.extend({
  ...orderQueryFields(EVENT_SUBSCRIPTION_ORDER_KEYS, NEWEST_FIRST),
  status: optionalQueryFilter(z.enum(EVENT_SUBSCRIPTION_STATUSES)),
});
export type EventSubscriptionListQuery = z.infer<typeof eventSubscriptionListQuerySchema>;
export const EVENT_SUBSCRIPTION_FILTERS = ['status'] as const;

export const eventSubscriptionsResource = defineResource({
  name: 'event-subscriptions',
  path: '/api/event-subscriptions',
  access: 'event-subscription-manage',
  noun: { one: 'event subscription', many: 'event subscriptions' },
  list: {
    query: eventSubscriptionListQuerySchema,
    answer: paginatedSchema(eventSubscriptionSchema),
    filters: EVENT_SUBSCRIPTION_FILTERS,
  },
  get: { answer: eventSubscriptionSchema },
  create: { body: eventSubscriptionInputSchema, answer: eventSubscriptionCreatedSchema },
  update: { body: eventSubscriptionInputSchema, answer: eventSubscriptionSchema },
  remove: { answer: messageSchema },
});

/** The state of one event sent to one subscription. */
export const EVENT_DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
  'held',
  'skipped',
] as const;
export type EventDeliveryStatus = (typeof EVENT_DELIVERY_STATUSES)[number];

/** GET /api/event-subscriptions/:id/deliveries: its events, newest first, with their attempts. */
export const eventDeliverySchema = z.object({
  id: z.number(),
  webhook_id: z.string(),
  type: z.string(),
  status: z.enum(EVENT_DELIVERY_STATUSES),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** The body sent: `{ type, timestamp, data }`. */
  payload: z.record(z.string(), z.unknown()),
});
export type EventDelivery = z.infer<typeof eventDeliverySchema>;
export const eventDeliveryQuerySchema = pageQuerySchema.extend({
  status: optionalQueryFilter(z.enum(EVENT_DELIVERY_STATUSES)),
});
export const eventDeliveryPageSchema = paginatedSchema(eventDeliverySchema);

/** GET /api/event-subscriptions/:id/attempts: every try of its events, newest first. */
export const eventAttemptSchema = z.object({
  id: z.number(),
  delivery_id: z.number(),
  webhook_id: z.string(),
  type: z.string(),
  /** 1 for the first try of the event; a replay goes on counting. */
  attempt: z.number(),
  outcome: z.enum(['delivered', 'failed']),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type EventAttempt = z.infer<typeof eventAttemptSchema>;
export const eventAttemptQuerySchema = pageQuerySchema.extend({
  outcome: optionalQueryFilter(z.enum(['delivered', 'failed'])),
});
export const eventAttemptPageSchema = paginatedSchema(eventAttemptSchema);

/** POST /api/event-subscriptions/:id/replay: queues again its failed (or held) events. */
export const eventReplayInputSchema = z.strictObject({
  statuses: z
    .array(z.enum(['failed', 'held', 'skipped', 'delivered']))
    .min(1)
    .default(['failed', 'held']),
  since: z.iso.datetime({ offset: true }).optional(),
});
export const eventReplayAnswerSchema = z.object({ message: z.string(), queued: z.number() });
