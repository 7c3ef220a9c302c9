import type {
  Paginated,
  Period,
  TrafficWebsiteRow,
  TrafficWebsitesQuery,
} from '@sitefleet/contract';
import {
  DAY_MS,
  DEFAULT_PER_PAGE,
  daysOf,
  pageOffset,
  paginate,
  periodOf,
  utcDay,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, preparedRows, queryRows } from '../../db/client.ts';
import { websites } from '../../db/schema.ts';
import { versionedCache } from '../../db/versioned-cache.ts';
import { searchCondition } from '../../lists/search.ts';

/**
 * The fleet's table (GET /api/traffic/websites): every website's views and visitors over the
 * period, their change against the period of the same length before, and a sparkline per day.
 *
 * The websites are ranked in one statement: the period and the one before are read in one pass
 * over traffic_daily by its (source, day) index and summed per website (60,000 rows for 1,000
 * websites over 30 days: 14 ms of a core), then sorted. A ranking by figures is kept until the
 * days or the set of websites change (db/versioned-cache.ts, on traffic_table_version), since the
 * days change once a second at most and are read far more often; one by name, or searched, is
 * made at each request. The page's websites are then read with their names and their sparklines
 * as they are now.
 */

/** One website's place in the table: its figures over the period. */
interface Ranked {
  id: number;
  views: number;
  visitors: number;
  change: number | null;
}

const WEBSITE_ORDER: Record<TrafficWebsitesQuery['order_key'], (direction: SQL) => SQL> = {
  views: (direction) => sql`views ${direction}, id ${direction}`,
  visitors: (direction) => sql`visitors ${direction}, id ${direction}`,
  // A website without views before has no change: it sorts last both ways.
  change: (direction) => sql`change ${direction} NULLS LAST, id ${direction}`,
  name: (direction) => sql`name ${direction}, id ${direction}`,
};

/** The websites the table lists (every one, or a token's), searched by name or URL. */
const tableWebsites = (query: TrafficWebsitesQuery, scope: readonly number[] | null) =>
  sql.join(
    [
      sql`TRUE`,
      searchCondition(query.query, [websites.name, websites.url]),
      scope ? sql`${websites.id} = ANY(${idArray(scope)})` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` AND `,
  );

/** Every website the table lists, in the order asked, with its figures over the period. */
function rankedStatement(
  query: TrafficWebsitesQuery,
  period: Period,
  scope: readonly number[] | null,
): SQL {
  const before = utcDay(Date.parse(period.from) - daysOf(period) * DAY_MS);
  const direction = sql.raw(query.order_dir === 'asc' ? 'ASC' : 'DESC');
  return sql`
    WITH sums AS MATERIALIZED (
      SELECT d.website_id,
             sum(d.views) FILTER (WHERE d.day >= ${period.from}::date) AS views,
             sum(d.visitors) FILTER (WHERE d.day >= ${period.from}::date) AS visitors,
             sum(d.views) FILTER (WHERE d.day < ${period.from}::date) AS before
      FROM traffic_daily d
      WHERE d.source = ${query.source} AND d.day BETWEEN ${before}::date AND ${period.to}::date
      GROUP BY d.website_id)
    SELECT id, views, visitors, change FROM (
      SELECT websites.id, websites.name,
             COALESCE(s.views, 0)::float8 AS views, COALESCE(s.visitors, 0)::float8 AS visitors,
             CASE WHEN COALESCE(s.before, 0) = 0 THEN NULL
                  ELSE (COALESCE(s.views, 0) - s.before)::float8 / s.before END AS change
      FROM websites LEFT JOIN sums s ON s.website_id = websites.id
      WHERE ${tableWebsites(query, scope)}) ranked
    ORDER BY ${WEBSITE_ORDER[query.order_key](direction)}`;
}

/** The page's websites: their names and addresses, and their views per day of the period. */
function pageStatement(ids: readonly number[], period: Period, source: string): SQL {
  return sql`
    SELECT w.id, w.name, w.url,
           ARRAY(SELECT COALESCE(d.views, 0)
                 FROM generate_series(${period.from}::date, ${period.to}::date,
                                      interval '1 day') day(day)
                 LEFT JOIN (SELECT d.day, d.views FROM traffic_daily d
                            WHERE d.website_id = w.id AND d.source = ${source}
                              AND d.day BETWEEN ${period.from}::date AND ${period.to}::date) d
                   ON d.day = day.day::date
                 ORDER BY day.day) AS sparkline
    FROM websites w WHERE w.id = ANY(${idArray(ids)})`;
}

/** The table's routes' reader: rankings by figures are kept per process, until they change. */
export function trafficTable() {
  const rankings = versionedCache<Ranked[]>(['traffic_table_version']);
  const rank = (
    db: Db,
    query: TrafficWebsitesQuery,
    period: Period,
    scope: readonly number[] | null,
  ) => {
    // A search term's best plan depends on the term: planned each time, not prepared.
    if (query.query) return queryRows<Ranked>(db, rankedStatement(query, period, scope));
    const ranked = () => preparedRows<Ranked>(db, rankedStatement(query, period, scope));
    if (query.order_key === 'name') return ranked();
    const key = JSON.stringify([query.source, period, query.order_key, query.order_dir, scope]);
    return rankings(db, key, ranked);
  };

  /** GET /api/traffic/websites: one row per website over the period, in the order asked. */
  return async function trafficWebsites(
    db: Db,
    query: TrafficWebsitesQuery,
    scope: readonly number[] | null,
    now = new Date(),
  ): Promise<Paginated<TrafficWebsiteRow>> {
    const period = periodOf(query, now);
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const ranked = await rank(db, query, period, scope);
    const onPage = ranked.slice(
      pageOffset(query.page, perPage),
      pageOffset(query.page, perPage) + perPage,
    );
    const rows =
      onPage.length === 0
        ? []
        : await preparedRows<{ id: number; name: string; url: string; sparkline: number[] }>(
            db,
            pageStatement(
              onPage.map((row) => row.id),
              period,
              query.source,
            ),
          );
    const shown = new Map(rows.map((row) => [row.id, row]));
    // A website deleted since the ranking was kept is left out of its page.
    const data = onPage.flatMap((row) => {
      const website = shown.get(row.id);
      return website ? [{ ...website, ...row, sparkline: website.sparkline.map(Number) }] : [];
    });
    return paginate(data, {
      page: query.page,
      perPage,
      total: ranked.length,
      path: '/api/traffic/websites',
    });
  };
}
