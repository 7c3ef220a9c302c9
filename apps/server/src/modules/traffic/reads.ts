import {
  type Period,
  periodOf,
  TRAFFIC_MESSAGES,
  type TrafficAnswer,
  type TrafficPoint,
  type TrafficQuery,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, preparedRows } from '../../db/client.ts';
import { validationError } from '../../errors.ts';

/**
 * What the traffic screens read: the roll-ups only (traffic_hourly, traffic_daily, traffic_pages,
 * traffic_pages_hourly, traffic_referrers, traffic_page_referrers), never the raw events.
 *
 * Visitors of more than a day are the sum of the days' visitors: the visitor hash's salt lives one
 * day, so the same reader on two days is two visitors, and no count of uniques across days exists.
 * Likewise a visitor of two websites counts on each, and a category's or post's visitors are the
 * sum of its pages'.
 */

/** Which websites a read counts: one, those of an API token limited to some, or every one. */
type Websites = { only: number } | { scope: readonly number[] } | 'all';

function websitesOf(websiteId: number | undefined, scope: readonly number[] | null): Websites {
  if (websiteId !== undefined) return { only: websiteId };
  return scope ? { scope } : 'all';
}

const websiteCondition = (alias: string, websites: Websites): SQL => {
  const column = sql`${sql.identifier(alias)}.website_id`;
  if (websites === 'all') return sql`TRUE`;
  if ('only' in websites) return sql`${column} = ${websites.only}`;
  return sql`${column} = ANY(${idArray(websites.scope)})`;
};

/**
 * The rows of traffic_pages or traffic_referrers matching `where` (on alias `p`), as `p`: one
 * website's along its primary key, the fleet's website by website along it. Neither table has an
 * index by day alone, and a scan for the period would read every day ever kept.
 */
function perWebsite(table: SQL, where: SQL, websites: Websites): SQL {
  if (websites !== 'all' && 'only' in websites) {
    return sql`(SELECT * FROM ${table} p WHERE p.website_id = ${websites.only} AND ${where}) p`;
  }
  const scope = websites === 'all' ? sql`` : sql`WHERE w.id = ANY(${idArray(websites.scope)})`;
  return sql`(SELECT p.* FROM websites w CROSS JOIN LATERAL (
                SELECT * FROM ${table} p WHERE p.website_id = w.id AND ${where}) p
              ${scope}) p`;
}

/**
 * A website the request names must be there, and within the token's websites: one outside them is
 * unknown to it, as in the bulk calls.
 */
async function assertWebsiteKnown(db: Db, websiteId: number, scope: readonly number[] | null) {
  const [found] = await preparedRows<{ id: number }>(
    db,
    sql`SELECT id FROM websites WHERE id = ${websiteId}`,
  );
  if (!found || (scope && !scope.includes(websiteId))) {
    throw validationError({ website_id: TRAFFIC_MESSAGES.websiteUnknown });
  }
}

/**
 * The pages of the request's post or category. A category counts its own pages and its posts'
 * pages (each page once: a post's page carries its category too, and either finds it).
 */
