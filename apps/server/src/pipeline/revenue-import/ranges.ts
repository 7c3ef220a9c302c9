import { ADSENSE_SOURCE } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, idArray, queryRows, textArray } from '../../db/client.ts';
import { hostOf } from '../traffic-import/discover.ts';
import type { Report } from './adsense-api.ts';

/**
 * Each AdSense account's days still to import: one range, `pending_from` to `pending_to`, taken
 * oldest first a report at a time. A report's days are written and leave the range in one
 * transaction, so that an import that stops (a 429, a crash) goes on from the first day not
 * written, and a day imported again replaces what it had: no day is counted twice.
 */

export interface PendingRange {
  from: string;
  to: string;
}

/** The days of two ranges in common, both ends included: 0 when they do not meet. */
const overlapDays = (a: { from: SQL; to: SQL }, b: { from: SQL; to: SQL }) =>
  sql`greatest(0, least(${a.to}, ${b.to}) - greatest(${a.from}, ${b.from}) + 1)`;
const importRange = { from: sql`i.from_day`, to: sql`i.to_day` };

/** The account's days still to import; null when none. */
export async function pendingRange(
  executor: Executor,
  account: string,
  lock = false,
): Promise<PendingRange | null> {
  const [row] = await queryRows<{ from: string | null; to: string | null }>(
    executor,
    sql`SELECT pending_from::text AS from, pending_to::text AS to FROM adsense_accounts
        WHERE name = ${account} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}

/**
 * Adds the days from `from` to `to` to every account's range (a range takes in the days between
 * too: days imported again are the same rows). Answers the accounts with days to import.
 */
export async function addRange(tx: Executor, range: PendingRange): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`UPDATE adsense_accounts
        SET pending_from = least(pending_from, ${range.from}::date),
            pending_to = greatest(pending_to, ${range.to}::date)
        RETURNING name`,
  );
  return rows.map((row) => row.name).sort();
}

/** Each host's website: the first of that host (its URL's, without `www.`, as a report's). */
async function websitesByHost(tx: Executor) {
  const websites = await queryRows<{ id: number; url: string }>(
    tx,
    sql`SELECT id, url FROM websites ORDER BY id`,
  );
  const byHost = new Map<string, number>();
  for (const website of websites) {
    const host = hostOf(website.url);
    if (host && !byHost.has(host)) byHost.set(host, website.id);
  }
  return byHost;
}

/**
 * A report of `days` (the first of the account's range) written: in one transaction, the AdSense
 * rows of those days of the account's websites (those its report names, and those it named
 * before) replaced by the report's, each website's import recorded, and the days leaving the
 * range. Rows of a host no website has are left out and counted by the imports they belong to,
 * which count the days done too. Answers how many rows were left out.
 */
export async function writeReport(
  db: Db,
  account: string,
  days: PendingRange,
  report: Report,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await pendingRange(tx, account, true);
    const byHost = await websitesByHost(tx);
    const mapped = report.rows.flatMap((row) => {
      const websiteId = byHost.get(row.host);
      if (websiteId === undefined) return [];
      const { day, earnings, pageViews, impressions, clicks } = row;
      return [{ website_id: websiteId, day, earnings, page_views: pageViews, impressions, clicks }];
    });
    const skipped = new Map<string, number>();
    for (const row of report.rows) {
      if (!byHost.has(row.host)) skipped.set(row.day, (skipped.get(row.day) ?? 0) + 1);
    }
    const websiteIds = [...new Set(mapped.map((row) => row.website_id))];
    const ofAccount = sql`(website_id = ANY(${idArray(websiteIds)})
      OR website_id IN (SELECT website_id FROM adsense_websites WHERE account = ${account}))`;
    await tx.execute(
      sql`DELETE FROM revenue WHERE source = ${ADSENSE_SOURCE}
            AND day BETWEEN ${days.from}::date AND ${days.to}::date AND ${ofAccount}`,
    );
    if (mapped.length > 0) {
      await tx.execute(
        sql`INSERT INTO revenue (website_id, day, source, amount, currency, page_views,
                                 impressions, clicks)
            SELECT r.website_id, r.day, ${ADSENSE_SOURCE}, sum(r.earnings), ${report.currency},
                   least(sum(r.page_views), 2147483647), least(sum(r.impressions), 2147483647),
                   least(sum(r.clicks), 2147483647)
            FROM jsonb_to_recordset(${JSON.stringify(mapped)}::jsonb)
              AS r(website_id int, day date, earnings numeric, page_views bigint,
                   impressions bigint, clicks bigint)
            GROUP BY r.website_id, r.day`,
      );
    }
    await tx.execute(
      sql`UPDATE adsense_websites SET last_imported_at = ${now}, last_error = NULL
          WHERE account = ${account}`,
    );
    if (websiteIds.length > 0) {
      await tx.execute(
        sql`INSERT INTO adsense_websites (website_id, account, last_imported_at)
            SELECT unnest(${idArray(websiteIds)}), ${account}, ${now}
            ON CONFLICT (website_id) DO UPDATE
              SET account = excluded.account, last_imported_at = excluded.last_imported_at,
                  last_error = NULL`,
      );
    }
    // Days added before the range's start meanwhile: the range stays whole, these days with it.
    if (pending?.from === days.from) {
      const left = pending.to > days.to;
      await tx.execute(
        sql`UPDATE adsense_accounts
            SET pending_from = ${left ? sql`${days.to}::date + 1` : sql`NULL`},
                pending_to = ${left ? sql`pending_to` : sql`NULL`},
                last_imported_at = ${now}, last_error = NULL, claimed_at = now()
            WHERE name = ${account}`,
      );
      const skippedDays = [...skipped].map(([day, rows]) => ({ day, rows }));
      const written = { from: sql`${days.from}::date`, to: sql`${days.to}::date` };
      await tx.execute(
        sql`UPDATE revenue_imports i
            SET done = least(i.total - i.failed, i.done + ${overlapDays(importRange, written)}),
                skipped = i.skipped + (
                  SELECT coalesce(sum(s.rows), 0)::int
                  FROM jsonb_to_recordset(${JSON.stringify(skippedDays)}::jsonb)
                    AS s(day date, rows int)
                  WHERE s.day BETWEEN i.from_day AND i.to_day)
            WHERE i.status = 'running'
              AND i.from_day <= ${days.to}::date AND i.to_day >= ${days.from}::date`,
      );
    }
    return [...skipped.values()].reduce((sum, rows) => sum + rows, 0);
  });
}

/**
 * Gives up the account's range (AdSense refused it, or the grant no longer sees it): each import
 * counts its days of it as failed.
 */
export async function dropRange(executor: Executor, accounts: readonly string[]) {
  if (accounts.length === 0) return;
  const pending = { from: sql`a.pending_from`, to: sql`a.pending_to` };
  await executor.execute(
    sql`UPDATE revenue_imports i
        SET failed = least(i.total - i.done, i.failed + (
          SELECT coalesce(sum(${overlapDays(importRange, pending)}), 0)::int
          FROM adsense_accounts a WHERE a.name = ANY(${textArray(accounts)})
            AND a.pending_from IS NOT NULL))
        WHERE i.status = 'running'`,
  );
  await executor.execute(
    sql`UPDATE adsense_accounts SET pending_from = NULL, pending_to = NULL, retry_at = NULL
        WHERE name = ANY(${textArray(accounts)})`,
  );
}

/** Ends the imports whose days no account has left to import: the days not failed are done. */
export async function finishImports(executor: Executor, now: Date) {
  await executor.execute(
    sql`UPDATE revenue_imports i SET status = 'done', done = i.total - i.failed, finished_at = ${now}
        WHERE status = 'running'
          AND NOT EXISTS (SELECT 1 FROM adsense_accounts a
                          WHERE a.pending_from <= i.to_day AND a.pending_to >= i.from_day)`,
  );
}
