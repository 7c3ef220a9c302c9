import { createHash } from 'node:crypto';
import { SOCIAL_NETWORK_ENDPOINTS, type SocialNetwork } from '@sitefleet/contract';
import {
  CLIENT_ID_PARAM,
  type ClientAuthentication,
  clientAuthentication,
} from '../../../lib/oauth-client.ts';

/**
 * What each network's consent asks (OAuth 2.0 authorization code): the scopes a channel needs to
 * publish, how they are joined, and whether the request carries PKCE (S256). How the client names
 * and proves itself is lib/oauth-client.ts's, shared with the refreshes.
 */
interface ConsentOf {
  scopes: readonly string[];
  scopeSeparator: ' ' | ',';
  pkce: boolean;
  /** Parameters of the consent beyond the standard ones. */
  extra?: Record<string, string>;
}

export const CONSENTS: Record<SocialNetwork, ConsentOf> = {
  facebook: {
    scopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'],
    scopeSeparator: ',',
    pkce: false,
  },
  twitter: {
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'],
    scopeSeparator: ' ',
    pkce: true,
  },
  linkedin: {
    scopes: ['w_organization_social', 'r_organization_admin', 'w_member_social'],
    scopeSeparator: ' ',
    pkce: false,
  },
  tiktok: {
    scopes: ['user.info.basic', 'video.publish'],
    scopeSeparator: ',',
    pkce: true,
  },
  youtube: {
    // Uploads, and reading which channel the account is (channels.list with mine=true), which
    // the upload scope alone does not allow.
    scopes: [
      'https://www.googleapis.com/auth/youtube.upload',
      'https://www.googleapis.com/auth/youtube.readonly',
    ],
    scopeSeparator: ' ',
    pkce: false,
    // A refresh token comes only with a consent given now, for use while the owner is away.
    extra: { access_type: 'offline', prompt: 'consent' },
  },
};

/** A network's app as a connection uses it: its client and its addresses (null: the network's). */
export interface ConnectApp {
  id: number;
  name: string;
  network: SocialNetwork;
  clientId: string;
  clientSecret: string | null;
  authUrl: string | null;
  tokenUrl: string | null;
  apiBaseUrl: string | null;
}

export const authUrlOf = (app: ConnectApp) =>
  app.authUrl ?? SOCIAL_NETWORK_ENDPOINTS[app.network].authUrl;
export const tokenUrlOf = (app: ConnectApp) =>
  app.tokenUrl ?? SOCIAL_NETWORK_ENDPOINTS[app.network].tokenUrl;
export const apiBaseOf = (app: ConnectApp) =>
  app.apiBaseUrl ?? SOCIAL_NETWORK_ENDPOINTS[app.network].apiBaseUrl;

/** PKCE's S256 challenge of a code verifier (RFC 7636). */
export const codeChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

/** The network's consent page for `state`, at the app's authorization address. */
export function authorizeUrl(
  app: ConnectApp,
  consent: { state: string; redirectUri: string; codeVerifier: string | null },
): string {
  const of = CONSENTS[app.network];
  const url = new URL(authUrlOf(app));
  const params: Record<string, string> = {
    response_type: 'code',
    [CLIENT_ID_PARAM[app.network]]: app.clientId,
    redirect_uri: consent.redirectUri,
    scope: of.scopes.join(of.scopeSeparator),
    state: consent.state,
    ...of.extra,
  };
  if (consent.codeVerifier) {
    params.code_challenge = codeChallenge(consent.codeVerifier);
    params.code_challenge_method = 'S256';
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The code exchange's form and headers, the client authenticated as at its refreshes; null when
 * the app lost the secret its network asks since the consent began.
 */
export function codeExchange(
  app: ConnectApp,
  exchange: { code: string; redirectUri: string; codeVerifier: string | null },
): ClientAuthentication | null {
  const client = clientAuthentication(app.network, app);
  if (!client) return null;
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    ...client.form,
  };
  if (exchange.codeVerifier) form.code_verifier = exchange.codeVerifier;
  return { form, headers: client.headers };
}
