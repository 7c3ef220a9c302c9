import { type ActionAnswer, type DeliveryTarget, SKIP_REASONS } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { publishDeliveryEvents, variantTargets } from '../../events/publish.ts';
import { type ContentJob, type JobQueue, queueFor } from '../../jobs/queue.ts';
import { settingTargets } from './delivery-state.ts';
import type { ContentKind } from './kinds.ts';

/**
 * Publishing from the lists and Detailed Review: which variants a publishing action skips, and
 * why, and a job queued for each of the others, in the caller's transaction.
 */

/** Which rules decide that a variant is not published. */
export interface PublishRules {
  /** Only active websites receive publishing jobs (always on for publishing). */
  activeWebsite: boolean;
  approved: boolean;
  /** Skip variants already posted to their website and not changed since (webSync). */
  changedSincePosted: boolean;
}

export const PUBLISH_ANY: PublishRules = {
  activeWebsite: true,
  approved: false,
  changedSincePosted: false,
};
export const PUBLISH_APPROVED: PublishRules = {
  activeWebsite: true,
  approved: true,
  changedSincePosted: false,
};
export const WEB_SYNC: PublishRules = {
  activeWebsite: true,
  approved: true,
  changedSincePosted: true,
};
export const REGENERATE: PublishRules = {
  activeWebsite: false,
  approved: false,
  changedSincePosted: false,
};

/** The reason a variant `v` of website `w` is left alone under `rules`, or NULL to queue it. */
function skipReason(rules: PublishRules): SQL {
  const cases: SQL[] = [];
  if (rules.activeWebsite) cases.push(sql`WHEN w.status <> 1 THEN ${SKIP_REASONS.websiteInactive}`);
  if (rules.approved) cases.push(sql`WHEN NOT v.is_approved THEN ${SKIP_REASONS.notApproved}`);
  if (rules.changedSincePosted) {
    cases.push(
      sql`WHEN v.is_posted_to_website AND NOT v.is_updated_after_posted THEN ${SKIP_REASONS.alreadyPosted}`,
    );
  }
  return cases.length === 0
    ? sql`NULL::text`
    : sql`(CASE ${sql.join(cases, sql` `)} ELSE NULL END)`;
}

/**
 * Queues a job per selected variant and target, marks those variants 'queued', and counts the
 * others per reason. `variantCondition` is a condition on `v` (the variants).
 */
export async function queueJobs(
  tx: Executor,
  queue: JobQueue,
  kind: ContentKind,
  variantCondition: SQL,
  targets: readonly DeliveryTarget[],
  rules: PublishRules,
): Promise<{ queued: number; skipped: ActionAnswer['skipped'] }> {
  const variants = sql.identifier(kind.variants);
  const reason = skipReason(rules);
  const skipped = await queryRows<{ reason: string; count: number }>(
    tx,
    sql`SELECT reason, count(*)::int AS count FROM (
          SELECT ${reason} AS reason FROM ${variants} v JOIN websites w ON w.id = v.website_id
          WHERE ${variantCondition}) reasons
        WHERE reason IS NOT NULL GROUP BY reason ORDER BY reason`,
  );
  const marked = await queryRows<{
    id: number;
    version: number;
    website_id: number;
    record_id: number;
  }>(
    tx,
    sql`UPDATE ${variants} v
        SET ${settingTargets(
          Object.fromEntries(targets.map((target) => [target, { status: 'queued', error: null }])),
        )}, updated_at = now()
        FROM websites w
        WHERE w.id = v.website_id AND ${variantCondition} AND ${reason} IS NULL
        RETURNING v.id, v.version, v.website_id, v.${sql.identifier(kind.owner)} AS record_id`,
  );
  const jobs: ContentJob[] = marked.flatMap((variant) =>
    targets.map((target) => ({
      queue: queueFor(target),
      data: { kind: kind.kind, variantId: variant.id, version: variant.version, target },
    })),
  );
  const queued = await queue.enqueue(tx, jobs);
  await publishDeliveryEvents(tx, kind.kind, 'queued', variantTargets(marked, targets));
  return { queued, skipped };
}
