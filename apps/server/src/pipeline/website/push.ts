import { createHmac } from 'node:crypto';
import type { VariantContent } from '../../modules/content/variants.ts';
import { DeliveryError, type DeliveryResult, idempotencyKey, postJson } from '../delivery.ts';

/** The headers of a website push; the README shows a receiver that checks them. */
export const WEBHOOK_HEADERS = {
  signature: 'x-sitefleet-signature',
  timestamp: 'x-sitefleet-timestamp',
  idempotencyKey: 'idempotency-key',
  event: 'x-sitefleet-event',
} as const;

/** `sha256=` and the hex HMAC-SHA256 of the exact body bytes under the website's secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

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
 * POSTs the variant to its website's category or post webhook, signed under the website's secret.
 * The body carries `sent_at`, so the signature covers the time too and a receiver can refuse
 * replays; the idempotency key lets it ignore a retried delivery it already took.
 */
export async function pushToWebsite(
  variant: VariantContent,
  timeoutMs: number,
): Promise<DeliveryResult> {
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
  const body = JSON.stringify(payload);
  const { statusCode, json } = await postJson(variant.website.webhookUrl, body, {
    timeoutMs,
    headers: {
      'user-agent': 'Sitefleet-Webhook/1',
      [WEBHOOK_HEADERS.signature]: signBody(variant.website.webhookSecret, body),
      [WEBHOOK_HEADERS.timestamp]: String(Math.floor(sentAt.getTime() / 1000)),
      [WEBHOOK_HEADERS.idempotencyKey]: payload.idempotency_key,
      [WEBHOOK_HEADERS.event]: payload.event,
    },
  });
  const id = (json as { id?: unknown } | null)?.id;
  return { statusCode, externalId: id === undefined || id === null ? null : String(id) };
}
