import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { categories } from './content.ts';
import { instances, websites } from './websites.ts';

/** Delivery attempts, agent instructions and the scheduler's tasks. */

/**
 * One try at delivering a variant to a target (a website or a social network): what the worker
 * sent, what came back and how long it took. Detailed Review lists them.
 */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: serial('id').primaryKey(),
    /** `category` or `post`: which variants table `variant_id` points into. */
    kind: text('kind').notNull(),
    variantId: integer('variant_id').notNull(),
    /** The variant's website, so that the fleet's attempts are listed per website. */
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** `website` or a social network. */
    target: text('target').notNull(),
    /** The network's channel it went to (none for the website push); kept after the channel goes. */
    channelId: integer('channel_id'),
    /** The queue job this attempt ran for; its retries share it. */
    jobId: text('job_id').notNull(),
    /** 1 for the first try of the job. */
    attempt: integer('attempt').notNull(),
    version: integer('version').notNull(),
    /** `delivered` or `failed`. */
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The id the network or website gave the published item. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_attempts_variant_idx').on(t.kind, t.variantId, t.createdAt),
    index('delivery_attempts_website_idx').on(t.websiteId, t.id),
    index('delivery_attempts_channel_idx').on(t.channelId, t.id).where(sql`channel_id IS NOT NULL`),
    index('delivery_attempts_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The delivery health of a website and target for one hour, kept by every attempt in the
 * attempt's own transaction (and repairable from the attempts: db/integrity.ts), so that the
 * fleet's health is read without scanning the attempts. `buckets` counts the attempts per
 * duration bucket (DURATION_BUCKETS_MS), from which the percentiles are read.
 */
export const deliveryHealthHours = pgTable(
  'delivery_health_hours',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** Every attempt; a deferred one (429) is neither delivered nor failed. */
    attempts: integer('attempts').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    durationMsSum: bigint('duration_ms_sum', { mode: 'number' }).notNull().default(0),
    buckets: integer('buckets').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'delivery_health_hours_pk', columns: [t.websiteId, t.target, t.hour] }),
    // With website_id, attempts, delivered and failed included (migration 0024): the window's
    // sums read the index alone.
    index('delivery_health_hours_hour_idx').on(t.hour),
  ],
);

/**
 * Each website's delivery health over the fleet page's default window, summed from its hours
 * since `window_start` (db/delivery-health-window.ts): every attempt adds to it, and the roll
 * moves `window_start` on as hours leave the window, so the page reads one row per website.
 */
export const deliveryHealthWindows = pgTable(
  'delivery_health_windows',
  {
    websiteId: integer('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    durationMsSum: bigint('duration_ms_sum', { mode: 'number' }).notNull().default(0),
    buckets: integer('buckets').array().notNull(),
    /** Delivered of delivered and failed; none without either. Kept by the database itself. */
    successRate: doublePrecision('success_rate').generatedAlwaysAs(
      sql`CASE WHEN delivered + failed = 0 THEN NULL ELSE delivered::float8 / (delivered + failed) END`,
    ),
  },
  (t) => [
    // The fleet page, worst first, reads its page off this index once every window is rolled.
    index('delivery_health_windows_rate_idx')
      .on(t.successRate, t.websiteId)
      .where(sql`success_rate IS NOT NULL`),
    index('delivery_health_windows_start_idx').on(t.windowStart),
  ],
);

/**
 * What an instance's browser agent is told to generate at its gap time, and what it reported.
 * Each instruction and each report is also an instance-log row.
 */
export const agentInstructions = pgTable(
  'agent_instructions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** `categories` or `posts`. */
    generate: text('generate').notNull(),
    /** The auto-sync category the new sub-categories or posts go under. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    /** How many records the report may create. */
    limit: integer('limit').notNull(),
    /** `pending` until the agent fetches it, then `sent`, then `reported`. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [index('agent_instructions_instance_status_idx').on(t.instanceId, t.status)],
);

// ── Scheduler ─────────────────────────────────────────────────────────────────────────────────

export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: serial('id').primaryKey(),
    /** Stable identity of the task, e.g. `sessions:prune` or `website:3:category-refresh`. */
    command: text('command').notNull(),
    nextRun: timestamp('next_run', { withTimezone: true }),
    status: text('status').notNull().default('Scheduled'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Runs finished (succeeded or failed), by whichever process ran them. */
    runs: integer('runs').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_command_unique').on(t.command),
    index('scheduled_tasks_next_run_idx').on(t.nextRun),
  ],
);
