import type { PublishTarget } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type ContentJob, type JobQueue, QUEUES } from '../../jobs/queue.ts';
import { idArray, selectRows } from '../categories/content.ts';

export const RETRY_FAILED_TASK = 'deliveries:retry-failed';
/** A failed delivery is tried again by the scheduled task once it has rested this long. */
const RETRY_AFTER = '1 hour';
/** Variants per kind the scheduled task re-queues per run, to keep one run short. */
const RETRY_BATCH = 500;

type Kind = 'category' | 'post';
const variantsTable = (kind: Kind) =>
  sql.identifier(kind === 'category' ? 'category_variants' : 'post_variants');

/**
 * The targets whose latest attempt for each variant failed: what a retry sends again. A target
 * delivered after its failure is not retried.
 */
async function failedTargets(context: AppContext, kind: Kind, variantIds: readonly number[]) {
  return selectRows<{ variant_id: number; target: PublishTarget }>(
    context.db,
    sql`SELECT variant_id, target FROM (
          SELECT DISTINCT ON (variant_id, target) variant_id, target, outcome
          FROM delivery_attempts
          WHERE kind = ${kind} AND variant_id = ANY(${idArray(variantIds)})
          ORDER BY variant_id, target, created_at DESC, id DESC) latest
        WHERE outcome = 'failed'`,
  );
}

/**
 * Queues a new job for each failed target of the variants and marks them 'queued', in one
 * transaction. Answers how many jobs were queued.
 */
export async function retryDeliveries(
  context: AppContext,
  queue: JobQueue,
  kind: Kind,
  variantIds: readonly number[],
): Promise<number> {
  if (variantIds.length === 0) return 0;
  const targets = await failedTargets(context, kind, variantIds);
  if (targets.length === 0) return 0;
  return context.db.transaction(async (tx) => {
    const marked = await selectRows<{ id: number; version: number }>(
      tx,
      sql`UPDATE ${variantsTable(kind)} SET delivery_status = 'queued', updated_at = now()
          WHERE id = ANY(${idArray([...new Set(targets.map((row) => row.variant_id))])})
          RETURNING id, version`,
    );
    const versions = new Map(marked.map((row) => [row.id, row.version]));
    const jobs: ContentJob[] = targets.flatMap(({ variant_id, target }) => {
      const version = versions.get(variant_id);
      if (version === undefined) return [];
      return [
        {
          queue: target === 'website' ? QUEUES.websitePush : QUEUES.socialPublish,
          data: { kind, variantId: variant_id, version, target },
        },
      ];
    });
    return queue.enqueue(tx, jobs);
  });
}

/** The scheduled retry: failed deliveries that have rested for an hour are queued again. */
export async function retryFailedDeliveries(context: AppContext, queue: JobQueue) {
  let queued = 0;
  for (const kind of ['category', 'post'] as const) {
    const rested = await selectRows<{ id: number }>(
      context.db,
      sql`SELECT id FROM ${variantsTable(kind)}
          WHERE delivery_status = 'failed' AND updated_at < now() - ${RETRY_AFTER}::interval
          ORDER BY updated_at LIMIT ${RETRY_BATCH}`,
    );
    queued += await retryDeliveries(
      context,
      queue,
      kind,
      rested.map((row) => row.id),
    );
  }
  return queued;
}
