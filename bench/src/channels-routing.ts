/**
 * The channels bench's routing case: `publish_facebook` queued, checked in SQL against each
 * variant's own website (the faults a run must not have), undone, and its floor, one statement
 * writing the same rows and jobs; `routingRun` times one run of any path. Apart from
 * `channels.ts` so each file stays within the project's 400 lines.
 */
import type { ActionAnswer, PostAction } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { runBulkAction } from '../../apps/server/src/content/actions.ts';
import { POST_KIND } from '../../apps/server/src/content/kinds.ts';
import { runAsActor } from '../../apps/server/src/db/audit.ts';
import { type Db, idArray, queryRows } from '../../apps/server/src/db/client.ts';
import type { JobQueue } from '../../apps/server/src/jobs/queue.ts';
import { BENCH_ACTOR, type benchCaller } from './bulk.ts';
import { count, NETWORK, step } from './channels-seed.ts';

export const ACTION: PostAction = 'publish_facebook';
const QUEUE = 'social-publish';

/**
 * The variants of `postIds` (`bench`), the live Facebook channel links (`live`), the default
 * (`fallback`) and the channel each variant must go to (`expected`), written the plain way.
 */
const routingViews = (postIds: readonly number[]) => sql`
  bench AS (SELECT v.id, v.website_id, v.version FROM post_variants v
            WHERE v.post_id = ANY(${idArray(postIds)})),
  live AS (SELECT cw.website_id, c.id AS channel_id
           FROM channels c JOIN channel_websites cw ON cw.channel_id = c.id
           WHERE c.network = ${NETWORK} AND c.status <> 'disabled'),
  fallback AS (SELECT c.id AS channel_id FROM channels c
               WHERE c.network = ${NETWORK} AND c.is_default AND c.status <> 'disabled'),
  expected AS (SELECT b.id AS variant_id, l.channel_id
               FROM bench b JOIN live l ON l.website_id = b.website_id
               UNION ALL
               SELECT b.id, f.channel_id FROM bench b CROSS JOIN fallback f
               WHERE NOT EXISTS (SELECT 1 FROM live l WHERE l.website_id = b.website_id))`;

/** What SQL finds of the queued publish, per figure; every figure but `expected` must be 0. */
interface RoutingCheck {
  expected: number;
  jobs: number;
  rows: number;
  /** Jobs and variant_channels rows whose channel is neither linked to the website nor its fallback. */
  other_website: number;
  /** … whose channel is gone, disabled or of another network. */
  wrong_channel: number;
  jobs_missing: number;
  jobs_extra: number;
  rows_missing: number;
  rows_extra: number;
  /** Jobs of another version than the variant's, or no longer waiting in the queue. */
  jobs_stale: number;
  jobs_not_queued: number;
}

async function checkRouting(db: Db, postIds: readonly number[]): Promise<RoutingCheck> {
  const [found] = await queryRows<RoutingCheck>(
    db,
    sql`WITH ${routingViews(postIds)},
        jobs AS (SELECT (j.data->>'variantId')::int AS variant_id,
                        (j.data->>'channelId')::int AS channel_id,
                        (j.data->>'version')::int AS version, j.state::text AS state
                 FROM pgboss.job j
                 WHERE j.name = ${QUEUE} AND j.data->>'kind' = 'post'
                   AND j.data->>'target' = ${NETWORK}),
        queued_rows AS (SELECT variant_id, channel_id FROM variant_channels
                        WHERE kind = 'post' AND network = ${NETWORK} AND status = 'queued'),
        routed AS (SELECT variant_id, channel_id FROM jobs
                   UNION ALL SELECT variant_id, channel_id FROM queued_rows)
        SELECT
          (SELECT count(*)::int FROM expected) AS expected,
          (SELECT count(*)::int FROM jobs) AS jobs,
          (SELECT count(*)::int FROM queued_rows) AS rows,
          (SELECT count(*)::int FROM routed r JOIN post_variants v ON v.id = r.variant_id
           WHERE NOT EXISTS (SELECT 1 FROM channel_websites cw
                             WHERE cw.channel_id = r.channel_id AND cw.website_id = v.website_id)
             AND NOT (r.channel_id IN (SELECT channel_id FROM fallback)
                      AND NOT EXISTS (SELECT 1 FROM live l WHERE l.website_id = v.website_id)))
            AS other_website,
          (SELECT count(*)::int FROM routed r LEFT JOIN channels c ON c.id = r.channel_id
           WHERE c.id IS NULL OR c.network <> ${NETWORK} OR c.status = 'disabled') AS wrong_channel,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM expected
                                      EXCEPT ALL SELECT variant_id, channel_id FROM jobs) m)
            AS jobs_missing,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM jobs
                                      EXCEPT ALL SELECT variant_id, channel_id FROM expected) m)
            AS jobs_extra,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM expected
                                      EXCEPT ALL SELECT variant_id, channel_id FROM queued_rows) m)
            AS rows_missing,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM queued_rows
                                      EXCEPT ALL SELECT variant_id, channel_id FROM expected) m)
            AS rows_extra,
          (SELECT count(*)::int FROM jobs j JOIN bench b ON b.id = j.variant_id
           WHERE j.version IS DISTINCT FROM b.version) AS jobs_stale,
          (SELECT count(*)::int FROM jobs WHERE state <> 'created') AS jobs_not_queued`,
  );
  return found!;
}

