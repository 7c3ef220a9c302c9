import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { trafficGoogleStaged } from '../../db/schema.ts';
import { MAPPED_GOOGLE_PROPERTIES } from '../../db/traffic-google.ts';
import type { PageRow } from './reports.ts';

/**
 * A website's days still to import from a source, and the rows of the day under way. A page of
 * rows is staged in the same transaction as the count of rows fetched moves, and a day's last page
 * replaces the day in the roll-ups in the same transaction as the day leaves the list: so a page
 * is never staged twice, a day never counted twice nor in part, and an import that stops (a 429,
 * a crash) goes on from the next page.
 */

/** Staged rows per statement: nine parameters each, well under PostgreSQL's 65,535. */
const STAGE_BATCH = 2000;

export interface PendingDay {
  day: string;
  property: string | null;
  fetched: number;
}

const dayOf = (websiteId: number, source: string, day: string) =>
  sql`website_id = ${websiteId} AND source = ${source} AND day = ${day}::date`;

/** The website's first day still to import from the source; null when none is left. */
export async function firstPendingDay(
  executor: Executor,
  websiteId: number,
  source: string,
): Promise<PendingDay | null> {
  const [pending] = await queryRows<PendingDay>(
    executor,
    sql`SELECT day::text AS day, property, fetched FROM traffic_google_days
        WHERE website_id = ${websiteId} AND source = ${source} ORDER BY day LIMIT 1`,
  );
  return pending ?? null;
}

/**
 * Adds the days from `from` to `to` of every mapped property of the websites (all of them when
 * null) to import: a day already pending keeps the rows it fetched. A backfill (`importId`)
 * takes over the days it names, for its progress. Answers the websites with days.
 */
export async function planDays(
  tx: Executor,
  websiteIds: readonly number[] | null,
  range: { from: string; to: string },
  importId: number | null,
): Promise<{ days: number; websiteIds: number[] }> {
  const websites = websiteIds
    ? sql`AND m.website_id = ANY(${`{${websiteIds.join(',')}}`}::int[])`
    : sql``;
  const rows = await queryRows<{ website_id: number }>(
    tx,
    sql`INSERT INTO traffic_google_days (website_id, source, day, import_id)
        SELECT m.website_id, m.kind, d::date, ${importId}::int
        FROM ${MAPPED_GOOGLE_PROPERTIES} m
        CROSS JOIN generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
        WHERE m.website_id IS NOT NULL ${websites}
        ON CONFLICT (website_id, source, day) DO ${
          importId === null ? sql`NOTHING` : sql`UPDATE SET import_id = excluded.import_id`
        }
        RETURNING website_id`,
  );
  return {
    days: rows.length,
    websiteIds: [...new Set(rows.map((row) => row.website_id))].sort((a, b) => a - b),
  };
}

async function stageRows(
  tx: Db,
  websiteId: number,
  source: string,
  day: string,
  rows: readonly PageRow[],
) {
  const t = trafficGoogleStaged;
  for (let start = 0; start < rows.length; start += STAGE_BATCH) {
    await tx
      .insert(t)
      .values(
        rows.slice(start, start + STAGE_BATCH).map((row) => ({ websiteId, source, day, ...row })),
      )
      .onConflictDoUpdate({
        target: [t.websiteId, t.source, t.day, t.path],
        set: {
          views: sql`${t.views} + excluded.views`,
          visitors: sql`${t.visitors} + excluded.visitors`,
          clicks: sql`${t.clicks} + excluded.clicks`,
          impressions: sql`${t.impressions} + excluded.impressions`,
          positionWeight: sql`${t.positionWeight} + excluded.position_weight`,
        },
      });
  }
}

/** Thrown when a day moved under the import (another process took it): nothing was written. */
class DayMoved extends Error {}

/**
 * Moves the day on by one page of `property`'s report: its rows staged, its count of rows
 * fetched up, provided no other process moved it since `fetched` was read.
 */
export async function stagePage(
  executor: Db,
  target: { websiteId: number; source: string; property: string },
  pending: PendingDay,
  page: { rows: readonly PageRow[]; received: number; dayVisitors: number | null },
) {
  const { websiteId, source, property } = target;
  await executor.transaction(async (tx) => {
    const moved = await queryRows<{ day: string }>(
      tx,
      sql`UPDATE traffic_google_days
          SET fetched = fetched + ${page.received}, property = ${property},
              visitors = COALESCE(${page.dayVisitors}::int, visitors)
          WHERE ${dayOf(websiteId, source, pending.day)} AND fetched = ${pending.fetched}
          RETURNING day`,
    );
    if (moved.length === 0) throw new DayMoved(`${source} ${pending.day} moved under the import`);
    await stageRows(tx, websiteId, source, pending.day, page.rows);
    await tx.execute(
      sql`UPDATE traffic_google_properties SET claimed_at = now()
          WHERE kind = ${source} AND id = ${property}`,
    );
  });
}

