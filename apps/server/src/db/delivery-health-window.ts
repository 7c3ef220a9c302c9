import { DEFAULT_WINDOW_HOURS } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  combinedHealth,
  healthSide,
  healthValues,
  replacedHealth,
  summedHealth,
  windowStart,
} from './delivery-health-buckets.ts';

/**
 * Each website's health over the default window (`delivery_health_windows`), kept so that the
 * fleet page orders a thousand websites by one row each instead of summing every hour of the
 * window. A kept row holds the health of its website's hours from its `window_start` on: every
 * attempt adds to it, and rolling moves `window_start` up to the window's first hour, taking the
 * hours it passes out. A read subtracts the hours a row has not rolled past yet, so the answer is
 * the window's whether or not the roll has run this hour.
 */

const currentStart = windowStart(DEFAULT_WINDOW_HOURS);

/**
 * The statement that adds `health` (rows as healthOfAttempts gives them, one per website) to the
 * websites' windows. A website's first attempt in the window starts its row at the attempt's hour:
 * no hour of the website before it is in the window.
 */
export const addToKeptWindows = (health: SQL) => sql`
  INSERT INTO delivery_health_windows AS w
    (website_id, window_start, attempts, delivered, failed, duration_ms_sum, buckets)
  SELECT website_id, hour, attempts, delivered, failed, duration_ms_sum, buckets
  FROM (${health}) attempt
  ON CONFLICT (website_id) DO UPDATE SET ${combinedHealth('w', '+', 'EXCLUDED')}`;

/**
 * Moves every kept window that starts before the current one up to it, taking out the hours it
 * passes. Runs in one statement; a row that changed start meanwhile (another roll, a repair) is
 * left to that change, so no hour is taken out twice.
 */
export async function rollKeptWindows(db: Db) {
  await db.execute(sql`
    UPDATE delivery_health_windows w
    SET window_start = ${currentStart}, ${combinedHealth('w', '-', 'passed')}
    FROM (SELECT k.website_id, k.window_start, ${summedHealth('h')}
          FROM delivery_health_windows k
          LEFT JOIN delivery_health_hours h
            ON h.website_id = k.website_id AND h.hour >= k.window_start
               AND h.hour < ${currentStart}
          WHERE k.window_start < ${currentStart}
          GROUP BY k.website_id, k.window_start) passed
    WHERE w.website_id = passed.website_id AND w.window_start = passed.window_start`);
}

/**
 * Whether every kept row starts at the current window's first hour or later, so that each holds
 * exactly its website's health over the window (read off the start's index).
 */
export const keptWindowsCurrent = sql`
  (SELECT COALESCE(min(window_start) >= ${currentStart}, TRUE) FROM delivery_health_windows)`;

/**
 * Rows `(website_id, attempts, …, buckets)` whose sums per website are the default window's
 * health: each kept row, less the hours it has not rolled past.
 */
export const keptWindowRows: SQL = sql`
  SELECT website_id, attempts, delivered, failed, buckets FROM delivery_health_windows
  UNION ALL
  SELECT h.website_id, -h.attempts, -h.delivered, -h.failed,
         ARRAY(SELECT -b FROM unnest(h.buckets) WITH ORDINALITY u(b, n) ORDER BY n)
  FROM delivery_health_hours h
  JOIN delivery_health_windows k
    ON k.website_id = h.website_id AND h.hour >= k.window_start
  WHERE h.hour < ${currentStart}
    AND h.hour >= (SELECT min(window_start) FROM delivery_health_windows)`;

/** The health each website's hours give from `start` (an expression over `k`, the kept row) on. */
const actualFrom = (start: SQL) => sql`
  SELECT w.id AS website_id, ${start} AS window_start, ${summedHealth('h')}
  FROM websites w
  LEFT JOIN delivery_health_windows k ON k.website_id = w.id
  JOIN delivery_health_hours h ON h.website_id = w.id AND h.hour >= ${start}
  GROUP BY w.id, k.window_start`;

/**
 * Rows `(key, actual, kept)` (the attempts counted) of every website whose kept window differs
 * from its hours since the row's start (the current window's start for a website without one),
 * with what the repair writes.
 */
export const keptWindowDifferences = sql`
  SELECT website_id AS key, COALESCE(a.attempts, 0) AS actual, COALESCE(k.attempts, 0) AS kept,
         website_id, COALESCE(a.window_start, k.window_start) AS window_start, ${healthValues('a')}
  FROM (${actualFrom(sql`COALESCE(k.window_start, ${currentStart})`)}) a
  FULL JOIN delivery_health_windows k USING (website_id)
  WHERE ${healthSide('a')} IS DISTINCT FROM ${healthSide('k')}`;

/** Writes the hours' health over the rows `wrong` (keptWindowDifferences) names. */
export const keptWindowRepair = sql`
  INSERT INTO delivery_health_windows
    (website_id, window_start, attempts, delivered, failed, duration_ms_sum, buckets)
  SELECT website_id, window_start, attempts, delivered, failed, duration_ms_sum, buckets FROM wrong
  ON CONFLICT (website_id) DO UPDATE SET window_start = EXCLUDED.window_start, ${replacedHealth}`;
