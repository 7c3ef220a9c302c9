import {
  DELIVERY_ACTION_MESSAGES,
  DELIVERY_SETTINGS,
  FAILING_AFTER_FAILURES,
  WEBSITE_VIEW_TABS,
  websiteSettingsPath,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { kindOf } from '../content/kinds.ts';
import { pauseWebsiteDeliveries } from '../content/publish/delivery-pause.ts';
import { settingTargets } from '../content/publish/delivery-state.ts';
import type { AppContext } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { insertAttemptWithHealth, type NewAttempt } from '../db/delivery-health.ts';
import { readSettings } from '../db/settings.ts';
import { publishDeliveryEvents, variantTargets } from '../events/publish.ts';
import { queueFor, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import type { DeliveryError } from '../lib/delivery-http.ts';
import { notify } from '../notifications/notify.ts';

/**
 * What a website's delivery health decides around an attempt: whether it may be tried now (paused,
 * deferred by a 429, over its rate limit), how a failure counts, and when the website pauses.
 * Only the website push is held, deferred and paused; every target's attempts count in the
 * hourly health.
 */

/** The Delivery settings as numbers; a value that is not a whole number takes the default. */
export interface DeliveryPolicy {
  pauseAfterFailures: number;
  probeMinutes: number;
  maxPerMinute: number;
  retentionDays: number;
}

export async function readDeliveryPolicy(context: AppContext): Promise<DeliveryPolicy> {
  const keys = Object.values(DELIVERY_SETTINGS).map((setting) => setting.key);
  const values = await readSettings(context.db, context.secrets, keys);
  const read = (name: keyof typeof DELIVERY_SETTINGS) => {
    const setting = DELIVERY_SETTINGS[name];
    const value = Number(values[setting.key]);
    return Number.isInteger(value) && value >= 0 ? value : setting.default;
  };
  return {
    pauseAfterFailures: read('pauseAfterFailures'),
    probeMinutes: Math.max(1, read('probeMinutes')),
    maxPerMinute: read('maxPerMinute'),
    retentionDays: Math.max(1, read('retentionDays')),
  };
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
export async function holdVariant(tx: Db, job: RunningJob) {
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
 * Whether the website push may be tried now; if not, the delivery is held (paused website) or
 * queued again for when the website takes deliveries (a 429's deferral, the next minute of the
 * rate limit), and the caller ends the job without an attempt. Taking a place in the minute's
 * rate is one statement, so concurrent workers never start more than the limit.
 */
export async function waitsForWebsite(
  context: AppContext,
  job: RunningJob,
  websiteId: number,
  policy: DeliveryPolicy,
): Promise<boolean> {
  const open = sql`id = ${websiteId} AND NOT deliveries_paused
    AND (deliveries_deferred_until IS NULL OR deliveries_deferred_until <= now())`;
  // Without a rate limit there is no place to take: reading leaves the row free for the
  // website's other deliveries, which write it on their commit.
  const [admitted] = await queryRows<{ id: number }>(
    context.db,
    policy.maxPerMinute === 0
      ? sql`SELECT id FROM websites WHERE ${open}`
      : sql`UPDATE websites SET
              delivery_window_start = CASE WHEN delivery_window_start > now() - interval '1 minute'
                                           THEN delivery_window_start ELSE now() END,
              delivery_window_count = CASE WHEN delivery_window_start > now() - interval '1 minute'
                                           THEN delivery_window_count + 1 ELSE 1 END
            WHERE ${open}
              AND (delivery_window_start IS NULL
                   OR delivery_window_start <= now() - interval '1 minute'
                   OR delivery_window_count < ${policy.maxPerMinute})
            RETURNING id`,
  );
  if (admitted) return false;
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
 * Whether the website is paused and, if not, when it next takes a delivery: after a deferral still
 * running, after the minute of a full rate window; NULL when it takes one now. Read after the
 * admission refused the job, which a resume committed meanwhile makes stale: a window with room
 * then defers nothing, where waiting for the window's end would hold the job up to a minute.
 */
export function whenWebsiteTakes(db: Db, websiteId: number, policy: DeliveryPolicy) {
  return queryRows<{ paused: boolean; not_before: Date | string | null }>(
    db,
    sql`SELECT deliveries_paused AS paused,
               GREATEST(
                 CASE WHEN deliveries_deferred_until > now() THEN deliveries_deferred_until END,
                 CASE WHEN ${policy.maxPerMinute} > 0
                            AND delivery_window_start > now() - interval '1 minute'
                            AND delivery_window_count >= ${policy.maxPerMinute}
                      THEN delivery_window_start + interval '1 minute' END) AS not_before
        FROM websites WHERE id = ${websiteId}`,
  );
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
 * Records a delivered attempt with its hour's health and, for the website push, the website's
 * run, in one statement (insertAttemptWithHealth).
 */
export async function keepDelivered(tx: Db, attempt: NewAttempt) {
  const website =
    attempt.target === 'website'
      ? // A delivery ends the run of failures: its error is the past, read in the attempts.
        sql`consecutive_failures = 0, last_delivered_at = now(), last_delivery_error = NULL`
      : undefined;
  await insertAttemptWithHealth(tx, attempt, website);
}

/**
 * What becomes of a failed delivery: `retry` as the queue would (a counted failure below the
 * pause), `held` (the website paused: the variant waits for the resume) or `deferred` (queued
 * again for after the 429's Retry-After).
 */
export type FailureFate = 'retry' | 'held' | 'deferred';

/**
 * Records a failed (or deferred) attempt with its health and, for the website push, the website's
 * run or deferral, in one statement (insertAttemptWithHealth), and decides its fate.
 */
export async function keepFailed(
  tx: Db,
  context: TaskContext,
  job: RunningJob,
  attempt: NewAttempt,
  { failure, kind }: { failure: DeliveryError; kind: FailureKind },
  policy: DeliveryPolicy | undefined,
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
  if (await pauseWebsiteDeliveries(tx, websiteId, reason, 'failures')) {
    context.log.warn({ event: 'delivery_paused', websiteId, reason }, 'delivery_paused');
    // The pause just updated the website's row: it is there.
    const [site] = await queryRows<{ name: string }>(
      tx,
      sql`SELECT name FROM websites WHERE id = ${websiteId}`,
    );
    await notify(tx, context.queue, {
      kind: 'delivery_paused',
      subject: `website:${websiteId}`,
      title: `Deliveries to ${site!.name} paused`,
      body: reason,
      link: websiteSettingsPath(websiteId, WEBSITE_VIEW_TABS.delivery),
      audience: ['delivery-list'],
    });
  }
  return 'held';
}
