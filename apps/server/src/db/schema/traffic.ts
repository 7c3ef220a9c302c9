import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { websites } from './websites.ts';

/**
 * Traffic: the beacon's raw page views, and their roll-ups with what Google counted. The raw
 * events are partitioned by day (migration 0044: PARTITION BY RANGE, which the schema cannot
 * declare) and dropped a partition at a time after `traffic.raw_retention_days`; the roll-ups are
 * kept for good and are all that the screens read.
 */

/** The post and the category a page is, when it is one (a view's attribution). */
const attribution = () => ({
  postId: integer('post_id'),
  categoryId: integer('category_id'),
});

/** A post's and a category's rows of a page roll-up, found by their own indexes over `time`. */
const attributionIndexes = (
  table: string,
  t: { postId: AnyPgColumn; categoryId: AnyPgColumn },
  time: AnyPgColumn,
) => [
  index(`${table}_post_idx`).on(t.postId, time).where(sql`${t.postId} IS NOT NULL`),
  index(`${table}_category_idx`).on(t.categoryId, time).where(sql`${t.categoryId} IS NOT NULL`),
];

/**
 * One page view as the beacon sent it, at the moment the server took it. No IP and no user agent:
 * `visitor` is a hash of the website, the IP and the user agent with a salt that lives one day.
 * No foreign key: a website's raw views go with their partitions, not row by row.
 */
export const trafficEvents = pgTable(
  'traffic_events',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    websiteId: integer('website_id').notNull(),
    path: text('path').notNull(),
    ...attribution(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    /** The referrer's host, when it is another website's. */
    referrer: text('referrer'),
    device: text('device').notNull(),
  },
  (t) => [
    /** Whether a view is its visitor's first of the day, hour or page: a few rows each. */
    index('traffic_events_visitor_idx').on(t.websiteId, t.visitor, t.at),
  ],
);

const websiteId = () =>
  integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' });

const counts = () => ({
  views: integer('views').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/** Search Console's figures, on the rows it imported (zero elsewhere). */
const searchCounts = () => ({
  clicks: integer('clicks').notNull().default(0),
  impressions: integer('impressions').notNull().default(0),
});

/** The beacon's views per website and hour. */
export const trafficHourly = pgTable(
  'traffic_hourly',
  {
    websiteId: websiteId(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...counts(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.hour] }),
    index('traffic_hourly_hour_idx').on(t.hour),
  ],
);

/** Views per website, source and day: the beacon's, and what GA4 and Search Console counted. */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    websiteId: websiteId(),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counts(),
    ...searchCounts(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.source, t.day] }),
    /** The fleet's table over a period: every website's days of one source. */
    index('traffic_daily_source_day_idx').on(t.source, t.day),
  ],
);

/** Views per website, source, day and page, with the post or category the page is. */
export const trafficPages = pgTable(
  'traffic_pages',
  {
    websiteId: websiteId(),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    ...attribution(),
    ...counts(),
    ...searchCounts(),
    /** Search Console's average position of the page that day. */
    position: real('position'),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.source, t.day, t.path] }),
    ...attributionIndexes('traffic_pages', t, t.day),
  ],
);

/**
 * The beacon's views per website, hour and page, with the post or category the page is: a post's
 * or category's hours, the days after it was published.
 */
export const trafficPagesHourly = pgTable(
  'traffic_pages_hourly',
  {
    websiteId: websiteId(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    path: text('path').notNull(),
    ...attribution(),
    ...counts(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.hour, t.path] }),
    ...attributionIndexes('traffic_pages_hourly', t, t.hour),
  ],
);

/** The beacon's views per website, day and referring domain. */
export const trafficReferrers = pgTable(
  'traffic_referrers',
  {
    websiteId: websiteId(),
    day: date('day', { mode: 'string' }).notNull(),
    domain: text('domain').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.domain] })],
);

/** The beacon's views per website, day, page and referring domain: a post's or category's referrers. */
export const trafficPageReferrers = pgTable(
  'traffic_page_referrers',
  {
    websiteId: websiteId(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    ...attribution(),
    domain: text('domain').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.day, t.path, t.domain] }),
    ...attributionIndexes('traffic_page_referrers', t, t.day),
  ],
);

/** The beacon's views per website, day and device class. */
export const trafficDevices = pgTable(
  'traffic_devices',
  {
    websiteId: websiteId(),
    day: date('day', { mode: 'string' }).notNull(),
    device: text('device').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.device] })],
);

/** The beacon's views per website, day, page and device class: a post's or category's devices. */
export const trafficPageDevices = pgTable(
  'traffic_page_devices',
  {
    websiteId: websiteId(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    ...attribution(),
    device: text('device').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.day, t.path, t.device] }),
    ...attributionIndexes('traffic_page_devices', t, t.day),
  ],
);

/**
 * The day's salt of the visitor hash, the same in every process: made when the day's first view
 * arrives, deleted once the day is over, so that no hash can be tied to a visitor afterwards.
 */
export const trafficSalts = pgTable('traffic_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

/**
 * A number raised by every statement that writes traffic_daily or adds or removes websites
 * (statement triggers, migration 0049): a ranking of the fleet's table is made again only when
 * one of them has changed, whoever wrote them (db/versioned-cache.ts).
 */
export const trafficTableVersion = pgTable('traffic_table_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
