import type { PublishTarget } from '@sitefleet/contract';
import { loadVariant, type VariantContent } from '../content/variants.ts';
import type { AppContext } from '../context.ts';
import type { RunningJob } from '../jobs/queue.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import type { SettingSeed } from '../lib/settings-catalog.ts';
import { admitDelivery } from './delivery-policy.ts';
import type { RefreshRequestOf } from './targets/channel-account.ts';

/** What a successful delivery answers: the HTTP status and the id the target gave the item. */
export interface DeliveryResult {
  statusCode: number;
  externalId: string | null;
  /** Where the website published the item, if its answer said (`{ "url": … }`). */
  publishedUrl?: string;
}

/** What a target's publish gets besides the variant. */
export interface PublishCall {
  context: AppContext;
  timeoutMs: number;
  /** The network's channel the variant goes to (channels.ts); absent for the website push. */
  channelId?: number;
}

/**
 * A publishing target: where a variant goes (`target`, as the contract names it), the settings it
 * reads (seeded into the catalogue's Publishing › Social group) and how a variant is sent there.
 */
export interface PublishingTarget<Target extends PublishTarget = PublishTarget> {
  target: Target;
  settings: readonly SettingSeed[];
  /** How a channel's tokens are refreshed, for a network whose access tokens end. */
  refresh?: RefreshRequestOf;
  publish(variant: VariantContent, call: PublishCall): Promise<DeliveryResult>;
}

/** The idempotency key of a delivery: the same content version always carries the same key. */
export const idempotencyKey = (variant: Pick<VariantContent, 'kind' | 'variantId' | 'version'>) =>
  `${variant.kind}-${variant.variantId}-v${variant.version}`;

/**
 * Runs one attempt of a publishing job: loads the variant, asks the delivery policy whether it may
 * go now, publishes it to the target and hands the outcome to the policy (delivery-policy.ts),
 * which records it. A failure the policy leaves to the queue is thrown again for a retry; a website
 * push that waits (its website paused, deferred or over its rate) makes no attempt, and counts none.
 */
export async function runDelivery(
  context: TaskContext,
  job: RunningJob,
  destination: PublishingTarget,
): Promise<DeliveryResult | null> {
  const variant = await loadVariant(context.db, job.data.kind, job.data.variantId);
  // Deleted since it was queued: there is nothing left to deliver.
  if (!variant) return null;
  const delivery = await admitDelivery(context, job, variant, destination.target);
  if (!delivery) return null;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const result = await destination.publish(variant, {
      context,
      timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
      channelId: job.data.channelId,
    });
    await delivery.delivered(result, elapsed());
    return result;
  } catch (error) {
    // Recording the delivery may fail too: it is then settled as the attempt's failure.
    const retry = await delivery.failed(error, elapsed());
    if (retry) throw retry;
    return null;
  }
}
