import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/**
 * What each website earns and costs: revenue per day and source, the cost ledger's stored rows,
 * the dated exchange rates into the fleet's base currency, and the AdSense import's state. Hosting
 * and instance costs are not stored: they are worked out from the websites and instances as they
 * are (modules/costs).
 */

/** An amount as the source gave it, in its own currency: converted when read, at its day's rate. */
const amount = () => numeric('amount', { precision: 18, scale: 6, mode: 'number' }).notNull();
/** ISO 4217, upper case. */
const currency = () => text('currency').notNull();

/**
 * A website's revenue of one day from one source: `adsense` (imported), or a name an operator
 * gives (an ad network with no API, affiliate income). One row per website, source and day: a
 * day sent again replaces it.
 */
export const revenue = pgTable(
  'revenue',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    amount: amount(),
    currency: currency(),
    /** AdSense's own counts of the day (null for other sources). */
    pageViews: integer('page_views'),
    impressions: integer('impressions'),
    clicks: integer('clicks'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('revenue_website_source_day_unique').on(t.websiteId, t.source, t.day),
    /** The fleet's figures over a period. */
    index('revenue_day_idx').on(t.day),
  ],
);

/**
 * The cost ledger's stored rows: what each AI call and each billed social post cost, and the
 * costs an operator adds (`other`; no website: shared across the fleet by views).
 */
export const costs = pgTable(
  'costs',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** `generation`, `social` or `other` (hosting and instances are worked out, never stored). */
    kind: text('kind').notNull(),
    /** What billed it: the AI model, the social network, or `manual`. */
    source: text('source').notNull(),
    amount: amount(),
    currency: currency(),
    note: text('note'),
    /** A generation's token usage, as the provider answered it. */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('costs_day_idx').on(t.day), index('costs_website_day_idx').on(t.websiteId, t.day)],
);

/** Units of the base currency (economics.currency) one unit of `currency` was worth on `day`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: currency(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    /** `manual` (PUT /api/exchange-rates) or `ecb` (the daily fetch). */
    source: text('source').notNull().default('manual'),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * An AdSense account the fleet's Google grant sees, and its import's state: what a 429 left to
 * do is `pending_from`–`pending_to`, asked again once `retry_at` has passed.
 */
export const adsenseAccounts = pgTable('adsense_accounts', {
  /** 'accounts/pub-1234567890'. */
  name: text('name').primaryKey(),
  displayName: text('display_name'),
  lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
  lastError: text('last_error'),
  pendingFrom: date('pending_from', { mode: 'string' }),
  pendingTo: date('pending_to', { mode: 'string' }),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** Taken by the job importing it; a claim this old died with its process. */
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});

/** Each website's last AdSense import: GET /api/revenue/adsense/status. */
export const adsenseWebsites = pgTable('adsense_websites', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  account: text('account'),
  lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** An import asked for (POST /api/revenue/adsense/import): its progress. */
export const revenueImports = pgTable(
  'revenue_imports',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('queued'),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Report rows of a domain no website has, left out. */
    skipped: integer('skipped').notNull().default(0),
    message: text('message'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('revenue_imports_open_idx').on(t.id).where(sql`${t.finishedAt} IS NULL`)],
);

/**
 * A number raised by every statement that changes what the economics figures are made of
 * (statement triggers, migration 0052): revenue, costs, exchange rates, the websites' and
 * instances' costs and the agents' instructions. A ranking of the websites' figures is made again
 * only when it has changed (as traffic_table_version does for the traffic table).
 */
export const economicsVersion = pgTable('economics_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