/** The staged rows, each page matched to the post or category published at its path. */
const stagedPages = (where: SQL) => sql`
  SELECT s.website_id, s.source, s.day, s.path, post.id AS post_id,
         coalesce(post.category_id, category.category_id) AS category_id,
         s.views, s.visitors, s.clicks, s.impressions,
         CASE WHEN s.impressions > 0 THEN s.position_weight / s.impressions END AS position
  FROM traffic_google_staged s
  LEFT JOIN LATERAL (
    SELECT p.id, p.category_id FROM post_variants pv JOIN posts p ON p.id = pv.post_id
    WHERE pv.website_id = s.website_id AND pv.published_path = s.path
    ORDER BY pv.id LIMIT 1
  ) post ON TRUE
  LEFT JOIN LATERAL (
    SELECT cv.category_id FROM category_variants cv
    WHERE cv.website_id = s.website_id AND cv.published_path = s.path
    ORDER BY cv.id LIMIT 1
  ) category ON TRUE
  WHERE ${where}`;

/**
 * The day's last page: in one transaction, the day leaves the list, and the source's pages and
 * total of that day for the website are replaced by what was staged and this page. The day's
 * visitors are GA4's own total where it gave one, its pages' summed otherwise.
 */
export async function completeDay(
  executor: Db,
  target: { websiteId: number; source: string; property: string },
  pending: PendingDay,
  page: { rows: readonly PageRow[]; dayVisitors: number | null },
  now: Date,
) {
  const { websiteId, source, property } = target;
  const { rows } = page;
  const day = dayOf(websiteId, source, pending.day);
  await executor.transaction(async (tx) => {
    const [done] = await queryRows<{ visitors: number | null }>(
      tx,
      sql`DELETE FROM traffic_google_days WHERE ${day} AND fetched = ${pending.fetched}
          RETURNING visitors`,
    );
    if (!done) throw new DayMoved(`${source} ${pending.day} moved under the import`);
    const dayVisitors = page.dayVisitors ?? done.visitors;
    await stageRows(tx, websiteId, source, pending.day, rows);
    const staged = sql`s.website_id = ${websiteId} AND s.source = ${source}
                       AND s.day = ${pending.day}::date`;
    await tx.execute(sql`DELETE FROM traffic_pages WHERE ${day}`);
    await tx.execute(
      sql`INSERT INTO traffic_pages (website_id, source, day, path, post_id, category_id, views,
                                     visitors, clicks, impressions, position)
          ${stagedPages(staged)}`,
    );
    await tx.execute(sql`DELETE FROM traffic_daily WHERE ${day}`);
    await tx.execute(
      sql`INSERT INTO traffic_daily (website_id, source, day, views, visitors, clicks, impressions)
          SELECT website_id, source, day, sum(views),
                 COALESCE(${dayVisitors}::int, sum(visitors)), sum(clicks), sum(impressions)
          FROM traffic_google_staged s WHERE ${staged}
          GROUP BY website_id, source, day`,
    );
    await tx.execute(sql`DELETE FROM traffic_google_staged WHERE ${day}`);
    await tx.execute(
      sql`UPDATE traffic_google_properties SET last_imported_at = ${now}, claimed_at = now()
          WHERE kind = ${source} AND id = ${property}`,
    );
  });
}

/** Starts the day over: what was staged came from another property than the website's now. */
export async function restartDay(executor: Db, websiteId: number, source: string, day: string) {
  await executor.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM traffic_google_staged WHERE ${dayOf(websiteId, source, day)}`);
    await tx.execute(
      sql`UPDATE traffic_google_days SET fetched = 0, property = NULL, visitors = NULL
          WHERE ${dayOf(websiteId, source, day)}`,
    );
  });
}

/**
 * Gives up the website's days of a source (Google refused them, or it has no property any
 * more): each backfill counts them as failed.
 */
export async function dropDays(executor: Executor, websiteId: number, source: string) {
  await executor.execute(
    sql`WITH dropped AS (
          DELETE FROM traffic_google_days WHERE website_id = ${websiteId} AND source = ${source}
          RETURNING import_id
        ), unstaged AS (
          DELETE FROM traffic_google_staged WHERE website_id = ${websiteId} AND source = ${source}
        )
        UPDATE traffic_imports i SET failed = failed + d.days
        FROM (SELECT import_id, count(*)::int AS days FROM dropped
              WHERE import_id IS NOT NULL GROUP BY import_id) d
        WHERE i.id = d.import_id`,
  );
}

/** Ends the backfills that have no day left to import. */
export async function finishImports(executor: Executor, now: Date) {
  await executor.execute(
    sql`UPDATE traffic_imports i SET status = 'done', finished_at = ${now}
        WHERE status = 'running'
          AND NOT EXISTS (SELECT 1 FROM traffic_google_days d WHERE d.import_id = i.id)`,
  );
}
