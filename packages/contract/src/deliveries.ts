import { z } from 'zod';
import { auditBoundInstant } from './audit-log.ts';
import { idFilter } from './content-actions.ts';
import {
  estimatedPageSchema,
  MAX_ID,
  orderQueryFields,
  pageQuerySchema,
  paginatedSchema,
} from './pagination.ts';
import { PUBLISH_TARGETS } from './publish-targets.ts';

/**
 * What an attempt came to: `deferred` is a 429 whose Retry-After postponed the website's
 * deliveries; it is neither a delivery nor a failure.
 */
export const DELIVERY_OUTCOMES = ['delivered', 'failed', 'deferred'] as const;

/** One try at delivering a variant to its website or a social network (newest first). */
export const deliveryAttemptSchema = z.object({
  id: z.number(),
  target: z.enum(PUBLISH_TARGETS),
  /** 1 for a job's first try; a retried job counts on. */
  attempt: z.number(),
  version: z.number(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  /** The id the website or network gave the published item. */
  external_id: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
export const deliveryAttemptListSchema = paginatedSchema(deliveryAttemptSchema);

/** The variant (Detailed Review row) whose deliveries are listed or retried. */
export const variantParamSchema = z.object({
  variantId: z.coerce.number().int().positive().max(MAX_ID),
});

export const retryAnswerSchema = z.object({ message: z.string(), queued: z.number() });

export const DELIVERY_MESSAGES = {
  retried: (queued: number) =>
    `Delivery queued again (${queued} ${queued === 1 ? 'target' : 'targets'}).`,
  nothingToRetry: 'Nothing to retry: no delivery of this variant has failed.',
} as const;

// ── Fleet delivery health ────────────────────────────────────────────────────────────────────

/** The delivery settings (group Delivery) and their defaults. */
export const DELIVERY_SETTINGS = {
  pauseAfterFailures: { key: 'delivery.pause_after_failures', default: 10 },
  probeMinutes: { key: 'delivery.probe_minutes', default: 5 },
  maxPerMinute: { key: 'delivery.max_per_minute', default: 60 },
  retentionDays: { key: 'delivery.retention_days', default: 30 },
} as const;

/** Consecutive failures at which a website is reported failing, before it is paused. */
export const FAILING_AFTER_FAILURES = 4;

/**
 * The one verdict on a website's deliveries, the same on every screen and in every answer that
 * carries it (`delivery_health`): judged on the website's current run of deliveries, so that it is
 * healthy again as soon as a delivery goes through; the success rate over a window is a figure
 * beside it, not part of it.
 */
export const DELIVERY_HEALTH_LEVELS = ['no_webhook', 'paused', 'failing', 'healthy'] as const;
export type DeliveryHealthLevel = (typeof DELIVERY_HEALTH_LEVELS)[number];

export function deliveryHealthLevel(website: {
  has_post_webhook: boolean;
  paused: boolean;
  consecutive_failures: number;
}): DeliveryHealthLevel {
  if (website.paused) return 'paused';
  if (!website.has_post_webhook) return 'no_webhook';
  if (website.consecutive_failures >= FAILING_AFTER_FAILURES) return 'failing';
  return 'healthy';
}

export const DELIVERY_HEALTH_LABELS: Record<DeliveryHealthLevel, string> = {
  no_webhook: 'No webhook',
  paused: 'Paused',
  failing: 'Failing',
  healthy: 'Healthy',
};

/** What each verdict means, shown beside or under its label. */
export const DELIVERY_HEALTH_MEANINGS: Record<DeliveryHealthLevel, string> = {
  no_webhook: 'No post webhook URL (Advance Settings): nothing is delivered to this website.',
  paused: 'Deliveries are held until someone resumes them.',
  failing: `The last ${FAILING_AFTER_FAILURES} or more deliveries failed in a row.`,
  healthy: `The last delivery went through, or fewer than ${FAILING_AFTER_FAILURES} in a row failed.`,
};

/** One website's deliveries over the window: GET /api/delivery-health rows. */
export const deliveryHealthSchema = z.object({
  website_id: z.number(),
  website_name: z.string(),
  attempts: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Delivered over delivered and failed, 0–1; null without attempts. */
  success_rate: z.number().nullable(),
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
  last_delivered_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number(),
  paused: z.boolean(),
  paused_at: z.string().nullable(),
  paused_reason: z.string().nullable(),
  /** Deliveries waiting to be sent, the held ones of a paused website included. */
  pending: z.number(),
  /** The verdict (deliveryHealthLevel), the same the Websites list shows. */
  delivery_health: z.enum(DELIVERY_HEALTH_LEVELS),
});
export type DeliveryHealth = z.infer<typeof deliveryHealthSchema>;

export const DELIVERY_HEALTH_ORDER_KEYS = ['success_rate', 'failed', 'p95_ms', 'name'] as const;
/** The longest window the health is read over: 30 days. */
export const MAX_WINDOW_HOURS = 720;
/** The window the health is read over unless asked otherwise: the last day. */
export const DEFAULT_WINDOW_HOURS = 24;

export const deliveryHealthQuerySchema = pageQuerySchema.extend({
  window_hours: z.coerce.number().int().min(1).max(MAX_WINDOW_HOURS).default(DEFAULT_WINDOW_HOURS),
  // Worst first: the lowest success rate, then the most failures.
  ...orderQueryFields(DELIVERY_HEALTH_ORDER_KEYS, { key: 'success_rate', direction: 'asc' }),
});
export type DeliveryHealthQuery = z.infer<typeof deliveryHealthQuerySchema>;
export const deliveryHealthPageSchema = paginatedSchema(deliveryHealthSchema);

export const windowQuerySchema = deliveryHealthQuerySchema.pick({ window_hours: true });

// ── Every attempt of the fleet ───────────────────────────────────────────────────────────────

export const DELIVERY_LIST_MESSAGES = {
  targetInvalid: `The target must be one of: ${PUBLISH_TARGETS.join(', ')}`,
  outcomeInvalid: `The outcome must be one of: ${DELIVERY_OUTCOMES.join(', ')}`,
  kindInvalid: 'The kind must be post or category',
  dateInvalid: 'Must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  rangeReversed: 'The end of the range must not come before its start',
} as const;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const dateBound = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), DELIVERY_LIST_MESSAGES.dateInvalid)
    .optional(),
);
const rangeInOrder = ({ from, to }: { from?: string; to?: string }) =>
  !from || !to || auditBoundInstant(from, false) < auditBoundInstant(to, true);

