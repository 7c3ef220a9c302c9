import { PUBLISH_TARGETS, type ReplayBody } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { CATEGORY_KIND, POST_KIND } from '../../content/kinds.ts';
import { PUBLISH_ANY, queueJobs } from '../../content/publish/queue.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import { idArray } from '../../db/client.ts';
import { attemptConditions } from './attempts.ts';

/** Ends a dry run's transaction, so that what it would queue is counted and nothing is kept. */
class DryRun extends Error {
  constructor(readonly count: number) {
    super('dry run');
  }
}

/**
 * POST /api/deliveries/replay: queues, once per variant and target of the chosen attempts, the
 * variant's current version again; its idempotency key is the one its first delivery of that
 * version carried, so a website that has it already drops it. A dry run counts the same way and
 * rolls back, so its count is what a real replay would queue.
 */
export async function replayDeliveries(
  context: AppContext,
  body: ReplayBody,
): Promise<{ queued: number } | { count: number }> {
  const chosen = body.ids
    ? sql`a.id = ANY(${idArray(body.ids)})`
    : attemptConditions(body.filter ?? {});
  try {
    const queued = await context.db.transaction(async (tx) => {
      let queued = 0;
      for (const kind of [CATEGORY_KIND, POST_KIND]) {
        for (const target of PUBLISH_TARGETS) {
          const variants = sql`v.id IN (SELECT a.variant_id FROM delivery_attempts a
                                        WHERE a.kind = ${kind.kind} AND a.target = ${target}
                                          AND ${chosen})`;
          queued += (await queueJobs(tx, context.queue, kind, variants, [target], PUBLISH_ANY))
            .queued;
        }
      }
      if (body.dry_run) throw new DryRun(queued);
      await recordAudit(tx, {
        action: 'deliveries_replayed',
        subjectType: 'website',
        subjectId: body.filter?.website_id ?? null,
        details: { ...(body.ids ? { ids: body.ids } : { filter: body.filter }), queued },
      });
      return queued;
    });
    return { queued };
  } catch (error) {
    if (error instanceof DryRun) return { count: error.count };
    throw error;
  }
}
