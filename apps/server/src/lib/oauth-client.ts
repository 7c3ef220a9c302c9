import type { SocialNetwork } from '@sitefleet/contract';

/**
 * How a network's OAuth client names and proves itself, the same at the code exchange and at
 * every refresh: TikTok names the client `client_key`; X's confidential client authenticates
 * with Basic (its public one sends only its id); the others send their id and secret in the form.
 */

export const CLIENT_ID_PARAM: Record<SocialNetwork, 'client_id' | 'client_key'> = {
  facebook: 'client_id',
  twitter: 'client_id',
  linkedin: 'client_id',
  tiktok: 'client_key',
  youtube: 'client_id',
};

/** The networks whose token address takes a client without a secret (PKCE's public clients). */
const PUBLIC_CLIENTS: ReadonlySet<SocialNetwork> = new Set(['twitter']);
export const needsClientSecret = (network: SocialNetwork) => !PUBLIC_CLIENTS.has(network);

export interface ClientAuthentication {
  form: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * The form fields and headers that authenticate the client at the network's token address; null
 * when the client lacks what the network asks (an id, and a secret but from a public client).
 */
export function clientAuthentication(
  network: SocialNetwork,
  client: { clientId: string | null; clientSecret: string | null },
): ClientAuthentication | null {
  const { clientId, clientSecret } = client;
  if (!clientId || (!clientSecret && needsClientSecret(network))) return null;
  const form: Record<string, string> = { [CLIENT_ID_PARAM[network]]: clientId };
  const headers: Record<string, string> = {};
  if (clientSecret && network === 'twitter') {
    headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  } else if (clientSecret) {
    form.client_secret = clientSecret;
  }
  return { form, headers };
}
