import type { SocialNetwork } from '@sitefleet/contract';
import type { AppContext } from '../../context.ts';
import { settingValues } from '../../db/settings.ts';
import type { VariantContent } from '../../modules/content/variants.ts';
import type { DeliveryResult } from '../delivery.ts';
import { type SocialConnector, settingPath } from './connector.ts';
import { facebookConnector } from './facebook.ts';
import { linkedinConnector } from './linkedin.ts';
import { tiktokConnector } from './tiktok.ts';
import { twitterConnector } from './twitter.ts';
import { webhookConnector } from './webhook.ts';
import { youtubeConnector } from './youtube.ts';

/** Each network's own API. */
const NATIVE_CONNECTORS: Record<SocialNetwork, SocialConnector> = {
  facebook: facebookConnector,
  twitter: twitterConnector,
  linkedin: linkedinConnector,
  tiktok: tiktokConnector,
  youtube: youtubeConnector,
};

/**
 * Publishes a variant to a social network with the network's settings, read as the job runs (so
 * a changed token counts from the next try): through the generic webhook when the network has a
 * webhook URL, else through its native API. A connector whose settings are missing fails the job
 * for good as not configured.
 */
export async function publishToNetwork(
  context: AppContext,
  variant: VariantContent,
  network: SocialNetwork,
  timeoutMs: number,
): Promise<DeliveryResult> {
  const settings = await settingValues(context.db, context.secrets, `social.${network}.`);
  const connector = settings[settingPath(network, 'webhook_url')]
    ? webhookConnector(network)
    : NATIVE_CONNECTORS[network];
  return connector.publish(variant, { context, settings, timeoutMs });
}
