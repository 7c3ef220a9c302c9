import { type SQL, sql } from 'drizzle-orm';
import { recordBulkAction } from '../../db/audit.ts';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { emitEvents } from '../../events/outgoing.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { CATEGORY_KIND, type ContentKind, POST_KIND } from '../kinds.ts';
import { PUBLISH_APPROVED, queueJobs } from '../publish/queue.ts';

/** Due variants taken per transaction. */
const DUE_BATCH = 500;

/**
 * Queues the website publish of every variant whose `publish_at` has come, as Publish to Web does
 * (the same job, retries and idempotency key, with the variant's version now). The time is cleared
 * in the same transaction as the job is queued, so a variant goes once, whichever process (the
 * wake-up job or the scheduled task, after a restart too) gets there first. A variant of an
 * inactive website, one without a webhook or one no longer approved waits, still scheduled, until
 * it can go; a paused website holds the queued job as it holds a manual publish. Due means by
 * `now`, the database's clock unless given: a test sets the time instead of waiting for it. Each
 * kind's due variants taken together send one `scheduled.published` event (one per batch of
 * DUE_BATCH, which a run rarely exceeds).
 */
export async function publishDueVariants(db: Db, queue: JobQueue, now?: Date): Promise<number> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  let queued = 0;
  for (const kind of [CATEGORY_KIND, POST_KIND]) {
    for (;;) {
      const batch = await publishDueBatch(db, queue, kind, at);
      queued += batch.queued;
      if (batch.taken < DUE_BATCH) break;
    }
  }
  return queued;
}

async function publishDueBatch(db: Db, queue: JobQueue, kind: ContentKind, now: SQL) {
  const table = sql.identifier(kind.variants);
  const webhook = sql.identifier(`${kind.kind}_webhook_url`);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; record_id: number; website_id: number }>(
      tx,
      sql`SELECT v.id, v.${sql.identifier(kind.owner)} AS record_id, v.website_id FROM ${table} v
          JOIN websites w ON w.id = v.website_id
          JOIN website_settings s ON s.website_id = v.website_id
          WHERE v.publish_at <= ${now} AND v.is_approved AND w.status = 1
            AND coalesce(s.${webhook}, '') <> ''
          ORDER BY v.publish_at, v.id
          LIMIT ${DUE_BATCH}
          FOR UPDATE OF v SKIP LOCKED`,
    );
    if (due.length === 0) return { taken: 0, queued: 0 };
    const ids = due.map((row) => row.id);
    const selected = sql`v.id = ANY(${idArray(ids)})`;
    await tx.execute(sql`UPDATE ${table} v SET publish_at = NULL WHERE ${selected}`);
    const outcome = await queueJobs(tx, queue, kind, selected, ['website'], PUBLISH_APPROVED);
    await recordBulkAction(tx, kind.kind, 'scheduled_publish', ids, {
      of: 'variants',
      queued: outcome.queued,
      skipped: outcome.skipped,
    });
    const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
    await emitEvents(tx, [
      {
        type: 'scheduled.published',
        data: {
          kind: kind.kind,
          record_ids: sorted(due.map((row) => row.record_id)),
          variant_ids: sorted(ids),
          website_ids: sorted(due.map((row) => row.website_id)),
        },
      },
    ]);
    return { taken: due.length, queued: outcome.queued };
  });
}
