import type { EventDeliveryStatus } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt, trigram, updatedAt } from './columns.ts';

/**
 * Outgoing event subscriptions: a URL that receives the chosen event types, signed under the
 * subscription's secret (sealed at rest). Its deliveries pause after failures as a website's do
 * (`paused`), and a probe or a user resumes them.
 */
export const eventSubscriptions = pgTable(
  'event_subscriptions',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** Null: every website's events, and the fleet's own (users, roles, imports). */
    websiteIds: integer('website_ids').array(),
    enabled: boolean('enabled').notNull().default(true),
    /** The Standard Webhooks secret (`whsec_…`), sealed. */
    secret: text('secret').notNull(),
    /** Its owner: an event is sent only while they may see its record. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    paused: boolean('paused').notNull().default(false),
    pausedReason: text('paused_reason'),
    probedAt: timestamp('probed_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_subscriptions_created_at_idx').on(t.createdAt),
    trigram('event_subscriptions_url_trgm', t.url),
  ],
);

/**
 * One event for one subscription: its body (`{ type, timestamp, data }`) and its `webhook_id`, the
 * same on every try and every replay, so that a receiver takes it once. `new` rows are handed to
 * the job queue by the relay (pipeline/event-relay.ts).
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => eventSubscriptions.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** Who may see the event's record: the owner must hold it when it is sent. */
    audience: text('audience').notNull(),
    /** `new` until the relay queues it; then the contract's statuses. */
    status: text('status').$type<EventDeliveryStatus | 'new'>().notNull().default('new'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('event_deliveries_subscription_idx').on(t.subscriptionId, t.id),
    index('event_deliveries_new_idx').on(t.id).where(sql`status = 'new'`),
    index('event_deliveries_created_at_idx').on(t.createdAt),
  ],
);

/** Each try of an event delivery: the subscription's attempts log. */
export const eventAttempts = pgTable(
  'event_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').$type<'delivered' | 'failed'>().notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('event_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
