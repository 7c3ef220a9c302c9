import type { PublishTarget } from '@sitefleet/contract';
import type { VariantContent } from '../content/variants.ts';
import type { Executor } from '../db/client.ts';
import { emitEvents } from '../events/outgoing.ts';

/**
 * The outgoing events of a post variant's delivery, in the transaction that records its outcome:
 * `post.published` once it arrived, `post.publish_failed` once it failed for good. A category's
 * deliveries send none. The event names the one website the variant is on.
 */

const deliveryData = (variant: VariantContent, target: PublishTarget) => ({
  kind: 'post' as const,
  record_id: variant.record.id,
  variant_id: variant.variantId,
  website_ids: [variant.website.id],
  target,
});

export async function emitPostPublished(
  tx: Executor,
  variant: VariantContent,
  target: PublishTarget,
  externalId: string | null,
) {
  if (variant.kind !== 'post') return;
  await emitEvents(tx, [
    { type: 'post.published', data: { ...deliveryData(variant, target), external_id: externalId } },
  ]);
}

export async function emitPostPublishFailed(
  tx: Executor,
  variant: VariantContent,
  target: PublishTarget,
  error: string,
) {
  if (variant.kind !== 'post') return;
  await emitEvents(tx, [
    { type: 'post.publish_failed', data: { ...deliveryData(variant, target), error } },
  ]);
}
