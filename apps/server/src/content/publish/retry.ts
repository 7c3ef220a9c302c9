import { type DeliveryTarget, SOCIAL_NETWORKS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../db/audit.ts';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { publishDeliveryEvents, variantTargets } from '../../events/publish.ts';
import { contentJob, type JobQueue } from '../../jobs/queue.ts';
import { kindOf } from '../kinds.ts';
import { channelJobs, requeueFailedChannels } from './channels.ts';
import { settingDeliveries } from './delivery-state.ts';

/** A target's state once queued again. */
const QUEUED = JSON.stringify({ status: 'queued', error: null });

/** A failed delivery is tried again by the scheduled task once it has rested this long. */
const RETRY_AFTER = '1 hour';
/** Variants per kind the scheduled task re-queues per run, to keep one run short. */
const RETRY_BATCH = 500;

type Kind = 'category' | 'post';
const variantsTable = (kind: Kind) => sql.identifier(kindOf(kind).variants);

/** A target's failure that another try may mend (not marked `permanent`). */
const MENDABLE = sql`NOT COALESCE((e.value->>'permanent')::boolean, false)`;

/**
 * Queues a new job for each failed target of the variants and marks those targets queued, in one
 * statement plus the jobs, in one transaction. Answers how many jobs were queued. `mendableOnly`
 * leaves out the permanent failures, which only a change of settings can mend.
 */
export async function retryDeliveries(
  context: AppContext,
  queue: JobQueue,
  kind: Kind,
  variantIds: readonly number[],
  { mendableOnly = false } = {},
): Promise<number> {
  if (variantIds.length === 0) return 0;
  return context.db.transaction(async (tx) => {
    const marked = await queryRows<{
      id: number;
      owner: number;
      website_id: number;
      version: number;
      targets: DeliveryTarget[];
    }>(
      tx,
      sql`UPDATE ${variantsTable(kind)} v
          SET ${settingDeliveries(
            sql`v.deliveries || (SELECT jsonb_object_agg(t, ${QUEUED}::jsonb) FROM unnest(f.targets) t)`,
          )}, updated_at = now()
          FROM (SELECT id, array_agg(e.key ORDER BY e.key) AS targets
                FROM ${variantsTable(kind)}, jsonb_each(deliveries) e
                WHERE id = ANY(${idArray(variantIds)}) AND e.value->>'status' = 'failed'
                  ${mendableOnly ? sql`AND ${MENDABLE}` : sql``}
                GROUP BY id) f
          WHERE v.id = f.id
          RETURNING v.id, v.${sql.identifier(kindOf(kind).owner)} AS owner, v.website_id, v.version,
                    f.targets`,
    );
    if (marked.length > 0) await recordRetry(tx, kind, marked);
    // A network's failed channels are tried again each with its own job; a network without
    // channel rows (sent to its webhook) as a whole.
    const routes = await requeueFailedChannels(
      tx,
      kind,
      marked.map((variant) => variant.id),
      SOCIAL_NETWORKS,
    );
    const byChannel = new Set(routes.map((route) => `${route.variantId}:${route.network}`));
    const jobs = [
      ...marked.flatMap((variant) =>
        variant.targets
          .filter((target) => !byChannel.has(`${variant.id}:${target}`))
          .map((target) => contentJob(kind, variant, target)),
      ),
      ...channelJobs(kind, marked, routes),
    ];
    const queued = await queue.enqueue(tx, jobs);
    await publishDeliveryEvents(
      tx,
      kind,
      'queued',
      marked.flatMap((variant) =>
        variantTargets([{ ...variant, record_id: variant.owner }], variant.targets),
      ),
    );
    return queued;
  });
}

/** One entry per retry call; of one record when its variants are all of one. */
function recordRetry(
  tx: Db,
  kind: Kind,
  marked: readonly { id: number; owner: number; targets: DeliveryTarget[] }[],
) {
  const owners = [...new Set(marked.map((variant) => variant.owner))];
  return recordAudit(tx, {
    action: 'delivery_retried',
    subjectType: kind,
    subjectId: owners.length === 1 ? owners[0] : null,
    details: {
      variants: marked.map(({ id, targets }) => ({ id, targets })),
      count: marked.length,
    },
  });
}

/**
 * The scheduled retry: failed deliveries that have rested for an hour are queued again, but for
 * permanent failures, which would fail the same way every hour.
 */
export async function retryFailedDeliveries(context: AppContext, queue: JobQueue) {
  let queued = 0;
  for (const kind of ['category', 'post'] as const) {
    const rested = await queryRows<{ id: number }>(
      context.db,
      sql`SELECT id FROM ${variantsTable(kind)} v
          WHERE delivery_status = 'failed' AND updated_at < now() - ${RETRY_AFTER}::interval
            AND EXISTS (SELECT 1 FROM jsonb_each(v.deliveries) e
                        WHERE e.value->>'status' = 'failed' AND ${MENDABLE})
          ORDER BY updated_at LIMIT ${RETRY_BATCH}`,
    );
    queued += await retryDeliveries(
      context,
      queue,
      kind,
      rested.map((row) => row.id),
      { mendableOnly: true },
    );
  }
  return queued;
}
