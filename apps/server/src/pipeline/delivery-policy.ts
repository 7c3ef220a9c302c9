import {
  DELIVERY_ACTION_MESSAGES,
  FAILING_AFTER_FAILURES,
  isSocialNetwork,
  type PublishTarget,
  postedFlag,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { kindOf } from '../content/kinds.ts';
import { settleChannelDelivery } from '../content/publish/channels.ts';
import {
  failureNote,
  settingPublishedUrl,
  settingTargets,
  type TargetDelivery,
} from '../content/publish/delivery-state.ts';
import type { VariantContent } from '../content/variants.ts';
import type { AppContext } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { insertAttemptWithHealth, type NewAttempt } from '../db/delivery-health.ts';
import { publishDeliveryEvents, variantTarget, variantTargets } from '../events/publish.ts';
import { giveUpJob, queueFor, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { DeliveryError } from '../lib/delivery-http.ts';
import { storableText } from '../lib/outside-text.ts';
import { holdForReconnect, waitsForChannel } from './channel-hold.ts';
import type { DeliveryResult } from './delivery.ts';
import {
  type DeliveryPolicy,
  pauseAfterFailure,
  readDeliveryPolicy,
  takeDeliveryPlace,
  whenWebsiteTakes,
} from './delivery-health.ts';
import { emitPostPublished, emitPostPublishFailed } from './post-delivery-events.ts';
import { addPostCost, deferredByQuota } from './quota.ts';

/**
 * The delivery policy, in one place: whether an attempt may be tried now (a website push waits
 * while its website is paused, deferred by a 429 or over its rate limit), and what becomes of its
 * outcome. A delivery marks the variant delivered; a failure is classified, recorded with its
 * health, then deferred, held (the website paused), retried or failed for good, the variant marked
 * and the job given up to match. Only the website push is held, deferred and paused; every
 * target's attempts count in the hourly health. The website's own rows are read and written
 * through delivery-health.ts.
 */

/** What the policy makes of the outcome of an attempt it admitted. */
export interface AdmittedDelivery {
  /** Marks the variant delivered and records the attempt with its health. */
  delivered(result: DeliveryResult, durationMs: number): Promise<void>;
  /**
   * Settles a failure; answers the error to throw again (the queue retries the job or, after the
   * last try or a permanent failure, records it failed), or null when the job ends here: deferred,
   * held, or delivered by another run.
   */
  failed(error: unknown, durationMs: number): Promise<DeliveryError | null>;
}

/** An admitted attempt: what its outcome is recorded with. */
interface Attempt {
  context: TaskContext;
  job: RunningJob;
  variant: VariantContent;
  target: PublishTarget;
  /** The website push's Delivery settings; the other targets are never held or deferred. */
  policy: DeliveryPolicy | undefined;
  row: Omit<NewAttempt, 'outcome' | 'statusCode' | 'durationMs'>;
}

/**
 * Whether the job's variant may go to `target` now: null when it waits (held, or queued again for
 * when its website takes it), and then no attempt is made and none is counted; else what settles
 * the attempt's outcome.
 */
export async function admitDelivery(
  context: TaskContext,
  job: RunningJob,
  variant: VariantContent,
  target: PublishTarget,
): Promise<AdmittedDelivery | null> {
  const policy = target === 'website' ? await readDeliveryPolicy(context) : undefined;
  if (policy && (await waitsForWebsite(context, job, variant.website.id, policy))) return null;
  if (await waitsForChannel(context, job, variant)) return null;
  if (await deferredByQuota(context, job, variant)) return null;
  const attempt: Attempt = {
    context,
    job,
    variant,
    target,
    policy,
    row: {
      kind: job.data.kind,
      variantId: job.data.variantId,
      websiteId: variant.website.id,
      target,
      channelId: job.data.channelId ?? null,
      jobId: job.id,
      attempt: job.retryCount + 1,
      version: variant.version,
    },
  };
  return {
    delivered: (result, durationMs) => keepDelivered(attempt, result, durationMs),
    failed: (error, durationMs) => settleFailure(attempt, error, durationMs),
  };
}

/** A 429 without a readable Retry-After defers this long; a longer one is cut to an hour. */
const DEFAULT_DEFER_MS = 60_000;
const MAX_DEFER_MS = 60 * 60 * 1000;

const variantsOf = (job: RunningJob) => sql.identifier(kindOf(job.data.kind).variants);

/** Queues the job again to run at `notBefore`; the running one then ends without an attempt. */
async function postpone(context: AppContext, job: RunningJob, executor: Db, notBefore: Date) {
  await context.queue.enqueue(executor, [
    { queue: queueFor(job.data.target), data: job.data, startAfter: notBefore },
  ]);
}

/** Marks the job's variant held: it waits, `paused`, for the website's deliveries to resume. */
async function holdVariant(tx: Db, job: RunningJob) {
  const held = await queryRows<{ id: number; website_id: number; record_id: number }>(
    tx,
    sql`UPDATE ${variantsOf(job)}
        SET ${settingTargets({ website: { status: 'paused', error: DELIVERY_ACTION_MESSAGES.heldNote } })},
            updated_at = now()
        WHERE id = ${job.data.variantId}
        RETURNING id, website_id, ${sql.identifier(kindOf(job.data.kind).owner)} AS record_id`,
  );
  await publishDeliveryEvents(tx, job.data.kind, 'paused', variantTargets(held, ['website']));
}

/**
 * Whether the website push must wait; if so, the delivery is held (paused website) or queued
 * again for when the website takes deliveries (a 429's deferral, the next minute of the rate
 * limit), and the caller ends the job without an attempt.
 */
export async function waitsForWebsite(
  context: AppContext,
  job: RunningJob,
  websiteId: number,
  policy: DeliveryPolicy,
): Promise<boolean> {
  if (await takeDeliveryPlace(context.db, websiteId, policy)) return false;
  const [website] = await whenWebsiteTakes(context.db, websiteId, policy);
  // Deleted meanwhile: its variants went with it.
  if (!website) return true;
  if (website.paused) {
    await context.db.transaction((tx) => holdWhilePaused(tx, context, job, websiteId));
  } else {
    const notBefore = website.not_before ? new Date(website.not_before) : new Date();
    await postpone(context, job, context.db, notBefore);
  }
  return true;
}

/**
 * Holds the job's variant if the website's deliveries are still paused, or queues the job again at
 * once if they resumed since they were read. The website row is read again under a share lock: a
 * resume, which updates that row before it queues the held variants, then either waits for the
 * hold and queues this variant with the others, or came first and is seen here. Without the lock,
 * a resume between the read and the hold left the variant held on a running website.
 */
async function holdWhilePaused(tx: Db, context: AppContext, job: RunningJob, websiteId: number) {
  const [paused] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM websites WHERE id = ${websiteId} AND deliveries_paused FOR SHARE`,
  );
  if (paused) await holdVariant(tx, job);
  else await postpone(context, job, tx, new Date());
}

/**
 * Records a delivery: the variant delivered, the attempt with its hour's health and, for the
 * website push, the website's run, in one statement (insertAttemptWithHealth), and its events.
 */
async function keepDelivered(attempt: Attempt, result: DeliveryResult, durationMs: number) {
  const { context, job, variant, target } = attempt;
  // The variant first, then the website's shared rows in one statement, then the events' lock:
  // a failure takes them in the same order, and the rows every delivery to the website needs
  // are held for the fewest round trips.
  await context.db.transaction(async (tx) => {
    await markVariant(tx, attempt, { status: 'delivered', error: null }, result);
    await addPostCost(context, tx, job, variant);
    const website =
      target === 'website'
        ? // A delivery ends the run of failures: its error is the past, read in the attempts.
          sql`consecutive_failures = 0, last_delivered_at = now(), last_delivery_error = NULL`
        : undefined;
    const { statusCode, externalId } = result;
    await insertAttemptWithHealth(
      tx,
      { ...attempt.row, outcome: 'delivered', statusCode, durationMs, externalId },
      website,
    );
    await emitPostPublished(tx, variant, target, externalId);
    await publishDeliveryEvents(tx, job.data.kind, 'delivered', [variantTarget(variant, target)]);
  });
  context.metrics.deliveries.inc({ target, outcome: 'delivered' });
}

/**
 * Marks the attempt's target on its variant: a channel's delivery on the channel's row, which the
 * network's entry sums up; any other directly, a delivery setting its posted flag (and the URL
 * it was published at). An edit made while the push ran keeps its mark: the sent version is old.
 */
async function markVariant(
  tx: Db,
  { job, variant, target }: Attempt,
  delivery: TargetDelivery,
  result?: DeliveryResult,
) {
  const { channelId } = job.data;
  if (channelId !== undefined && isSocialNetwork(target)) {
    await settleChannelDelivery(tx, {
      kind: job.data.kind,
      variantId: job.data.variantId,
      network: target,
      channelId,
      status: delivery.status,
      error: delivery.error,
      externalId: result?.externalId,
    });
    return;
  }
  const delivered = delivery.status === 'delivered';
  const posted = delivered ? sql`${sql.identifier(postedFlag(target))} = true,` : sql``;
  const updated =
    delivered && target === 'website'
      ? sql`is_updated_after_posted = is_updated_after_posted AND version <> ${variant.version},`
      : sql``;
  await tx.execute(
    sql`UPDATE ${variantsOf(job)}
        SET ${posted} ${updated} ${settingPublishedUrl(result?.publishedUrl)}
            ${settingTargets({ [target]: delivery })}, updated_at = now()
        WHERE id = ${job.data.variantId}`,
  );
}

/**
 * How a failure counts: `pause` when no retry can mend it (the webhook refuses us or is gone, its
 * name or certificate is wrong), `defer` for a 429 (the website asks us to wait: not a failure),
 * `count` for the rest (5xx, a time-out, a refused connection), which pause after a run of them.
 */
export type FailureKind = 'pause' | 'defer' | 'count';

const PAUSING_STATUSES = new Set([401, 403, 404, 410]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const isTlsCode = (code: string) =>
  code.startsWith('ERR_TLS_') ||
  code.startsWith('ERR_SSL_') ||
  code.includes('CERT') ||
  code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE';

export function classifyFailure(failure: DeliveryError): FailureKind {
  if (failure.statusCode === 429) return 'defer';
  if (failure.statusCode !== undefined && PAUSING_STATUSES.has(failure.statusCode)) return 'pause';
  const code = failure.detail.code;
  if (code && (DNS_CODES.has(code) || isTlsCode(code))) return 'pause';
  return 'count';
}

/**
 * Settles a failed attempt in one transaction: recorded with its health, then deferred (the job
 * queued again for after the 429), superseded (delivered meanwhile by another run of the job),
 * held (the website paused: the variant waits for the resume, which queues it again, so this job
 * is given up), or else marked queued for the retry, or failed after the last try; a permanent
 * failure gives the job up, since no retry can mend it.
 */
async function settleFailure(
  attempt: Attempt,
  error: unknown,
  durationMs: number,
): Promise<DeliveryError | null> {
  const { context, job, variant, target, policy } = attempt;
  const failure =
    error instanceof DeliveryError
      ? error
      : new DeliveryError(storableText(error instanceof Error ? error.message : String(error)));
  const failed: NewAttempt = {
    ...attempt.row,
    outcome: 'failed',
    statusCode: failure.statusCode ?? null,
    durationMs,
    error: failure.message,
  };
  if (await holdForReconnect(context, job, variant, failed, failure)) return null;
  const kind = classifyFailure(failure);
  const final = failure.permanent || job.retryCount >= job.retryLimit;
  const fate = await context.db.transaction(async (tx) => {
    // The failure came too late: the variant stays delivered, and the job has nothing left to
    // do. Asked first, as it locks the variant: the same order as a delivery's.
    const superseded = await deliveredByAnotherRun(tx, job);
    const recorded: NewAttempt = {
      ...failed,
      outcome: kind === 'defer' && policy ? 'deferred' : 'failed',
    };
    const fate = await keepFailed(tx, attempt, recorded, failure, kind);
    if (fate === 'deferred') {
      await publishDeliveryEvents(tx, job.data.kind, 'queued', [variantTarget(variant, target)]);
      return fate;
    }
    if (superseded) return 'superseded';
    if (fate === 'held') {
      await holdVariant(tx, job);
      await giveUpJob(tx, job.id);
      return fate;
    }
    const status = final ? 'failed' : 'queued';
    await markVariant(tx, attempt, {
      status,
      error: failureNote(failure.message, final),
      ...(failure.permanent && { permanent: true }),
    });
    if (failure.permanent) await giveUpJob(tx, job.id);
    if (final) await emitPostPublishFailed(tx, variant, target, failure.message);
    await publishDeliveryEvents(tx, job.data.kind, status, [variantTarget(variant, target)]);
    return fate;
  });
  context.metrics.deliveries.inc({
    target,
    outcome: fate === 'deferred' ? 'deferred' : 'failed',
  });
  return fate === 'retry' ? failure : null;
}

/**
 * Whether another run of this job has delivered it: one that took the job up again while this
 * run still went on (the job expired, or its process handed it back on stopping). The variant's
 * row is locked first, so that a delivery committing meanwhile is seen.
 */
async function deliveredByAnotherRun(tx: Db, job: RunningJob): Promise<boolean> {
  await tx.execute(
    sql`SELECT 1 FROM ${variantsOf(job)} WHERE id = ${job.data.variantId} FOR UPDATE`,
  );
  const [row] = await queryRows<{ delivered: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM delivery_attempts
                       WHERE kind = ${job.data.kind} AND variant_id = ${job.data.variantId}
                         AND job_id = ${job.id} AND outcome = 'delivered') AS delivered`,
  );
  return row?.delivered === true;
}

/**
 * What a failure's record makes of it: `retry` as the queue would (a counted failure below the
 * pause), `held` (the website paused: the variant waits for the resume) or `deferred` (queued
 * again for after the 429's Retry-After).
 */
type FailureFate = 'retry' | 'held' | 'deferred';

/**
 * Records a failed (or deferred) attempt with its health and, for the website push, the website's
 * run or deferral, in one statement (insertAttemptWithHealth), and decides its fate.
 */
async function keepFailed(
  tx: Db,
  { context, job, policy }: Attempt,
  attempt: NewAttempt,
  failure: DeliveryError,
  kind: FailureKind,
): Promise<FailureFate> {
  const { websiteId } = attempt;
  if (attempt.target !== 'website' || !policy) {
    await insertAttemptWithHealth(tx, attempt);
    return 'retry';
  }
  if (kind === 'defer') {
    const wait = Math.min(failure.detail.retryAfterMs ?? DEFAULT_DEFER_MS, MAX_DEFER_MS);
    const { deferred_until: until } = await insertAttemptWithHealth(
      tx,
      attempt,
      sql`deliveries_deferred_until = GREATEST(deliveries_deferred_until,
                                               now() + ${wait} * interval '1 millisecond')`,
    );
    if (until) await postpone(context, job, tx, new Date(until));
    return 'deferred';
  }
  const website = await insertAttemptWithHealth(
    tx,
    attempt,
    sql`consecutive_failures = consecutive_failures + 1, last_failed_at = now(),
        last_delivery_error = ${failure.message}`,
  );
  const failures = website.failures ?? 0;
  if (failures === FAILING_AFTER_FAILURES) {
    context.log.warn({ event: 'delivery_failing', websiteId, failures }, 'delivery_failing');
  }
  const reason =
    kind === 'pause'
      ? failure.message
      : policy.pauseAfterFailures > 0 && failures >= policy.pauseAfterFailures
        ? `${failures} consecutive failures; the last: ${failure.message}`
        : null;
  if (reason === null) return 'retry';
  await pauseAfterFailure(tx, context, websiteId, reason);
  return 'held';
}
