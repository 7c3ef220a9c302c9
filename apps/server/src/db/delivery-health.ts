import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './client.ts';

/**
 * The hourly delivery health of each website and target (`delivery_health_hours`): what every
 * attempt adds to it, in the attempt's transaction, and how it is recounted from the attempts
 * when it has drifted (db/integrity.ts).
 */

/**
 * The lower bound of each duration bucket, in ms: an attempt counts in the last bucket whose bound
 * it reaches. A percentile is read as the upper bound of the bucket it falls in.
 */
export const DURATION_BUCKETS_MS = [
  0, 25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000,
] as const;

const thresholds = sql.raw(`ARRAY[${DURATION_BUCKETS_MS.join(',')}]::int[]`);
const bucketNumbers = DURATION_BUCKETS_MS.map((_, index) => index + 1);

/** The 1-based bucket of a duration in ms. */
const bucketOf = (duration: SQL) => sql`width_bucket(${duration}, ${thresholds})`;
/** The hour an attempt counts in, in UTC whatever the session's time zone. */
const hourOf = (at: SQL) => sql`date_trunc('hour', ${at}, 'UTC')`;
const NO_BUCKETS = `ARRAY[${DURATION_BUCKETS_MS.map(() => 0).join(',')}]::int[]`;
const noBuckets = sql.raw(NO_BUCKETS);

/** Adds the attempt `attemptId` (already inserted by `executor`) to its hour's health. */
export async function addAttemptToHealth(executor: Executor, attemptId: number) {
  await executor.execute(sql`
    INSERT INTO delivery_health_hours AS h
      (website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets)
    SELECT website_id, target, ${hourOf(sql`created_at`)}, 1,
           (outcome = 'delivered')::int, (outcome = 'failed')::int, duration_ms,
           ARRAY(SELECT (n = ${bucketOf(sql`duration_ms`)})::int
                 FROM generate_series(1, ${DURATION_BUCKETS_MS.length}) n ORDER BY n)
    FROM delivery_attempts WHERE id = ${attemptId}
    ON CONFLICT (website_id, target, hour) DO UPDATE SET
      attempts = h.attempts + 1,
      delivered = h.delivered + EXCLUDED.delivered,
      failed = h.failed + EXCLUDED.failed,
      duration_ms_sum = h.duration_ms_sum + EXCLUDED.duration_ms_sum,
      buckets = ARRAY(SELECT kept + added
                      FROM unnest(h.buckets, EXCLUDED.buckets) WITH ORDINALITY u(kept, added, n)
                      ORDER BY n)`);
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

const columns = ['attempts', 'delivered', 'failed', 'duration_ms_sum'] as const;
/** The values of one side of the comparison, an absent row as zeros. */
const side = (alias: string) =>
  sql.raw(
    `(${columns.map((column) => `COALESCE(${alias}.${column}, 0)`).join(', ')}, COALESCE(${alias}.buckets, ${NO_BUCKETS}))`,
  );

/**
 * Rows `(key, actual, kept)` (the attempts counted) of every website, target and hour whose kept
 * health differs from the attempts', with what the repair writes. A kept row of zeros stands for
 * an hour without attempts.
 */
export const healthDifferences = sql`
  SELECT concat_ws(':', website_id, target, hour) AS key,
         COALESCE(a.attempts, 0) AS actual, COALESCE(k.attempts, 0) AS kept,
         website_id, target, hour,
         COALESCE(a.attempts, 0) AS attempts, COALESCE(a.delivered, 0) AS delivered,
         COALESCE(a.failed, 0) AS failed, COALESCE(a.duration_ms_sum, 0) AS duration_ms_sum,
         COALESCE(a.buckets, ${noBuckets}) AS buckets
  FROM (${actualHealth}) a
  FULL JOIN delivery_health_hours k USING (website_id, target, hour)
  WHERE ${side('a')} IS DISTINCT FROM ${side('k')}`;

/** Writes the attempts' health over the rows `wrong` (healthDifferences) names. */
export const healthRepair = sql`
  INSERT INTO delivery_health_hours
    (website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets)
  SELECT website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets FROM wrong
  ON CONFLICT (website_id, target, hour) DO UPDATE SET
    attempts = EXCLUDED.attempts, delivered = EXCLUDED.delivered, failed = EXCLUDED.failed,
    duration_ms_sum = EXCLUDED.duration_ms_sum, buckets = EXCLUDED.buckets`;

/**
 * The `quantile` (0–1) of the durations that `buckets` (an expression of the summed buckets, an
 * int[] column per bucket `b1`…) hold among `total` attempts: the upper bound of its bucket.
 */
export function durationQuantile(bucket: (n: number) => SQL, total: SQL, quantile: number): SQL {
  const cases = bucketNumbers.map((n) => {
    const upTo = sql.join(
      bucketNumbers.filter((m) => m <= n).map((m) => bucket(m)),
      sql` + `,
    );
    const bound = DURATION_BUCKETS_MS[n] ?? DURATION_BUCKETS_MS[n - 1];
    return sql`WHEN ${upTo} >= ceil(${total} * ${sql.raw(String(quantile))}) THEN ${sql.raw(String(bound))}`;
  });
  return sql`(CASE WHEN ${total} = 0 THEN NULL ${sql.join(cases, sql` `)} END)`;
}

/** The sum of each bucket over the grouped rows of `alias`, as columns b1…bN. */
export const summedBuckets = (alias: string) =>
  sql.raw(
    bucketNumbers.map((n) => `COALESCE(sum(${alias}.buckets[${n}]), 0)::int AS b${n}`).join(', '),
  );

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
  await db.execute(sql`DELETE FROM delivery_health_hours WHERE hour < ${cutoff}`);
  return pruned;
}
