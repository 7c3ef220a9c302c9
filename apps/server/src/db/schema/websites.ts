import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, trigram, updatedAt } from './columns.ts';
import { workflows } from './workflows.ts';

/** Websites with their settings, and the instances that run agents. */

export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    status: smallint('status').notNull().default(1),
    hosting: text('hosting').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Billing period in months. */
    duration: integer('duration').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** What GA4 counted over the same 30 days (modules/traffic/views.ts). */
    ga4Views: bigint('ga4_views', { mode: 'number' }).notNull().default(0),
    nextRenewalDate: date('next_renewal_date', { mode: 'string' }),
    webhookSecret: text('webhook_secret').notNull(),
    /** Public and rotatable: the beacon's `data-key`, which names the website its views count for. */
    trackingKey: text('tracking_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The review workflow its variants move through; null: the default one (migration 0022). */
    workflowId: integer('workflow_id').references((): AnyPgColumn => workflows.id, {
      onDelete: 'restrict',
    }),
    /** The monitor's view: up, down or unknown (see modules/monitor). */
    monitorStatus: text('monitor_status').notNull().default('unknown'),
    monitorKeyword: text('monitor_keyword'),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
    /** Failed checks in a row; MONITOR_CHECK.failuresForDown of them make the website down. */
    monitorFailures: smallint('monitor_failures').notNull().default(0),
    monitorCheckedAt: timestamp('monitor_checked_at', { withTimezone: true }),
    monitorQueuedAt: timestamp('monitor_queued_at', { withTimezone: true }),
    monitorHttpStatus: integer('monitor_http_status'),
    monitorResponseMs: integer('monitor_response_ms'),
    monitorError: text('monitor_error'),
    sslExpiresAt: timestamp('ssl_expires_at', { withTimezone: true }),
    // Delivery health, kept by every attempt to the website (pipeline/delivery.ts).
    /** Failed attempts to the website's webhook since its last delivery or resume. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lastDeliveryError: text('last_delivery_error'),
    /** Paused deliveries are held, not tried, until a probe succeeds or someone resumes them. */
    deliveriesPaused: boolean('deliveries_paused').notNull().default(false),
    deliveriesPausedAt: timestamp('deliveries_paused_at', { withTimezone: true }),
    deliveriesPausedReason: text('deliveries_paused_reason'),
    deliveriesProbedAt: timestamp('deliveries_probed_at', { withTimezone: true }),
    /** A 429's Retry-After: no delivery to the website is tried before then. */
    deliveriesDeferredUntil: timestamp('deliveries_deferred_until', { withTimezone: true }),
    /** The rate limit's current minute and how many deliveries it has started. */
    deliveryWindowStart: timestamp('delivery_window_start', { withTimezone: true }),
    deliveryWindowCount: integer('delivery_window_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    trigram('websites_name_trgm', t.name),
    trigram('websites_url_trgm', t.url),
    trigram('websites_hosting_trgm', t.hosting),
    index('websites_created_at_idx').on(t.createdAt),
    index('websites_views_idx').on(t.views),
    index('websites_ga4_views_idx').on(t.ga4Views),
    uniqueIndex('websites_tracking_key_unique').on(t.trackingKey),
    index('websites_workflow_idx').on(t.workflowId),
    /** The Websites list's sorts, the id breaking ties: walks that stop after one page. */
    index('websites_name_id_idx').on(t.name, t.id),
    index('websites_cost_id_idx').on(t.cost, t.id),
    index('websites_next_renewal_date_id_idx').on(t.nextRenewalDate, t.id),
    index('websites_monitor_status_id_idx').on(t.monitorStatus, t.id),
  ],
);

export const websiteSettings = pgTable('website_settings', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  googleAdsense: text('google_adsense'),
  googleAnalytics: text('google_analytics'),
  seoDescription: text('seo_description'),
  seoTitle: text('seo_title'),
  seoKeywords: text('seo_keywords'),
  seoMeta: text('seo_meta'),
  referenceSites: text('reference_sites'),
  categoryPrompt: text('category_prompt'),
  postPrompt: text('post_prompt'),
  categoryRefresh: smallint('category_refresh'),
  categoriesLimit: smallint('categories_limit').notNull().default(0),
  postRefresh: smallint('post_refresh'),
  postsLimit: smallint('posts_limit').notNull().default(0),
  browserRefresh: smallint('browser_refresh'),
  categoryWebhookUrl: text('category_webhook_url'),
  postWebhookUrl: text('post_webhook_url'),
  /** Posting slots: on these days of the week (0 Sunday … 6 Saturday), at these times (HH:MM). */
  postingDays: smallint('posting_days').array().notNull().default([]),
  postingTimes: text('posting_times').array().notNull().default([]),
  /** The IANA time zone the posting slots and blocked dates are read in. */
  postingTimezone: text('posting_timezone').notNull().default('UTC'),
  /** Dates (YYYY-MM-DD, in the posting time zone) on which no slot is used. */
  blockedDates: text('blocked_dates').array().notNull().default([]),
  /** The GA4 property and Search Console site its traffic is imported from, when not by host. */
  ga4PropertyId: text('ga4_property_id'),
  searchConsoleSite: text('search_console_site'),
  updatedAt: updatedAt(),
});

export const instances = pgTable(
  'instances',
  {
    id: serial('id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    currentState: text('current_state').notNull(),
    /** Time of day, HH:MM, at which the instance's agent runs. */
    gap: text('gap').notNull(),
    region: text('region').notNull(),
    type: text('type').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** SHA-256 of the agent's token; the token itself is shown once. */
    agentTokenHash: text('agent_token_hash'),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('instances_instance_id_unique').on(t.instanceId),
    trigram('instances_instance_id_trgm', t.instanceId),
    trigram('instances_ip_address_trgm', t.ipAddress),
    trigram('instances_region_trgm', t.region),
    index('instances_current_state_idx').on(t.currentState),
    index('instances_created_at_idx').on(t.createdAt),
    /** The Instances list's sorts, the id breaking ties: walks that stop after one page. */
    index('instances_region_id_idx').on(t.region, t.id),
    index('instances_cost_id_idx').on(t.cost, t.id),
  ],
);

export const instanceLogs = pgTable(
  'instance_logs',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    gap: text('gap').notNull(),
    status: text('status').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('instance_logs_instance_created_idx').on(t.instanceId, t.createdAt)],
);
