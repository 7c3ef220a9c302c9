import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import type { AppContext } from '../../context.ts';
import type { SocialSettingName } from '../../lib/settings-catalog.ts';
import type { VariantContent } from '../../modules/content/variants.ts';
import { DeliveryError, type DeliveryResult } from '../delivery.ts';

/** What a connector gets besides the variant: its settings (secrets decrypted) and its limits. */
export interface ConnectorCall {
  context: AppContext;
  /** The values of the settings under `social.{network}.`, keyed by their full dotted name. */
  settings: Record<string, string | null>;
  timeoutMs: number;
}

/** Publishes a variant to one social network. */
export interface SocialConnector {
  network: SocialNetwork;
  publish(variant: VariantContent, call: ConnectorCall): Promise<DeliveryResult>;
}

/** The permanent failure of a network without the settings it needs. */
export const notConfigured = (network: SocialNetwork) =>
  new DeliveryError(`${PUBLISH_TARGET_LABELS[network]} is not configured`, undefined, true);

/** The full name of a network's setting: `social.{network}.{name}`. */
export const settingPath = <N extends SocialNetwork>(network: N, name: SocialSettingName<N>) =>
  `social.${network}.${name}`;

/**
 * The values of the settings a connector cannot work without, by their short name. A network
 * where one of them is not set fails as not configured, never silently.
 */
export function requiredSettings<N extends SocialNetwork, const Name extends SocialSettingName<N>>(
  network: N,
  settings: ConnectorCall['settings'],
  names: readonly Name[],
): Record<Name, string> {
  const values = {} as Record<Name, string>;
  for (const name of names) {
    const value = settings[settingPath(network, name)];
    if (!value) throw notConfigured(network);
    values[name] = value;
  }
  return values;
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
