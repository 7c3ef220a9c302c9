import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import type { VariantContent } from '../../content/variants.ts';
import type { AppContext } from '../../context.ts';
import { DeliveryError } from '../../lib/delivery-http.ts';
import type { ChannelAccount, RefreshRequestOf } from './channel-account.ts';

/**
 * What the social networks' connectors share: their settings and channel as a call reads them,
 * their text.
 */

/**
 * What a network's connector gets besides the variant: its settings (secrets opened), read as the
 * job runs so that a changed token counts from the next try, and its limits. `Name` is a setting's
 * name after `social.{network}.`.
 */
export interface SocialCall<Name extends string> {
  network: SocialNetwork;
  context: AppContext;
  timeoutMs: number;
  /**
   * The channel the variant goes to, with its app: a network that publishes through channels
   * cannot work without one, and fails as not configured.
   */
  channel(): ChannelAccount;
  /** How the network refreshes a channel's tokens; null for a network whose tokens do not end. */
  refresh: RefreshRequestOf | null;
  /** The time tokens' ends are read against: now, or the time a test sets. */
  now(): number;
  /** A setting's value; null when it is not set. */
  value(name: Name): string | null;
  /**
   * The values of the settings the connector cannot work without. A network where one of them
   * is not set fails as not configured, never silently.
   */
  required<const Required extends Name>(names: readonly Required[]): Record<Required, string>;
}

/** The full name of a network's setting: `social.{network}.{name}`. */
export const settingPath = (network: SocialNetwork, name: string) => `social.${network}.${name}`;

/** The permanent failure of a network without the settings it needs. */
export const notConfigured = (network: SocialNetwork) =>
  new DeliveryError(`${PUBLISH_TARGET_LABELS[network]} is not configured`, undefined, true);

/** A call over `values`, the network's settings keyed by their full dotted name. */
export function socialCall<Name extends string>(
  network: SocialNetwork,
  values: Record<string, string | null>,
  account: ChannelAccount | null,
  limits: { context: AppContext; timeoutMs: number; refresh?: RefreshRequestOf; now?: Date },
): SocialCall<Name> {
  const value = (name: Name) => values[settingPath(network, name)] ?? null;
  const { context, timeoutMs, refresh, now } = limits;
  return {
    network,
    context,
    timeoutMs,
    refresh: refresh ?? null,
    now: () => now?.getTime() ?? Date.now(),
    channel() {
      if (!account) throw notConfigured(network);
      return account;
    },
    value,
    required(names) {
      const found = {} as Record<(typeof names)[number], string>;
      for (const name of names) {
        const setting = value(name);
        if (!setting) throw notConfigured(network);
        found[name] = setting;
      }
      return found;
    },
  };
}

/** An endpoint under a base URL setting, whether or not the operator ended it with a slash. */
export const endpoint = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/** What a published item links to: the same link `socialText` ends with. */
export const variantLink = (variant: VariantContent) =>
  variant.record.contentReference ?? variant.website.url;

/** `text` cut to at most `max` UTF-16 units, ending with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never keep half of a surrogate pair (an emoji) before the ellipsis.
  return `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** An id a network answered, as text; null when it gave none. */
export const externalIdOf = (id: unknown) =>
  id === undefined || id === null || id === '' ? null : String(id);

/** The text a social network receives: the title, the variant's text, and a link when there is one. */
export function socialText(variant: VariantContent) {
  const body = variant.description || variant.record.description;
  const link = variant.record.contentReference ?? variant.website.url;
  return [variant.record.title, body, link].filter(Boolean).join('\n\n');
}