/** The filters of the attempts list, which a replay by filter takes too. */
const attemptFilterFields = {
  website_id: idFilter,
  outcome: z.preprocess(
    blankIsAbsent,
    z.enum(DELIVERY_OUTCOMES, { error: DELIVERY_LIST_MESSAGES.outcomeInvalid }).optional(),
  ),
  from: dateBound,
  to: dateBound,
};

export const deliveryListQuerySchema = pageQuerySchema
  .extend({
    ...attemptFilterFields,
    target: z.preprocess(
      blankIsAbsent,
      z.enum(PUBLISH_TARGETS, { error: DELIVERY_LIST_MESSAGES.targetInvalid }).optional(),
    ),
    kind: z.preprocess(
      blankIsAbsent,
      z.enum(['post', 'category'], { error: DELIVERY_LIST_MESSAGES.kindInvalid }).optional(),
    ),
    /** The attempts made through one social channel. */
    channel_id: idFilter,
  })
  .refine(rangeInOrder, { path: ['to'], message: DELIVERY_LIST_MESSAGES.rangeReversed });
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

/** GET /api/deliveries rows: an attempt with its record and website. */
export const fleetDeliverySchema = z.object({
  id: z.number(),
  kind: z.enum(['post', 'category']),
  record_id: z.number().nullable(),
  record_title: z.string().nullable(),
  pivot_id: z.number(),
  website_id: z.number(),
  website_name: z.string(),
  target: z.enum(PUBLISH_TARGETS),
  /** The social channel it went through; null for the website push and a network's webhook. */
  channel_id: z.number().nullable(),
  channel_name: z.string().nullable(),
  attempt: z.number(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type FleetDelivery = z.infer<typeof fleetDeliverySchema>;
export const fleetDeliveryPageSchema = estimatedPageSchema(fleetDeliverySchema);

// ── Pause, resume, replay, test ──────────────────────────────────────────────────────────────

export const DELIVERY_ACTION_MESSAGES = {
  paused: 'Deliveries to this website are paused.',
  resumed: (queued: number) =>
    `Deliveries resumed (${queued} held ${queued === 1 ? 'delivery' : 'deliveries'} queued).`,
  alreadyPaused: "This website's deliveries are already paused.",
  notPaused: "This website's deliveries are not paused.",
  replayOneOf: 'Give either ids or a filter',
  replayed: (queued: number) =>
    `${queued} ${queued === 1 ? 'delivery' : 'deliveries'} queued again.`,
  heldNote: 'Held while the website’s deliveries are paused',
  noWebhook: 'The website has no post webhook URL (Advance Settings)',
} as const;

export const pauseBodySchema = z
  .strictObject({ reason: z.string().trim().min(1).max(200).optional() })
  .optional();

export const pauseAnswerSchema = z.object({
  message: z.string(),
  health: deliveryHealthSchema,
  /** Resume: how many held deliveries were queued. */
  queued: z.number().optional(),
});

/** At most this many attempt ids per replay. */
export const MAX_REPLAY_IDS = 1000;

export const replayBodySchema = z
  .strictObject({
    ids: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(MAX_REPLAY_IDS).optional(),
    filter: z
      .strictObject(attemptFilterFields)
      .refine(rangeInOrder, {
        path: ['to'],
        message: DELIVERY_LIST_MESSAGES.rangeReversed,
      })
      .optional(),
    dry_run: z.boolean().optional().default(false),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    path: ['ids'],
    message: DELIVERY_ACTION_MESSAGES.replayOneOf,
  });
export type ReplayBody = z.infer<typeof replayBodySchema>;

/** A replay sends, per variant and target, its current version again under its original key. */
export const replayAnswerSchema = z.union([
  z.object({ message: z.string(), queued: z.number() }),
  z.object({ count: z.number() }),
]);

/** POST /api/websites/{id}/test-delivery: a signed ping, not counted in the health. */
export const testDeliveryAnswerSchema = z.object({
  outcome: z.enum(['delivered', 'failed']),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});
export type TestDeliveryAnswer = z.infer<typeof testDeliveryAnswerSchema>;

/** The fleet's health, one row per website, worst first: GET /api/delivery-health. */
export const deliveryHealthResource = {
  name: 'delivery-health',
  path: '/api/delivery-health',
  list: { answer: deliveryHealthPageSchema },
} as const;

/** The filters of the fleet's attempts list. */
export const ATTEMPT_FILTERS = [
  'website_id',
  'target',
  'channel_id',
  'outcome',
  'kind',
  'from',
  'to',
] as const;
export type AttemptFilter = (typeof ATTEMPT_FILTERS)[number];

/** Every attempt of the fleet, newest first: GET /api/deliveries. */
export const deliveriesResource = {
  name: 'deliveries',
  path: '/api/deliveries',
  list: { answer: fleetDeliveryPageSchema, filters: ATTEMPT_FILTERS },
} as const;
