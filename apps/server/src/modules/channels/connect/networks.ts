import { createHash } from 'node:crypto';
import { SOCIAL_NETWORK_ENDPOINTS, type SocialNetwork } from '@sitefleet/contract';

/**
 * What each network's consent asks (OAuth 2.0 authorization code): the scopes a channel needs to
 * publish, how they are joined, whether the request carries PKCE (S256), what the client's id is
 * called, and how the code is exchanged at the token address.
 */
interface ConsentOf {
  scopes: readonly string[];
  scopeSeparator: ' ' | ',';
  pkce: boolean;
  /** TikTok names the client `client_key`. */
  clientParam: 'client_id' | 'client_key';
  /** Parameters of the consent beyond the standard ones. */
  extra?: Record<string, string>;
  /** The code exchange needs the client secret (X's public clients do without). */
  needsSecret: boolean;
}

export const CONSENTS: Record<SocialNetwork, ConsentOf> = {
  facebook: {
    scopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'],
    scopeSeparator: ',',
    pkce: false,
    clientParam: 'client_id',
    needsSecret: true,
  },
  twitter: {
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'],
    scopeSeparator: ' ',
    pkce: true,
    clientParam: 'client_id',
    needsSecret: false,
  },
  linkedin: {
    scopes: ['w_organization_social', 'r_organization_admin', 'w_member_social'],
    scopeSeparator: ' ',
    pkce: false,
    clientParam: 'client_id',
    needsSecret: true,
  },
  tiktok: {
    scopes: ['user.info.basic', 'video.publish'],
    scopeSeparator: ',',
    pkce: true,
    clientParam: 'client_key',
    needsSecret: true,
  },
  youtube: {
    scopes: ['https://www.googleapis.com/auth/youtube.upload'],
    scopeSeparator: ' ',
    pkce: false,
    clientParam: 'client_id',
    // A refresh token comes only with a consent given now, for use while the owner is away.
    extra: { access_type: 'offline', prompt: 'consent' },
    needsSecret: true,
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
    [of.clientParam]: app.clientId,
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
 * The code exchange's form and headers: the client's id and secret in the form, as each network
 * takes them, but X's confidential client, which authenticates with Basic (as its refresh does).
 */
export function codeExchange(
  app: ConnectApp,
  exchange: { code: string; redirectUri: string; codeVerifier: string | null },
): { form: Record<string, string>; headers: Record<string, string> } {
  const of = CONSENTS[app.network];
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    [of.clientParam]: app.clientId,
  };
  const headers: Record<string, string> = {};
  if (app.network === 'twitter') {
    if (app.clientSecret) {
      const credentials = `${app.clientId}:${app.clientSecret}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
  } else if (app.clientSecret) {
    form.client_secret = app.clientSecret;
  }
  if (exchange.codeVerifier) form.code_verifier = exchange.codeVerifier;
  return { form, headers };
}
