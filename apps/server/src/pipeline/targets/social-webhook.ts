import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import type { VariantContent } from '../../content/variants.ts';
import { postWebhook } from '../../lib/delivery-http.ts';
import type { Outbound } from '../../lib/outbound.ts';
import { type DeliveryResult, idempotencyKey } from '../delivery.ts';
import { externalIdOf, socialText, variantLink } from './connector.ts';
import { websitePayload } from './website.ts';

/** The event of a social webhook, in its body and in the X-Sitefleet-Event header. */
const SOCIAL_WEBHOOK_EVENT = 'social.publish';

/**
 * The JSON a social webhook receives, version 1:
 * - `event`: 'social.publish'; `network`: facebook, twitter, linkedin, tiktok or youtube;
 * - `idempotency_key`: `{kind}-{variant id}-v{version}-{network}`, the same for every retry of a
 *   delivery, so a receiver can ignore one it already took;
 * - `sent_at`: ISO time of this try (inside the signed body, so a receiver can refuse replays);
 * - `text`: the text to post (title, the variant's text, the link) and `link` on its own;
 * - `website`, `variant`, and `post` or `category`: the same content a website push carries.
 */
function socialWebhookPayload(variant: VariantContent, network: SocialNetwork, sentAt: Date) {
  return {
    ...websitePayload(variant, sentAt),
    event: SOCIAL_WEBHOOK_EVENT,
    network,
    // One receiver may take several networks: the key tells their deliveries apart.
    idempotency_key: `${idempotencyKey(variant)}-${network}`,
    text: socialText(variant),
    link: variantLink(variant),
  };
}

/**
 * The generic webhook: when `social.{network}.webhook_url` is set, the network's publishes go as
 * JSON to that address instead of its native API, for an automation tool (or any receiver) to
 * post. The headers are a website push's: with `social.{network}.webhook_secret` set, the body is
 * signed (`X-Sitefleet-Signature: sha256=` and the hex HMAC-SHA256 of the exact body); without it
 * there is no signature. A 2xx answer's `id`, if any, is kept as the published item's id.
 */
export async function publishToWebhook(
  variant: VariantContent,
  network: SocialNetwork,
  webhook: { url: string; secret: string | null; timeoutMs: number; outbound: Outbound },
): Promise<DeliveryResult> {
  const sentAt = new Date();
  const payload = socialWebhookPayload(variant, network, sentAt);
  const { statusCode, json } = await postWebhook(webhook.url, JSON.stringify(payload), {
    secret: webhook.secret || null,
    sentAt,
    idempotencyKey: payload.idempotency_key,
    event: payload.event,
    timeoutMs: webhook.timeoutMs,
    outbound: webhook.outbound,
  });
  return { statusCode, externalId: externalIdOf((json as { id?: unknown } | null)?.id) };
}

/** A network's settings for its generic webhook, after its own. */
export function webhookSettings<const N extends SocialNetwork>(network: N) {
  const label = PUBLISH_TARGET_LABELS[network];
  return [
    {
      fullPath: `social.${network}.webhook_url` as const,
      value: null,
      type: 'url',
      description: `When set, ${label} publishes go as JSON to this address (an automation tool) instead of the ${label} API`,
    },
    {
      fullPath: `social.${network}.webhook_secret` as const,
      value: null,
      type: 'text',
      description: `Key that signs the ${label} webhook (X-Sitefleet-Signature, HMAC-SHA256 of the body); unsigned when empty`,
      isSecret: true,
    },
  ] as const;
}