function pageCondition(query: TrafficQuery): SQL {
  const conditions: SQL[] = [];
  if (query.post_id !== undefined) conditions.push(sql`p.post_id = ${query.post_id}`);
  if (query.category_id !== undefined) {
    conditions.push(
      sql`(p.category_id = ${query.category_id}
           OR p.post_id = ANY(ARRAY(SELECT id FROM posts WHERE category_id = ${query.category_id})))`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

const byPage = (query: TrafficQuery) =>
  query.post_id !== undefined || query.category_id !== undefined;

/** A bucket's start as the answer writes it: ISO text, UTC. */
const isoBucket = (bucket: SQL) => sql`to_char(${bucket}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The counts of the request's days (or hours), each as its bucket (`t`, a UTC timestamp) with its
 * sums: from the pages of a post or category (traffic_pages_hourly by the hour, traffic_pages
 * by the day), or else from the websites' hours or days.
 */
function countsOf(query: TrafficQuery, period: Period, websites: Websites): SQL {
  const unit = sql.raw(`'${query.interval}'`);
  const days = sql`BETWEEN ${period.from}::date AND ${period.to}::date`;
  if (query.interval === 'hour') {
    const [table, where] = byPage(query)
      ? [
          sql`traffic_pages_hourly p`,
          sql`${websiteCondition('p', websites)} AND ${pageCondition(query)}`,
        ]
      : [sql`traffic_hourly p`, websiteCondition('p', websites)];
    return sql`SELECT p.hour AT TIME ZONE 'UTC' AS t, sum(p.views)::float8 AS views,
                      sum(p.visitors)::float8 AS visitors, 0::float8 AS clicks,
                      0::float8 AS impressions
               FROM ${table}
               WHERE p.hour >= ${period.from}::date::timestamp AT TIME ZONE 'UTC'
                 AND p.hour < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
                 AND ${where}
               GROUP BY 1`;
  }
  const [table, where] = byPage(query)
    ? [sql`traffic_pages p`, sql`${websiteCondition('p', websites)} AND ${pageCondition(query)}`]
    : [sql`traffic_daily p`, websiteCondition('p', websites)];
  return sql`SELECT date_trunc(${unit}, p.day::timestamp) AS t, sum(p.views)::float8 AS views,
                    sum(p.visitors)::float8 AS visitors, sum(p.clicks)::float8 AS clicks,
                    sum(p.impressions)::float8 AS impressions
             FROM ${table}
             WHERE p.source = ${query.source} AND p.day ${days} AND ${where}
             GROUP BY 1`;
}

/** Every bucket of the period, the empty ones at zero (a week's or month's starts at its start). */
function seriesStatement(query: TrafficQuery, period: Period, websites: Websites): SQL {
  const interval = query.interval;
  const step = sql.raw(`interval '1 ${interval}'`);
  const first =
    interval === 'hour'
      ? sql`${period.from}::date::timestamp`
      : sql`date_trunc(${sql.raw(`'${interval}'`)}, ${period.from}::date::timestamp)`;
  const last =
    interval === 'hour'
      ? sql`${period.to}::date + interval '23 hours'`
      : sql`${period.to}::date::timestamp`;
  return sql`WITH counts AS (${countsOf(query, period, websites)})
             SELECT ${isoBucket(sql`b.t`)} AS t, COALESCE(c.views, 0) AS views,
                    COALESCE(c.visitors, 0) AS visitors, COALESCE(c.clicks, 0) AS clicks,
                    COALESCE(c.impressions, 0) AS impressions
             FROM generate_series(${first}, ${last}, ${step}) b(t)
             LEFT JOIN counts c ON c.t = b.t
             ORDER BY b.t`;
}

type Counts = Required<Omit<TrafficPoint, 't'>>;

const sumOf = (points: readonly Counts[]): Counts =>
  points.reduce(
    (sum, point) => ({
      views: sum.views + point.views,
      visitors: sum.visitors + point.visitors,
      clicks: sum.clicks + point.clicks,
      impressions: sum.impressions + point.impressions,
    }),
    { views: 0, visitors: 0, clicks: 0, impressions: 0 },
  );

/** Search Console's clicks and impressions: on its answers only, as the other sources have none. */
const shaped = <T extends Counts>(counts: T, searchCounts: boolean) => {
  if (searchCounts) return counts;
  const { clicks: _clicks, impressions: _impressions, ...rest } = counts;
  return rest;
};

const TOP_LIST_SIZE = 10;

/** The period's most viewed pages, each on its website (the same path on two is two pages). */
function topPagesStatement(query: TrafficQuery, period: Period, websites: Websites): SQL {
  const within = sql`p.source = ${query.source}
                     AND p.day BETWEEN ${period.from}::date AND ${period.to}::date`;
  // A post's or category's pages are found through their own indexes.
  const pages = byPage(query)
    ? sql`(SELECT * FROM traffic_pages p
           WHERE ${within} AND ${websiteCondition('p', websites)} AND ${pageCondition(query)}) p`
    : perWebsite(sql`traffic_pages`, within, websites);
  return sql`SELECT p.website_id, p.path, max(p.post_id) AS post_id, sum(p.views)::float8 AS views
             FROM ${pages}
             GROUP BY p.website_id, p.path
             HAVING sum(p.views) + sum(p.clicks) + sum(p.impressions) > 0
             ORDER BY sum(p.views) DESC, sum(p.clicks) DESC, sum(p.impressions) DESC,
                      p.website_id, p.path
             LIMIT ${TOP_LIST_SIZE}`;
}

/**
 * What only the beacon sees of a view (Google's answers have neither), kept per website and day
 * and, for a post's or category's, per page and day: where its readers came from, and on what.
 */
const BREAKDOWNS = {
  referrers: {
    perWebsite: sql`traffic_referrers`,
    perPage: sql`traffic_page_referrers`,
    key: 'domain',
  },
  devices: { perWebsite: sql`traffic_devices`, perPage: sql`traffic_page_devices`, key: 'device' },
} as const;

/** The period's views by referring domain or by device class, most first. */
async function breakdownOf<Key extends keyof typeof BREAKDOWNS>(
  db: Db,
  breakdown: Key,
  query: TrafficQuery,
  period: Period,
  websites: Websites,
) {
  if (query.source !== 'beacon') return [];
  const { perWebsite: websiteTable, perPage, key } = BREAKDOWNS[breakdown];
  const days = sql`p.day BETWEEN ${period.from}::date AND ${period.to}::date`;
  // A post's or category's are its pages', found through their own indexes.
  const rows = byPage(query)
    ? sql`(SELECT * FROM ${perPage} p
           WHERE ${days} AND ${websiteCondition('p', websites)} AND ${pageCondition(query)}) p`
    : perWebsite(websiteTable, days, websites);
  const column = sql.identifier(key);
  return preparedRows<Record<(typeof BREAKDOWNS)[Key]['key'], string> & { views: number }>(
    db,
    sql`SELECT p.${column}, sum(p.views)::float8 AS views
        FROM ${rows}
        GROUP BY p.${column}
        ORDER BY sum(p.views) DESC, p.${column}
        LIMIT ${TOP_LIST_SIZE}`,
  );
}

/** A day's visitors for the totals by the hour: an hour's visitors summed would count one many times. */
const dailyQuery = (query: TrafficQuery): TrafficQuery => ({ ...query, interval: 'day' });

/** GET /api/traffic: the series, its totals, the top pages and referrers of the period. */
export async function trafficOf(
  db: Db,
  query: TrafficQuery,
  scope: readonly number[] | null,
  now = new Date(),
): Promise<TrafficAnswer> {
  if (query.website_id !== undefined) await assertWebsiteKnown(db, query.website_id, scope);
  const period = periodOf(query, now);
  const websites = websitesOf(query.website_id, scope);
  const [series, days, topPages, referrers, devices] = await Promise.all([
    preparedRows<TrafficPoint & Counts>(db, seriesStatement(query, period, websites)),
    query.interval === 'hour'
      ? preparedRows<Counts>(db, countsOf(dailyQuery(query), period, websites))
      : undefined,
    preparedRows<{ website_id: number; path: string; post_id: number | null; views: number }>(
      db,
      topPagesStatement(query, period, websites),
    ),
    breakdownOf(db, 'referrers', query, period, websites),
    breakdownOf(db, 'devices', query, period, websites),
  ]);
  const searchCounts = query.source === 'search_console';
  return {
    series: series.map((point) => shaped(point, searchCounts)),
    totals: shaped(sumOf(days ?? series), searchCounts),
    top_pages: topPages,
    top_referrers: referrers,
    // The writer keeps only DEVICE_CLASSES.
    devices: devices as TrafficAnswer['devices'],
  };
}
