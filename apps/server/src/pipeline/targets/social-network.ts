import type { SocialNetwork } from '@sitefleet/contract';
import type { VariantContent } from '../../content/variants.ts';
import { settingValues } from '../../db/settings.ts';
import type { SettingSeed } from '../../lib/settings-catalog.ts';
import type { DeliveryResult, PublishingTarget } from '../delivery.ts';
import { type SocialCall, settingPath, socialCall } from './connector.ts';
import { publishToWebhook, webhookSettings } from './social-webhook.ts';

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
 * A social network as a publishing target: its settings (API addresses, ids, tokens) and its
 * connector, which publishes through the network's own API. Each network also gets a generic
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
  publish(
    variant: VariantContent,
    call: SocialCall<SettingName<N, Settings>>,
  ): Promise<DeliveryResult>;
}): PublishingTarget<N> {
  const { target } = network;
  return {
    target,
    settings: [...network.settings, ...webhookSettings(target)],
    async publish(variant, { context, timeoutMs }) {
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
      return network.publish(variant, socialCall(target, values, { context, timeoutMs }));
    },
  };
}
