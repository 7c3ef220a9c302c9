import type { SocialNetwork } from '@sitefleet/contract';
import type { AppContext } from '../../../context.ts';
import type { DeliveryResult } from '../deliveries.ts';
import type { VariantContent } from '../variants.ts';
import { notConfigured } from './connector.ts';

/** Publishes a variant to a social network through that network's connector. */
export async function publishToNetwork(
  _context: AppContext,
  _variant: VariantContent,
  network: SocialNetwork,
  _timeoutMs: number,
): Promise<DeliveryResult> {
  throw notConfigured(network);
}
