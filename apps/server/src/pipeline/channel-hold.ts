import { CHANNEL_MESSAGES, isSocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { settleChannelDelivery } from '../content/publish/channels.ts';
import type { VariantContent } from '../content/variants.ts';
import { type Db, queryRows } from '../db/client.ts';
import { insertAttemptWithHealth, type NewAttempt } from '../db/delivery-health.ts';
import { publishDeliveryEvents, variantTarget } from '../events/publish.ts';
import { giveUpJob, type RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import type { DeliveryError } from '../lib/delivery-http.ts';
import { markNeedsReconnect } from './channel-care.ts';
import { REFRESH_REFUSED } from './targets/user-tokens.ts';

/**
 * A channel that waits for a person to reconnect it holds its deliveries, as a paused website
 * holds its own: each stays `paused` on its variant, its job ends, and the reconnect queues them
 * again (content/publish/channels.ts, releaseChannel).
 */

/** Marks the job's delivery to its channel held. */
async function holdDelivery(tx: Db, job: RunningJob, variant: VariantContent) {
  const { kind, variantId, target, channelId } = job.data;
  if (channelId === undefined || !isSocialNetwork(target)) return;
  await settleChannelDelivery(tx, {
    kind,
    variantId,
    network: target,
    channelId,
    status: 'paused',
    error: CHANNEL_MESSAGES.heldNote,
  });
  await publishDeliveryEvents(tx, kind, 'paused', [variantTarget(variant, target)]);
}

/**
 * Whether the job's channel waits for a reconnect; if so its delivery is held and no attempt is
 * made. The channel's row is read under a share lock: a reconnect, which updates it before it
 * queues the held deliveries again, either waits for this hold and queues it with the others, or
 * came first and is seen here.
 */
export async function waitsForChannel(
  context: TaskContext,
  job: RunningJob,
  variant: VariantContent,
): Promise<boolean> {
  const { channelId } = job.data;
  if (channelId === undefined) return false;
  return context.db.transaction(async (tx) => {
    const [channel] = await queryRows<{ status: string }>(
      tx,
      sql`SELECT status FROM channels WHERE id = ${channelId} FOR SHARE`,
    );
    if (channel?.status !== 'needs_reconnect') return false;
    await holdDelivery(tx, job, variant);
    return true;
  });
}

/**
 * Settles an attempt whose network refused to refresh the channel's token: the attempt is
 * recorded, the channel marked as needing a reconnect (and its followers told), and the delivery
 * held rather than failed. False for any other failure, which the policy settles.
 */
export async function holdForReconnect(
  context: TaskContext,
  job: RunningJob,
  variant: VariantContent,
  attempt: NewAttempt,
  failure: DeliveryError,
): Promise<boolean> {
  const { channelId } = job.data;
  if (failure.detail.code !== REFRESH_REFUSED || channelId === undefined) return false;
  await context.db.transaction(async (tx) => {
    await insertAttemptWithHealth(tx, attempt);
    await markNeedsReconnect(tx, context.queue, channelId, failure.message);
    await holdDelivery(tx, job, variant);
    await giveUpJob(tx, job.id);
  });
  context.metrics.deliveries.inc({ target: job.data.target, outcome: 'failed' });
  return true;
}
