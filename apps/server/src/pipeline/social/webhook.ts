import type { SocialNetwork } from '@sitefleet/contract';
import type { VariantContent } from '../../modules/content/variants.ts';
import { idempotencyKey, postJson } from '../delivery.ts';
import { signBody, WEBHOOK_HEADERS, websitePayload } from '../website/push.ts';
import {
  externalIdOf,
  requiredSettings,
  type SocialConnector,
  settingPath,
  socialText,
  variantLink,
} from './connector.ts';

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
export function webhookConnector(network: SocialNetwork): SocialConnector {
  return {
    network,
    async publish(variant, { settings, timeoutMs }) {
      const { webhook_url: url } = requiredSettings(network, settings, ['webhook_url']);
      const secret = settings[settingPath(network, 'webhook_secret')];
      const sentAt = new Date();
      const payload = socialWebhookPayload(variant, network, sentAt);
      const body = JSON.stringify(payload);
      const { statusCode, json } = await postJson(url, body, {
        timeoutMs,
        headers: {
          'user-agent': 'Sitefleet-Webhook/1',
          ...(secret && { [WEBHOOK_HEADERS.signature]: signBody(secret, body) }),
          [WEBHOOK_HEADERS.timestamp]: String(Math.floor(sentAt.getTime() / 1000)),
          [WEBHOOK_HEADERS.idempotencyKey]: payload.idempotency_key,
          [WEBHOOK_HEADERS.event]: payload.event,
        },
      });
      return { statusCode, externalId: externalIdOf((json as { id?: unknown } | null)?.id) };
    },
  };
}
