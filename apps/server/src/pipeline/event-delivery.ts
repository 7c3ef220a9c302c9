import { EVENT_SUBSCRIPTION_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context.ts';
import { holdsAbility } from '../db/abilities.ts';
import { type Db, queryRows } from '../db/client.ts';
import { giveUpJob, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { DeliveryError, postJson } from '../lib/delivery-http.ts';
import { storableText } from '../lib/outside-text.ts';
import { resumeSubscription } from '../modules/event-subscriptions/deliveries.ts';
import { readDeliveryPolicy } from './delivery-health.ts';
import { classifyFailure } from './delivery-policy.ts';
import { takeDueProbes } from './delivery-probe.ts';

/**
 * Sends one outgoing event to one subscription, as the delivery engine sends a website's push: the
 * body signed by the Standard Webhooks specification, through the outbound guard (an internal
 * address is refused at each send unless allowed), its failure classified as a website's is. A 429
 * defers it; a failure no retry can mend, or a run of `delivery.pause_after_failures`, pauses the
 * subscription, whose events then wait (`held`) for the probe or a user's resume; the rest the
 * queue retries with back-off under the same webhook-id, and the last try's failure is final.
 */

interface Sendable {
  id: number;
  subscription_id: number;
  webhook_id: string;
  payload: { timestamp: string };
  status: string;
  url: string;
  secret: string;
  enabled: boolean;
  paused: boolean;
  visible: boolean;
}

/** A 429 without a readable Retry-After defers this long; a longer one is cut to an hour. */
const DEFAULT_DEFER_MS = 60_000;
const MAX_DEFER_MS = 60 * 60 * 1000;

async function readSendable(db: Db, deliveryId: number) {
  const [row] = await queryRows<Sendable>(
    db,
    sql`SELECT d.id, d.subscription_id, d.webhook_id, d.payload, d.status, s.url, s.secret,
               s.enabled, s.paused, ${holdsAbility(sql`s.created_by`, sql`d.audience`)} AS visible
        FROM event_deliveries d JOIN event_subscriptions s ON s.id = d.subscription_id
        WHERE d.id = ${deliveryId}`,
  );
  return row;
}

/** Marks the delivery without trying it: held while paused, skipped when it may not go. */
const settleUntried = (db: Db, id: number, status: 'held' | 'skipped', note: string | null) =>
  db.execute(
    sql`UPDATE event_deliveries SET status = ${status}, last_error = ${note}
        WHERE id = ${id} AND status = 'pending'`,
  );

/** POSTs the event's body, signed under the subscription's secret; answers its HTTP status. */
async function post(context: AppContext, row: Sendable) {
  const body = JSON.stringify(row.payload);
  const sentAt = new Date();
  const signature = new Webhook(context.secrets.open(row.secret)).sign(
    row.webhook_id,
    sentAt,
    body,
  );
  const { statusCode } = await postJson(row.url, body, {
    outbound: context.outbound,
    timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
    headers: {
      'user-agent': 'Sitefleet-Webhook/1',
      'webhook-id': row.webhook_id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    },
  });
  return statusCode;
}

/** Records one try of the delivery and its subscription's run: delivered, or failed with `error`. */
async function recordTry(
  tx: Db,
  row: Sendable,
  outcome: { statusCode: number | null; durationMs: number; error: DeliveryError | null },
  status: 'delivered' | 'pending' | 'failed' | 'held',
) {
  const error = outcome.error?.message ?? null;
  const [tries] = await queryRows<{ attempts: number; failures: number }>(
    tx,
    sql`WITH d AS (
          UPDATE event_deliveries SET status = ${status}, attempts = attempts + 1,
                 last_status_code = ${outcome.statusCode}, last_error = ${error},
                 delivered_at = CASE WHEN ${status} = 'delivered' THEN now() END
          WHERE id = ${row.id} RETURNING attempts),
        s AS (
          UPDATE event_subscriptions SET
            consecutive_failures = CASE WHEN ${error}::text IS NULL THEN 0
                                        ELSE consecutive_failures + 1 END,
            last_delivered_at = CASE WHEN ${error}::text IS NULL THEN now()
                                     ELSE last_delivered_at END,
            last_error = ${error}
          WHERE id = ${row.subscription_id} RETURNING consecutive_failures)
        SELECT (SELECT attempts FROM d) AS attempts, (SELECT consecutive_failures FROM s) AS failures`,
  );
  await tx.execute(
    sql`INSERT INTO event_attempts (delivery_id, attempt, outcome, status_code, duration_ms, error)
        VALUES (${row.id}, ${tries?.attempts ?? 1}, ${error === null ? 'delivered' : 'failed'},
                ${outcome.statusCode}, ${outcome.durationMs}, ${error})`,
  );
  return tries?.failures ?? 0;
}

/** Pauses the subscription (once): its events wait, held, for the probe or a resume. */
const pauseSubscription = (tx: Db, id: number, reason: string) =>
  tx.execute(
    sql`UPDATE event_subscriptions SET paused = true, paused_reason = ${reason}, probed_at = now()
        WHERE id = ${id} AND NOT paused`,
  );

/** Tries the delivery once; answers the failure, or null when it was delivered. */
async function tryOnce(context: AppContext, row: Sendable) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const statusCode = await post(context, row);
    return { statusCode, durationMs: elapsed(), error: null };
  } catch (thrown) {
    const error =
      thrown instanceof DeliveryError
        ? thrown
        : new DeliveryError(
            storableText(thrown instanceof Error ? thrown.message : String(thrown)),
          );
    return { statusCode: error.statusCode ?? null, durationMs: elapsed(), error };
  }
}

