import { publishedPathOf } from '@sitefleet/contract';
import type { VariantContent } from '../../content/variants.ts';
import { DeliveryError, postWebhook } from '../../lib/delivery-http.ts';
import { idempotencyKey, type PublishingTarget } from '../delivery.ts';

/** A longer `url` in a website's answer is not an address it published at, and is not kept. */
const MAX_PUBLISHED_URL = 2048;

/** The JSON a website receives for a category or post variant. */
export function websitePayload(variant: VariantContent, sentAt: Date) {
  const { record } = variant;
  const common = {
    idempotency_key: idempotencyKey(variant),
    sent_at: sentAt.toISOString(),
    website: { id: variant.website.id, name: variant.website.name, url: variant.website.url },
    variant: { id: variant.variantId, version: variant.version, description: variant.description },
  };
  if (variant.kind === 'category') {
    return {
      event: 'category.published',
      ...common,
      category: {
        id: record.id,
        name: record.title,
        slug: record.slug,
        type: record.type,
        keywords: record.keywords,
        description: record.description,
      },
    };
  }
  return {
    event: 'post.published',
    ...common,
    post: {
      id: record.id,
      title: record.title,
      description: record.description,
      content_reference: record.contentReference,
      category: record.category,
    },
  };
}

/**
 * The website: the variant is POSTed to its website's category or post webhook, signed under the
 * website's secret. It has no settings of its own: each website's webhook is in its Advance
 * Settings.
 */
export const website: PublishingTarget<'website'> = {
  target: 'website',
  settings: [],
  async publish(variant, { context, timeoutMs }) {
    if (!variant.website.active) {
      throw new DeliveryError('The website is inactive', undefined, true);
    }
    if (!variant.website.webhookUrl) {
      throw new DeliveryError(
        `The website has no ${variant.kind} webhook URL (Advance Settings)`,
        undefined,
        true,
      );
    }
    const sentAt = new Date();
    const payload = websitePayload(variant, sentAt);
    const { statusCode, json } = await postWebhook(
      variant.website.webhookUrl,
      JSON.stringify(payload),
      {
        secret: variant.website.webhookSecret,
        sentAt,
        idempotencyKey: payload.idempotency_key,
        event: payload.event,
        timeoutMs,
        outbound: context.outbound,
      },
    );
    const { id, url } = (json ?? {}) as { id?: unknown; url?: unknown };
    return {
      statusCode,
      externalId: id === undefined || id === null ? null : String(id),
      // The page's address, to which the beacon's views of it are matched.
      ...(typeof url === 'string' &&
        url.length <= MAX_PUBLISHED_URL &&
        publishedPathOf(url) !== null && { publishedUrl: url }),
    };
  },
};
