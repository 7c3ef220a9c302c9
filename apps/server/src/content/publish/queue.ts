import {
  type ActionAnswer,
  type DeliveryTarget,
  SKIP_REASONS,
  type SocialNetwork,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { publishDeliveryEvents, variantTargets } from '../../events/publish.ts';
import { contentJob, type JobQueue } from '../../jobs/queue.ts';
import type { ContentKind } from '../kinds.ts';
import {
  channelJobs,
  channelRouted,
  queueChannelDeliveries,
  skippedWithoutChannel,
  websiteHasChannel,
} from './channels.ts';
import { settingDeliveries } from './delivery-state.ts';

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
 * The reason the website target of a variant `v` of website `w` (settings `s`) is left alone
 * though the variant's other targets go, or NULL: a website without a webhook for this kind of
 * record could only fail the push, so it is refused here rather than queued to fail.
 */
function websiteTargetReason(kind: ContentKind): SQL {
  const webhook = sql.identifier(`${kind.kind}_webhook_url`);
  return sql`(CASE WHEN coalesce(s.${webhook}, '') = '' THEN ${SKIP_REASONS.noWebhook[kind.kind]}::text END)`;
}

type Skipped = ActionAnswer['skipped'];

/** The skipped variants per reason; a missing webhook names its websites, to mend it there. */
async function skippedVariants(
  tx: Executor,
  kind: ContentKind,
  variantCondition: SQL,
  reason: SQL,
): Promise<Skipped> {
  const rows = await queryRows<{
    reason: string;
    count: number;
    websites: { id: number; name: string }[];
  }>(
    tx,
    sql`SELECT reason, sum(count)::int AS count,
               json_agg(json_build_object('id', website_id, 'name', website_name)
                        ORDER BY website_name, website_id) AS websites
        FROM (SELECT ${reason} AS reason, w.id AS website_id, w.name AS website_name,
                     count(*) AS count
              FROM ${sql.identifier(kind.variants)} v
              JOIN websites w ON w.id = v.website_id
              LEFT JOIN website_settings s ON s.website_id = w.id
              WHERE ${variantCondition}
              GROUP BY 1, 2, 3) per_website
        WHERE reason IS NOT NULL GROUP BY reason ORDER BY reason`,
  );
  return rows.map(({ reason, count, websites }) =>
    reason === SKIP_REASONS.noWebhook[kind.kind] ? { reason, count, websites } : { reason, count },
  );
}

/** A target's state once queued. */
const queuedTarget = (target: DeliveryTarget) =>
  JSON.stringify({ [target]: { status: 'queued', error: null } });

/**
 * Queues a job per selected variant and target (per channel for a network that publishes through
 * channels, channels.ts), marks those targets 'queued' on the variants, and counts the others per
 * reason. A variant skipped by `rules` gets nothing; one whose website has no webhook, or no
 * channel of a network, gets its other targets only. `variantCondition` is a condition on `v`
 * (the variants).
 */
export async function queueJobs(
  tx: Executor,
  queue: JobQueue,
  kind: ContentKind,
  variantCondition: SQL,
  targets: readonly DeliveryTarget[],
  rules: PublishRules,
): Promise<{ queued: number; skipped: Skipped }> {
  const variantReason = skipReason(rules);
  const websiteReason = targets.includes('website') ? websiteTargetReason(kind) : sql`NULL::text`;
  const routed = await channelRouted(tx, targets);
  const skipped = [
    ...(await skippedVariants(
      tx,
      kind,
      variantCondition,
      sql`coalesce(${variantReason}, ${websiteReason})`,
    )),
    ...(await skippedWithoutChannel(
      tx,
      kind.kind,
      sql`${variantCondition} AND ${variantReason} IS NULL`,
      routed,
    )),
  ];
  // The targets each variant goes to, from its website `w` and settings `s` alone.
  const goesTo = (target: DeliveryTarget) =>
    target === 'website'
      ? sql`${websiteReason} IS NULL`
      : (routed as DeliveryTarget[]).includes(target)
        ? websiteHasChannel(target as SocialNetwork)
        : sql`true`;
  const queuedTargets = sql.join(
    targets.map(
      (target) =>
        sql`(CASE WHEN ${goesTo(target)} THEN ${queuedTarget(target)}::jsonb ELSE '{}'::jsonb END)`,
    ),
    sql` || `,
  );
  const marked = await queryRows<{
    id: number;
    version: number;
    website_id: number;
    record_id: number;
    queued: Record<DeliveryTarget, unknown>;
  }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.variants)} v
        SET ${settingDeliveries(sql`deliveries || q.queued`)}, updated_at = now()
        FROM websites w LEFT JOIN website_settings s ON s.website_id = w.id
             CROSS JOIN LATERAL (SELECT ${queuedTargets} AS queued) q
        WHERE w.id = v.website_id AND ${variantCondition} AND ${variantReason} IS NULL
          AND q.queued <> '{}'::jsonb
        RETURNING v.id, v.version, v.website_id, v.${sql.identifier(kind.owner)} AS record_id,
                  q.queued`,
  );
  const routes = await queueChannelDeliveries(
    tx,
    kind.kind,
    marked.filter((variant) => routed.some((network) => network in variant.queued)),
    routed,
  );
  const jobs = [
    ...marked.flatMap((variant) =>
      (Object.keys(variant.queued) as DeliveryTarget[])
        .filter((target) => !(routed as DeliveryTarget[]).includes(target))
        .map((target) => contentJob(kind.kind, variant, target)),
    ),
    ...channelJobs(kind.kind, marked, routes),
  ];
  const queued = await queue.enqueue(tx, jobs);
  await publishDeliveryEvents(
    tx,
    kind.kind,
    'queued',
    marked.flatMap((variant) =>
      variantTargets([variant], Object.keys(variant.queued) as DeliveryTarget[]),
    ),
  );
  return { queued, skipped };
}