/** The job of queue `event-send`: one try of one delivery, settled as the engine settles any. */
export async function sendEvent(context: TaskContext, job: RunningJob<'event-send'>) {
  const row = await readSendable(context.db, job.data.deliveryId);
  // Deleted with its subscription, or settled by another run: nothing is left to send.
  if (row?.status !== 'pending') return;
  if (!row.enabled) {
    return settleUntried(
      context.db,
      row.id,
      'skipped',
      EVENT_SUBSCRIPTION_MESSAGES.skippedDisabled,
    );
  }
  if (row.paused) return settleUntried(context.db, row.id, 'held', null);
  if (!row.visible) {
    return settleUntried(context.db, row.id, 'skipped', EVENT_SUBSCRIPTION_MESSAGES.skippedUnseen);
  }
  const outcome = await tryOnce(context, row);
  const failure = outcome.error;
  if (!failure) {
    await context.db.transaction((tx) => recordTry(tx, row, outcome, 'delivered'));
    context.metrics.deliveries.inc({ target: 'event', outcome: 'delivered' });
    return;
  }
  context.metrics.deliveries.inc({ target: 'event', outcome: 'failed' });
  const kind = classifyFailure(failure);
  const policy = await readDeliveryPolicy(context);
  const final = failure.permanent || job.retryCount >= job.retryLimit;
  const retry = await context.db.transaction(async (tx) => {
    if (kind === 'defer') {
      await recordTry(tx, row, outcome, 'pending');
      const wait = Math.min(failure.detail.retryAfterMs ?? DEFAULT_DEFER_MS, MAX_DEFER_MS);
      await context.queue.sendAfter(tx, 'event-send', [
        { data: job.data, startAfter: new Date(Date.now() + wait) },
      ]);
      return false;
    }
    const failures = await recordTry(tx, row, outcome, final ? 'failed' : 'pending');
    const pauses =
      kind === 'pause' || (policy.pauseAfterFailures > 0 && failures >= policy.pauseAfterFailures);
    if (pauses) {
      const reason =
        kind === 'pause'
          ? failure.message
          : `${failures} consecutive failures; the last: ${failure.message}`;
      await pauseSubscription(tx, row.subscription_id, reason);
      if (!final) {
        await tx.execute(sql`UPDATE event_deliveries SET status = 'held' WHERE id = ${row.id}`);
      }
      await giveUpJob(tx, job.id);
      return false;
    }
    if (failure.permanent) await giveUpJob(tx, job.id);
    return !final;
  });
  if (retry) throw failure;
}

/**
 * Tries the oldest held event of each subscription paused for `delivery.probe_minutes`; one that
 * takes it is resumed, its held events queued again. Answers the ids resumed.
 */
export async function probePausedSubscriptions(context: TaskContext): Promise<number[]> {
  const due = await takeDueProbes(
    context,
    'event_subscriptions',
    sql`paused AND enabled`,
    'probed_at',
  );
  const resumed: number[] = [];
  for (const id of due) {
    const [held] = await queryRows<{ id: number }>(
      context.db,
      sql`SELECT id FROM event_deliveries WHERE subscription_id = ${id} AND status = 'held'
          ORDER BY id LIMIT 1`,
    );
    const row = held && (await readSendable(context.db, Number(held.id)));
    if (row) {
      const outcome = await tryOnce(context, row);
      await context.db.transaction((tx) =>
        recordTry(tx, row, outcome, outcome.error ? 'held' : 'delivered'),
      );
      if (outcome.error) continue;
    }
    if ((await resumeSubscription(context.db, context.queue, id, 'probe')) !== null) {
      resumed.push(id);
    }
  }
  return resumed;
}
