import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { createdAt } from './columns.ts';
import { websites } from './websites.ts';

/**
 * The import of what Google Analytics 4 and Search Console counted (pipeline/traffic-import): the
 * properties the fleet's Google grant sees, the days each website still has to import, the rows
 * of a day fetched so far, and the backfills asked for. A day's rows reach the roll-ups
 * (traffic_pages, traffic_daily) in one transaction, once its last page has come.
 */

/** A GA4 property ('ga4') or a Search Console site ('search_console') the grant sees. */
export const trafficGoogleProperties = pgTable(
  'traffic_google_properties',
  {
    kind: text('kind').notNull(),
    /** 'properties/123', 'sc-domain:example.com' or a URL prefix. */
    id: text('id').notNull(),
    name: text('name').notNull(),
    host: text('host'),
    /**
     * The website whose URL has the same host, found at discovery: the mapping unless a website
     * names a property of this kind in its settings (db/traffic-google.ts reads both).
     */
    hostWebsiteId: integer('host_website_id').references(() => websites.id, {
      onDelete: 'set null',
    }),
    lastImportedAt: timestamp('last_imported_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A 429's wait: nothing is asked of this property before then. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    /** Taken by the job importing its days; a claim this old died with its process. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** A backfill asked for (POST /api/traffic/import): its progress is its days still pending. */
export const trafficImports = pgTable('traffic_imports', {
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('queued'),
  fromDay: date('from_day', { mode: 'string' }).notNull(),
  toDay: date('to_day', { mode: 'string' }).notNull(),
  /** The websites asked for; null: every website with a property. */
  websiteIds: jsonb('website_ids').$type<number[]>(),
  total: integer('total').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  message: text('message'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A day a website still has to import from a source ('ga4' or 'search_console'), and how far
 * its pages have come: the first `fetched` rows of `property`'s report are in
 * traffic_google_staged.
 */
export const trafficGoogleDays = pgTable(
  'traffic_google_days',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    property: text('property'),
    fetched: integer('fetched').notNull().default(0),
    /**
     * GA4's users of the whole day, from its report's total (kept with the first page): the day's
     * visitors, which its pages' users summed would count once per page each one read.
     */
    visitors: integer('visitors'),
    /** The backfill that asked for it last; null: the daily import. */
    importId: integer('import_id').references(() => trafficImports.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.source, t.day] }),
    /** A backfill's progress: the days it still has. */
    index('traffic_google_days_import_idx').on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);

/** The rows of a pending day fetched so far, summed by path. */
export const trafficGoogleStaged = pgTable(
  'traffic_google_staged',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    /** Search Console's position times its impressions, so that URLs of one path average right. */
    positionWeight: real('position_weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.source, t.day, t.path] })],
);
