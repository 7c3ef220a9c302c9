import { CHANNEL_MESSAGES, PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import type { VariantContent } from '../../content/variants.ts';
import { settingValues } from '../../db/settings.ts';
import { DeliveryError } from '../../lib/delivery-http.ts';
import type { SettingSeed } from '../../lib/settings-catalog.ts';
import type { DeliveryResult, PublishingTarget } from '../delivery.ts';
import { loadAccount, type RefreshRequestOf } from './channel-account.ts';
import { type SocialCall, settingPath, socialCall } from './connector.ts';
import { publishToWebhook, webhookSettings } from './social-webhook.ts';

/** The permanent failure of a delivery whose channel was deleted after it was queued. */
const channelGone = (network: SocialNetwork) =>
  new DeliveryError(`The ${PUBLISH_TARGET_LABELS[network]} channel was deleted`, undefined, true);

/** A setting of `network`: its full name is `social.{network}.{name}`. */
type NetworkSetting<N extends SocialNetwork> = SettingSeed & { fullPath: `social.${N}.${string}` };

/** The names after `social.{network}.` of `Settings`. */
type SettingName<
  N extends SocialNetwork,
  Settings extends readonly NetworkSetting<N>[],
> = Settings[number]['fullPath'] extends infer Path
  ? Path extends `social.${N}.${infer Name}`
    ? Name
    : never
  : never;

/**
 * A social network as a publishing target: its settings and its connector, which publishes
 * through the network's own API with the account of the channel the job names (its tokens, its
 * app's credentials and addresses). Each network also gets a generic
 * webhook: with `social.{network}.webhook_url` set, its publishes go there instead. The settings
 * are read as the job runs, so a changed token counts from the next try; a connector whose
 * settings are missing fails the job for good as not configured.
 */
export function socialNetwork<
  const N extends SocialNetwork,
  const Settings extends readonly NetworkSetting<N>[],
>(network: {
  target: N;
  /** In the order the Settings screen lists them; the webhook's two follow. */
  settings: Settings;
  /** How a channel's tokens are refreshed, for a network whose access tokens end. */
  refresh?: RefreshRequestOf;
  publish(
    variant: VariantContent,
    call: SocialCall<SettingName<N, Settings>>,
  ): Promise<DeliveryResult>;
}): PublishingTarget<N> {
  const { target } = network;
  return {
    target,
    settings: [...network.settings, ...webhookSettings(target)],
    refresh: network.refresh,
    async publish(variant, { context, timeoutMs, channelId }) {
      const values = await settingValues(context.db, context.secrets, `social.${target}.`);
      const webhookUrl = values[settingPath(target, 'webhook_url')];
      if (webhookUrl) {
        const secret = values[settingPath(target, 'webhook_secret')] ?? null;
        return publishToWebhook(variant, target, {
          url: webhookUrl,
          secret,
          timeoutMs,
          outbound: context.outbound,
        });
      }
      const account =
        channelId === undefined ? null : await loadAccount(context.db, context, target, channelId);
      if (channelId !== undefined && !account) throw channelGone(target);
      if (account?.status === 'disabled') {
        throw new DeliveryError(CHANNEL_MESSAGES.disabled, undefined, true);
      }
      const call = socialCall<SettingName<N, Settings>>(target, values, account, {
        context,
        timeoutMs,
        refresh: network.refresh,
      });
      return network.publish(variant, call);
    },
  };
}