/** How the report names each figure that must be 0. */
const FAULTS: Record<Exclude<keyof RoutingCheck, 'expected' | 'jobs' | 'rows'>, string> = {
  other_website: "routed to another website's channel",
  wrong_channel: "on a deleted, disabled or another network's channel",
  jobs_missing: 'jobs missing',
  jobs_extra: 'jobs extra',
  rows_missing: 'variant_channels rows missing',
  rows_extra: 'variant_channels rows extra',
  jobs_stale: "jobs of another version than the variant's",
  jobs_not_queued: 'jobs no longer queued',
};

/** What is wrong with a run's routing, or nothing. */
function routingFaults(check: RoutingCheck, answer?: Pick<ActionAnswer, 'queued' | 'skipped'>) {
  const faults = Object.entries(FAULTS)
    .filter(([name]) => check[name as keyof typeof FAULTS] !== 0)
    .map(([name, label]) => `${check[name as keyof typeof FAULTS]} ${label}`);
  if (check.expected === 0) faults.push('SQL routes no variant, so the case measures nothing');
  if (answer && answer.queued !== check.expected) {
    faults.push(`${answer.queued} jobs answered for ${check.expected}`);
  }
  if (answer && answer.skipped.length > 0) faults.push(`skipped ${JSON.stringify(answer.skipped)}`);
  return faults;
}

/** The publish undone: no job, no channel delivery, the variants' deliveries empty again. */
export async function resetRouting(db: Db, postIds: readonly number[]) {
  await db.execute(sql`DELETE FROM pgboss.job WHERE name = ${QUEUE}`);
  await db.execute(sql`DELETE FROM variant_channels WHERE kind = 'post'`);
  await db.execute(sql`
    UPDATE post_variants SET deliveries = '{}'::jsonb, delivery_status = NULL, delivery_error = NULL
    WHERE post_id = ANY(${idArray(postIds)}) AND deliveries <> '{}'::jsonb`);
  await db.execute(sql`DELETE FROM events WHERE type = 'delivery'`);
  // Each run starts from tables without the last run's dead rows.
  await db.execute(sql`VACUUM (ANALYZE) pgboss.job, variant_channels, post_variants, events`);
}

/**
 * The routing's floor: one statement writing each variant's channel rows and its jobs (with the
 * queue's retry and expiry settings, as pg-boss writes them) from the routing's joins, without
 * the skip reasons, the variants' delivery state, the events or the audit entry.
 */
export async function floorRouting(db: Db, postIds: readonly number[]) {
  await db.execute(sql`
    WITH ${routingViews(postIds)},
    marked AS (INSERT INTO variant_channels (kind, variant_id, channel_id, network, status)
               SELECT 'post', variant_id, channel_id, ${NETWORK}, 'queued' FROM expected
               RETURNING variant_id, channel_id)
    INSERT INTO pgboss.job (name, data, dead_letter, expire_in, keep_until, retry_limit,
                            retry_delay, retry_backoff, policy)
    SELECT q.name,
           jsonb_build_object('kind', 'post', 'variantId', m.variant_id, 'version', b.version,
                              'target', ${NETWORK}::text, 'channelId', m.channel_id),
           q.dead_letter, coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
           now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
           q.retry_limit, greatest(q.retry_delay, 1), q.retry_backoff, q.policy
    FROM marked m JOIN bench b ON b.id = m.variant_id
    CROSS JOIN pgboss.queue q WHERE q.name = ${QUEUE}`);
}

export interface Routing {
  service: number[];
  floor: number[];
  http: number[];
  checks: { path: string; check: RoutingCheck; faults: string[] }[];
}

/** Times one publish through `publish`, then checks and undoes it. */
export async function routingRun(
  db: Db,
  postIds: readonly number[],
  routing: Routing,
  path: 'service' | 'floor' | 'http',
  publish: () => Promise<Pick<ActionAnswer, 'queued' | 'skipped'> | undefined>,
) {
  const start = performance.now();
  const answer = await publish();
  routing[path].push(performance.now() - start);
  const check = await checkRouting(db, postIds);
  const faults = routingFaults(check, answer);
  routing.checks.push({ path, check, faults });
  step(
    `${path}: ${count(check.jobs)} jobs queued in ${routing[path].at(-1)!.toFixed(0)} ms, ${check.other_website} routed to another website's channel${faults.length > 0 ? `; WRONG: ${faults.join(', ')}` : ''}`,
  );
  await resetRouting(db, postIds);
}

export const serviceRun =
  (db: Db, queue: JobQueue, postIds: readonly number[], caller: Caller) => () =>
    runAsActor(BENCH_ACTOR, () =>
      runBulkAction(db, queue, POST_KIND, { ids: postIds }, ACTION, caller, null),
    );
type Caller = Awaited<ReturnType<typeof benchCaller>>;

export async function httpRun(url: string, cookie: string, postIds: readonly number[]) {
  const response = await fetch(`${url}/api/posts/action`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ ids: postIds.join(','), action: ACTION }),
  });
  const answer = (await response.json()) as ActionAnswer;
  if (response.status !== 200) {
    throw new Error(`${ACTION} over HTTP: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer;
}
