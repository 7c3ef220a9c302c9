import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './client.ts';
import {
  attemptHealth,
  bucketNumbers,
  bucketOf,
  combinedHealth,
  healthSide,
  healthValues,
  hourOf,
  replacedHealth,
} from './delivery-health-buckets.ts';
import { addAttemptToKeptWindow, rollKeptWindows } from './delivery-health-window.ts';

/**
 * The hourly delivery health of each website and target (`delivery_health_hours`): what every
 * attempt adds to it, in the attempt's transaction, and how it is recounted from the attempts
 * when it has drifted (db/integrity.ts).
 */

/** Adds the attempt `attemptId` (already inserted by `executor`) to its hour's and window's health. */
export async function addAttemptToHealth(executor: Executor, attemptId: number) {
  await executor.execute(sql`
    INSERT INTO delivery_health_hours AS h
      (website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets)
    ${attemptHealth(attemptId)}
    ON CONFLICT (website_id, target, hour) DO UPDATE SET ${combinedHealth('h', '+', 'EXCLUDED')}`);
  await addAttemptToKeptWindow(executor, attemptId);
}

/** The health the attempts give, per website, target and hour. */
const actualHealth = sql`
  SELECT website_id, target, ${hourOf(sql`created_at`)} AS hour, count(*)::int AS attempts,
         (count(*) FILTER (WHERE outcome = 'delivered'))::int AS delivered,
         (count(*) FILTER (WHERE outcome = 'failed'))::int AS failed,
         sum(duration_ms)::bigint AS duration_ms_sum,
         ARRAY[${sql.join(
           bucketNumbers.map(
             (n) =>
               sql`(count(*) FILTER (WHERE ${bucketOf(sql`duration_ms`)} = ${sql.raw(String(n))}))::int`,
           ),
           sql`, `,
         )}] AS buckets
  FROM delivery_attempts GROUP BY 1, 2, 3`;

/**
 * Rows `(key, actual, kept)` (the attempts counted) of every website, target and hour whose kept
 * health differs from the attempts', with what the repair writes. A kept row of zeros stands for
 * an hour without attempts.
 */
export const healthDifferences = sql`
  SELECT concat_ws(':', website_id, target, hour) AS key,
         COALESCE(a.attempts, 0) AS actual, COALESCE(k.attempts, 0) AS kept,
         website_id, target, hour,
         ${healthValues('a')}
  FROM (${actualHealth}) a
  FULL JOIN delivery_health_hours k USING (website_id, target, hour)
  WHERE ${healthSide('a')} IS DISTINCT FROM ${healthSide('k')}`;

/** Writes the attempts' health over the rows `wrong` (healthDifferences) names. */
export const healthRepair = sql`
  INSERT INTO delivery_health_hours
    (website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets)
  SELECT website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets FROM wrong
  ON CONFLICT (website_id, target, hour) DO UPDATE SET ${replacedHealth}`;

/** How many attempts one pruning statement deletes: short statements, no long lock. */
export const DELIVERY_PRUNE_BATCH = 5000;

/**
 * Deletes the attempts older than `days`, a batch at a time, and the health of their hours. The
 * cut falls on a whole hour, so that each hour's health keeps matching its attempts. Answers how
 * many attempts went.
 */
export async function pruneDeliveryAttempts(db: Db, days: number): Promise<number> {
  const cutoff = hourOf(sql`now() - ${days} * interval '1 day'`);
  let pruned = 0;
  for (;;) {
    const deleted = await queryRows<{ id: number }>(
      db,
      sql`DELETE FROM delivery_attempts WHERE id IN (
            SELECT id FROM delivery_attempts WHERE created_at < ${cutoff}
            ORDER BY created_at LIMIT ${DELIVERY_PRUNE_BATCH})
          RETURNING id`,
    );
    pruned += deleted.length;
    if (deleted.length < DELIVERY_PRUNE_BATCH) break;
  }
  // The kept windows first leave the hours that go: none of them is in a window after the roll.
  await rollKeptWindows(db);
  await db.execute(sql`DELETE FROM delivery_health_hours WHERE hour < ${cutoff}`);
  return pruned;
}
