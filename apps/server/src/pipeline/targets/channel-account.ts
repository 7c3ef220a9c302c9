import { SOCIAL_NETWORK_ENDPOINTS, type SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { googleClient } from '../../db/google-client.ts';

/**
 * The account a variant goes out through: its channel's id and tokens (opened), and the
 * credentials and addresses of the channel's app, else of the network's default app, else the
 * network's real addresses with no client. A YouTube app without a client id stands for the
 * fleet's Google client (Settings › Google, the one Login with Google asks consent with), and so
 * does no app at all: its tokens are refreshed with that client at Google's token address.
 */
export interface ChannelAccount {
  channelId: number;
  name: string;
  externalId: string;
  status: 'connected' | 'needs_reconnect' | 'disabled';
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  clientId: string | null;
  clientSecret: string | null;
  tokenUrl: string;
  apiBaseUrl: string;
}

/**
 * The request that trades a channel's refresh token for new tokens (OAuth 2.0,
 * `grant_type=refresh_token`) at its app's token address; each network that refreshes its tokens
 * says how.
 */
export interface RefreshRequest {
  url: string;
  headers: Record<string, string>;
  form: Record<string, string>;
}

/** A network's refresh request for a channel; null when its app lacks the credentials for it. */
export type RefreshRequestOf = (
  account: ChannelAccount,
  refreshToken: string,
) => RefreshRequest | null;

interface AccountRow {
  id: number;
  name: string;
  external_id: string;
  status: ChannelAccount['status'];
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Date | string | null;
  client_id: string | null;
  client_secret: string | null;
  token_url: string | null;
  api_base_url: string | null;
}

/** The channel's account as it is now; null when the channel is gone. */
export async function loadAccount(
  db: Db,
  { secrets, config }: Pick<AppContext, 'secrets' | 'config'>,
  network: SocialNetwork,
  channelId: number,
): Promise<ChannelAccount | null> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`SELECT c.id, c.name, c.external_id, c.status, c.access_token, c.refresh_token,
               c.token_expires_at, nullif(a.client_id, '') AS client_id, a.client_secret,
               a.token_url, a.api_base_url
        FROM channels c
        LEFT JOIN social_apps a ON a.id = coalesce(
          c.app_id, (SELECT id FROM social_apps WHERE network = c.network AND is_default))
        WHERE c.id = ${channelId} AND c.network = ${network}`,
  );
  if (!row) return null;
  const open = (sealed: string | null) => (sealed === null ? null : secrets.open(sealed));
  const endpoints = SOCIAL_NETWORK_ENDPOINTS[network];
  const googleFallback = row.client_id === null && network === 'youtube';
  const client = googleFallback
    ? await googleClient(db, secrets, config)
    : { clientId: row.client_id, clientSecret: open(row.client_secret) };
  return {
    channelId: row.id,
    name: row.name,
    externalId: row.external_id,
    status: row.status,
    accessToken: open(row.access_token),
    refreshToken: open(row.refresh_token),
    tokenExpiresAt: row.token_expires_at === null ? null : new Date(row.token_expires_at),
    clientId: client?.clientId ?? null,
    clientSecret: client?.clientSecret ?? null,
    tokenUrl: row.token_url ?? (googleFallback ? config.GOOGLE_TOKEN_URL : endpoints.tokenUrl),
    apiBaseUrl: row.api_base_url ?? endpoints.apiBaseUrl,
  };
}
