import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './client.ts';
import {
  attemptHealth,
  bucketNumbers,
  bucketOf,
  combinedHealth,
  healthOfAttempts,
  healthSide,
  healthValues,
  hourOf,
  replacedHealth,
} from './delivery-health-buckets.ts';
import { addToKeptWindows, rollKeptWindows } from './delivery-health-window.ts';
import { pruneBefore } from './prune.ts';

/**
 * The hourly delivery health of each website and target (`delivery_health_hours`): what every
 * attempt adds to it, in the attempt's transaction, and how it is recounted from the attempts
 * when it has drifted (db/integrity.ts).
 */

/**
 * Whether the website `websiteId` has a post webhook: without one, nothing is pushed to it, and
 * its delivery health says so (deliveryHealthLevel) instead of calling it healthy.
 */
export const hasPostWebhook = (websiteId: SQL) => sql`EXISTS (
  SELECT 1 FROM website_settings ws
  WHERE ws.website_id = ${websiteId} AND coalesce(ws.post_webhook_url, '') <> '')`;

/** The statement that adds `health` (rows as healthOfAttempts gives them) to their hours. */
const addToHours = (health: SQL) => sql`
  INSERT INTO delivery_health_hours AS h
    (website_id, target, hour, attempts, delivered, failed, duration_ms_sum, buckets)
  ${health}
  ON CONFLICT (website_id, target, hour) DO UPDATE SET ${combinedHealth('h', '+', 'EXCLUDED')}`;

/** Adds the attempt `attemptId` (already inserted by `executor`) to its hour's and window's health. */
export async function addAttemptToHealth(executor: Executor, attemptId: number) {
  await executor.execute(addToHours(attemptHealth(attemptId)));
  await executor.execute(addToKeptWindows(attemptHealth(attemptId)));
}

/** An attempt to insert, as the pipeline records one. */
export interface NewAttempt {
  kind: string;
  variantId: number;
  websiteId: number;
  target: string;
  /** The network's channel it went to; none for the website push or a network's webhook. */
  channelId?: number | null;
  jobId: string;
  attempt: number;
  version: number;
  outcome: 'delivered' | 'failed' | 'deferred';
  statusCode: number | null;
  durationMs: number;
  error?: string | null;
  externalId?: string | null;
}

/**
 * What inserting an attempt answers: its id and, when `website` updated the website's row, its
 * consecutive failures and the end of its deferral (null when it was not updated).
 */
export interface InsertedAttempt {
  id: number;
  failures: number | null;
  deferred_until: Date | string | null;
}

/**
 * Inserts `attempt`, adds it to its hour's and window's health and, given `website` (the SET list
 * of an UPDATE of the attempt's website), updates the website's row: one statement, because every
 * delivery to a website takes these same rows and holds them to its commit, so each round trip
 * after the first lock is one that the website's other deliveries wait for.
 */
export async function insertAttemptWithHealth(
  executor: Executor,
  attempt: NewAttempt,
  website?: SQL,
): Promise<InsertedAttempt> {
  const health = healthOfAttempts(sql`inserted`);
  const websiteRow = website
    ? sql`, website AS (UPDATE websites SET ${website} WHERE id = ${attempt.websiteId}
                        RETURNING consecutive_failures, deliveries_deferred_until)`
    : sql``;
  const [row] = await queryRows<InsertedAttempt>(
    executor,
    sql`WITH inserted AS (
          INSERT INTO delivery_attempts (kind, variant_id, website_id, target, channel_id, job_id,
                                         attempt, version, outcome, status_code, duration_ms,
                                         error, external_id)
          VALUES (${attempt.kind}, ${attempt.variantId}, ${attempt.websiteId}, ${attempt.target},
                  ${attempt.channelId ?? null}, ${attempt.jobId}, ${attempt.attempt}, ${attempt.version}, ${attempt.outcome},
                  ${attempt.statusCode}, ${attempt.durationMs}, ${attempt.error ?? null},
                  ${attempt.externalId ?? null})
          RETURNING *),
        hours AS (${addToHours(health)}),
        kept_window AS (${addToKeptWindows(health)})
        ${websiteRow}
        SELECT inserted.id, ${
          website
            ? sql`website.consecutive_failures AS failures,
                  website.deliveries_deferred_until AS deferred_until
                  FROM inserted LEFT JOIN website ON true`
            : sql`NULL::int AS failures, NULL::timestamptz AS deferred_until FROM inserted`
        }`,
  );
  return row!;
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

/**
 * Deletes the attempts older than `days`, a batch at a time, and the health of their hours. The
 * cut falls on a whole hour, so that each hour's health keeps matching its attempts. Answers how
 * many attempts went.
 */
export async function pruneDeliveryAttempts(db: Db, days: number): Promise<number> {
  const cutoff = hourOf(sql`now() - ${days} * interval '1 day'`);
  const pruned = await pruneBefore(db, 'delivery_attempts', 'created_at', cutoff);
  // The kept windows first leave the hours that go: none of them is in a window after the roll.
  await rollKeptWindows(db);
  await db.execute(sql`DELETE FROM delivery_health_hours WHERE hour < ${cutoff}`);
  return pruned;
}
