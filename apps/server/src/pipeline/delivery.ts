import { type PublishTarget, postedFlag } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { kindOf } from '../content/kinds.ts';
import { settingTargets } from '../content/publish/delivery-state.ts';
import { loadVariant, type VariantContent } from '../content/variants.ts';
import type { AppContext } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { publishDeliveryEvents, variantTarget } from '../events/publish.ts';
import { giveUpJob, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { DeliveryError } from '../lib/delivery-http.ts';
import { storableText } from '../lib/outside-text.ts';
import type { SettingSeed } from '../lib/settings-catalog.ts';
import {
  classifyFailure,
  holdVariant,
  keepDelivered,
  keepFailed,
  readDeliveryPolicy,
  waitsForWebsite,
} from './delivery-health.ts';

/** What a successful delivery answers: the HTTP status and the id the target gave the item. */
export interface DeliveryResult {
  statusCode: number;
  externalId: string | null;
}

/** What a target's publish gets besides the variant. */
export interface PublishCall {
  context: AppContext;
  timeoutMs: number;
}

/**
 * A publishing target: where a variant goes (`target`, as the contract names it), the settings it
 * reads (seeded into the catalogue's Publishing › Social group) and how a variant is sent there.
 */
export interface PublishingTarget<Target extends PublishTarget = PublishTarget> {
  target: Target;
  settings: readonly SettingSeed[];
  publish(variant: VariantContent, call: PublishCall): Promise<DeliveryResult>;
}

/** The error a variant shows after a failed try: one with tries left says it will be retried. */
export const failureNote = (message: string, final: boolean) =>
  final ? message : `${message} (will retry)`;

/** The idempotency key of a delivery: the same content version always carries the same key. */
export const idempotencyKey = (variant: Pick<VariantContent, 'kind' | 'variantId' | 'version'>) =>
  `${variant.kind}-${variant.variantId}-v${variant.version}`;

/**
 * Whether another run of this job has delivered it: one that took the job up again while this
 * run still went on (the job expired, or its process handed it back on stopping). The variant's
 * row is locked first, so that a delivery committing meanwhile is seen.
 */
async function deliveredByAnotherRun(tx: Db, job: RunningJob): Promise<boolean> {
  const variants = sql.identifier(kindOf(job.data.kind).variants);
  await tx.execute(sql`SELECT 1 FROM ${variants} WHERE id = ${job.data.variantId} FOR UPDATE`);
  const [row] = await queryRows<{ delivered: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM delivery_attempts
                       WHERE kind = ${job.data.kind} AND variant_id = ${job.data.variantId}
                         AND job_id = ${job.id} AND outcome = 'delivered') AS delivered`,
  );
  return row?.delivered === true;
}

/**
 * Runs one attempt of a publishing job: loads the variant, publishes it to the target, records the
 * attempt, its health and the outcome on the variant. A failure is thrown again so that the queue
 * retries the job, except after the last try or for a permanent failure, when the variant shows
 * 'failed'. A website push waits while its website's deliveries are paused, deferred or over
 * their rate (delivery-health.ts): then no attempt is made, and none is counted.
 */
export async function runDelivery(
  context: TaskContext,
  job: RunningJob,
  destination: PublishingTarget,
): Promise<DeliveryResult | null> {
  const { target } = destination;
  const { kind, variantId } = job.data;
  const variant = await loadVariant(context.db, kind, variantId);
  // Deleted since it was queued: there is nothing left to deliver.
  if (!variant) return null;
  const policy = target === 'website' ? await readDeliveryPolicy(context) : undefined;
  if (policy && (await waitsForWebsite(context, job, variant.website.id, policy))) return null;
  const started = performance.now();
  const attempt = {
    kind,
    variantId,
    websiteId: variant.website.id,
    target,
    jobId: job.id,
    attempt: job.retryCount + 1,
    version: variant.version,
  };
  const variants = sql.identifier(kindOf(kind).variants);
  try {
    const result = await destination.publish(variant, {
      context,
      timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
    });
    const durationMs = Math.round(performance.now() - started);
    // The variant first, then the website's shared rows in one statement, then the events' lock:
    // a failure takes them in the same order, and the rows every delivery to the website needs
    // are held for the fewest round trips.
    await context.db.transaction(async (tx) => {
      // An edit made while the delivery ran keeps its mark: only the sent version is up to date.
      const updated =
        target === 'website'
          ? sql`, is_updated_after_posted = is_updated_after_posted AND version <> ${variant.version}`
          : sql``;
      await tx.execute(
        sql`UPDATE ${variants} SET ${sql.identifier(postedFlag(target))} = true ${updated},
                   ${settingTargets({ [target]: { status: 'delivered', error: null } })},
                   updated_at = now()
            WHERE id = ${variantId}`,
      );
      await keepDelivered(tx, {
        ...attempt,
        outcome: 'delivered',
        statusCode: result.statusCode,
        durationMs,
        externalId: result.externalId,
      });
      await publishDeliveryEvents(tx, kind, 'delivered', [variantTarget(variant, target)]);
    });
    context.metrics.deliveries.inc({ target, outcome: 'delivered' });
    return result;
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError(storableText(error instanceof Error ? error.message : String(error)));
    const failureKind = classifyFailure(failure);
    const final = failure.permanent || job.retryCount >= job.retryLimit;
    const label = failureNote(failure.message, final);
    const fate = await context.db.transaction(async (tx) => {
      // The failure came too late: the variant stays delivered, and the job has nothing left to
      // do. Asked first, as it locks the variant: the same order as a delivery's.
      const superseded = await deliveredByAnotherRun(tx, job);
      const recorded = {
        ...attempt,
        outcome: failureKind === 'defer' && policy ? ('deferred' as const) : ('failed' as const),
        statusCode: failure.statusCode ?? null,
        durationMs,
        error: failure.message,
      };
      const fate = await keepFailed(
        tx,
        context,
        job,
        recorded,
        { failure, kind: failureKind },
        policy,
      );
      if (fate === 'deferred') {
        await publishDeliveryEvents(tx, kind, 'queued', [variantTarget(variant, target)]);
        return fate;
      }
      if (superseded) return 'superseded';
      if (fate === 'held') {
        await holdVariant(tx, job);
        await giveUpJob(tx, job.id);
        return fate;
      }
      await tx.execute(
        sql`UPDATE ${variants}
            SET ${settingTargets({
              [target]: {
                status: final ? 'failed' : 'queued',
                error: label,
                ...(failure.permanent && { permanent: true }),
              },
            })},
                updated_at = now()
            WHERE id = ${variantId}`,
      );
      if (failure.permanent) await giveUpJob(tx, job.id);
      await publishDeliveryEvents(tx, kind, final ? 'failed' : 'queued', [
        variantTarget(variant, target),
      ]);
      return fate;
    });
    context.metrics.deliveries.inc({
      target,
      outcome: fate === 'deferred' ? 'deferred' : 'failed',
    });
    if (fate !== 'retry') return null;
    throw failure;
  }
}
