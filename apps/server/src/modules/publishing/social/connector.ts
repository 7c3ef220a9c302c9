import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import type { AppContext } from '../../../context.ts';
import { DeliveryError, type DeliveryResult } from '../deliveries.ts';
import type { VariantContent } from '../variants.ts';

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
