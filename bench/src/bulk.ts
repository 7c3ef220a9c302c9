import { MANAGE_ALL } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { runBulkAction } from '../../apps/server/src/content/actions.ts';
import { POST_KIND } from '../../apps/server/src/content/kinds.ts';
import type { ReviewCaller } from '../../apps/server/src/content/review/actions.ts';
import { type AuditActor, runAsActor } from '../../apps/server/src/db/audit.ts';
import { type Db, idArray, queryRows } from '../../apps/server/src/db/client.ts';
import type { JobQueue } from '../../apps/server/src/jobs/queue.ts';
import { type Figures, percentile } from './measure.ts';
import { BENCH_ADMIN, defaultStage, seededPostStage } from './shape.ts';

/** The bulk approve case: 10,000 posts approved at once, three times, over HTTP and directly. */

export const BULK_SIZE = 10_000;
export const BULK_RUNS = 3;
export const BULK_CASE = `bulk approve ${BULK_SIZE} posts (x${BULK_RUNS})`;

/** Post ids of the n-th bulk approve: odd posts' variants are unapproved in the seed. */
export const bulkIds = (run: number) =>
  Array.from({ length: BULK_SIZE }, (_, i) => 100_001 + run * BULK_SIZE * 2 + i * 2);

/**
 * The bulk approves' posts back as the seed left them, so that every run starts from the same
 * rows: in their seeded stage, unapproved, without the history rows and audit entries of their
 * moves, and the tables vacuumed. Without this the database a run leaves behind differs from the
 * next one's: each run's entries lengthen the four-eyes rule's look-up of a post's audit entries
 * (27 moves a post after a day's runs), and the variants' dead rows (2.7 million) slowed the
 * lists and the floor, where PostgreSQL runs no autovacuum.
 */
export async function resetBulkRows(db: Db) {
  const all = Array.from({ length: BULK_RUNS }, (_, run) => bulkIds(run)).flat();
  const posts = idArray(all);
  await db.execute(sql`UPDATE post_variants v
                       SET is_approved = false, stage_id = ${seededPostStage(sql`v.post_id`)}
                       WHERE v.post_id = ANY(${posts}) AND v.is_approved`);
  await db.execute(sql`DELETE FROM variant_reviews r USING post_variants v
                       WHERE r.post_variant_id = v.id AND v.post_id = ANY(${posts})
                         AND r.event = 'stage_changed'`);
  await db.execute(sql`DELETE FROM audit_log WHERE action = 'stage_changed'
                       AND subject_type = 'post' AND subject_id = ANY(${posts})`);
  await db.execute(sql`VACUUM (ANALYZE) post_variants, variant_reviews, audit_log`);
}

/** The seeded administrator, as the service-level bulk approves' caller (no post is theirs). */
export async function benchCaller(db: Db): Promise<ReviewCaller> {
  const [admin] = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM users WHERE email = ${BENCH_ADMIN.email}`,
  );
  if (!admin) throw new Error(`No user ${BENCH_ADMIN.email}: seed the database first.`);
  return { userId: admin.id, name: admin.name, abilities: [MANAGE_ALL] };
}

export const BENCH_ACTOR: AuditActor = {
  userId: null,
  userName: 'bench',
  tokenName: null,
  ipAddress: '127.0.0.1',
  userAgent: 'sitefleet-bench',
  requestId: null,
};

/** The audit log's bulk approve entries: each run must add exactly one. */
export async function bulkApproveEntries(db: Db) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM audit_log
        WHERE action = 'bulk_action' AND subject_type = 'post' AND details->>'action' = 'approve'`,
  );
  return row?.total ?? 0;
}

export async function assertAudited(db: Db, before: number, path: string) {
  const written = (await bulkApproveEntries(db)) - before;
  if (written !== BULK_RUNS) {
    throw new Error(`bulk approve (${path}): ${written} audit entries for ${BULK_RUNS} runs`);
  }
}

/**
 * The BULK_RUNS bulk approves through the service, without HTTP, as a request makes them (its
 * audit entry written in the action's transaction), each checked: every post changed, and one
 * bulk action entry in the audit log a run. Answers their times; `afterEach` runs untimed.
 */
export async function serviceBulk(
  db: Db,
  queue: JobQueue,
  caller: ReviewCaller,
  afterEach: () => Promise<unknown> = async () => {},
): Promise<number[]> {
  const before = await bulkApproveEntries(db);
  const times: number[] = [];
  for (let run = 0; run < BULK_RUNS; run++) {
    const start = performance.now();
    const outcome = await runAsActor(BENCH_ACTOR, () =>
      runBulkAction(db, queue, POST_KIND, { ids: bulkIds(run) }, 'approve', caller, null),
    );
    times.push(performance.now() - start);
    if (outcome.changed !== BULK_SIZE) {
      throw new Error(`bulk approve (service): ${JSON.stringify(outcome)}`);
    }
    await afterEach();
  }
  await assertAudited(db, before, 'service');
  return times;
}

export const bulkFigures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    reqPerSec: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
    p50: percentile(sorted, 50),
    p99: sorted.at(-1)!,
  };
};

export async function httpBulk(url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < BULK_RUNS; run++) {
    const start = performance.now();
    const response = await fetch(`${url}/api/posts/action`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ ids: bulkIds(run).join(','), action: 'approve' }),
    });
    const answer = (await response.json()) as { changed?: number };
    times.push(performance.now() - start);
    if (answer.changed !== BULK_SIZE) {
      throw new Error(`bulk approve: ${response.status} ${JSON.stringify(answer)}`);
    }
  }
  return times;
}

/**
 * The bulk approve's SQL floor: what the approve wrote before the review workflow, one statement
 * moving the variants to the last stage and one audit entry, with no history row or audit entry
 * per variant. Timed three times in the same run, each run's rows put back after.
 */
export async function floorBulk(db: Db): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < BULK_RUNS; run++) {
    const start = performance.now();
    const moved = await db.transaction(async (tx) => {
      const rows = await queryRows<{ post_id: number }>(
        tx,
        sql`UPDATE post_variants v SET is_approved = true, stage_id = ${defaultStage(2)},
                   updated_at = now()
            WHERE v.post_id = ANY(${idArray(bulkIds(run))}) AND NOT v.is_approved
            RETURNING v.post_id`,
      );
      await tx.execute(sql`INSERT INTO audit_log (user_name, action, subject_type, details)
                           VALUES ('bench', 'bulk_action', 'post', '{"action":"floor"}')`);
      return new Set(rows.map((row) => row.post_id)).size;
    });
    times.push(performance.now() - start);
    if (moved !== BULK_SIZE) throw new Error(`bulk approve (floor): ${moved} posts moved`);
  }
  await resetBulkRows(db);
  return times;
}
