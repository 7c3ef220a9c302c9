import { PUBLISH_TARGET_LABELS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { DeliveryError, sendRequest } from '../../lib/delivery-http.ts';
import type { ChannelAccount } from './channel-account.ts';
import { notConfigured, type SocialCall } from './connector.ts';

/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** HTTP 401: the network no longer takes the access token. */
const UNAUTHORIZED = 401;

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

/** The refresh of networks whose client sends its id (under `idField`) and secret in the form. */
export const clientInFormRefresh =
  (idField: string): RefreshRequestOf =>
  (account, refreshToken) =>
    account.clientId && account.clientSecret
      ? {
          url: account.tokenUrl,
          headers: {},
          form: {
            [idField]: account.clientId,
            client_secret: account.clientSecret,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
          },
        }
      : null;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  refresh_token_expires_in?: unknown;
}

/** `seconds` from now, or null when the network did not say. */
const inSeconds = (seconds: unknown) => {
  const value = Number(seconds);
  return seconds !== undefined && Number.isFinite(value)
    ? new Date(Date.now() + value * 1000)
    : null;
};

/**
 * The tokens a refresh answered, kept (sealed) on the channel. X and TikTok rotate refresh tokens:
 * the one just used may not work again, so a new one replaces it in the same statement; an
 * answer without one never empties the stored one.
 */
async function storeTokens(tx: Executor, call: SocialCall<string>, answer: TokenAnswer) {
  const { secrets } = call.context;
  const refreshToken =
    typeof answer.refresh_token === 'string' && answer.refresh_token
      ? secrets.seal(answer.refresh_token)
      : null;
  const refreshEnds = inSeconds(answer.refresh_token_expires_in);
  await tx.execute(
    sql`UPDATE channels
        SET access_token = ${secrets.seal(String(answer.access_token))},
            token_expires_at = ${inSeconds(answer.expires_in)},
            refresh_token = coalesce(${refreshToken}, refresh_token),
            refresh_expires_at = coalesce(${refreshEnds}, refresh_expires_at),
            last_refreshed_at = now(), updated_at = now()
        WHERE id = ${call.channel().channelId}`,
  );
}

/**
 * A new access token from the refresh token, one process at a time per channel (a rotated refresh
 * token works once): the channel's row is locked, and a process that waited for another's
 * refresh takes the token that one stored. A refusal fails for good, since only reconnecting the
 * account mends it.
 */
async function refreshedToken(
  call: SocialCall<string>,
  request: RefreshRequest,
  staleToken: string | null,
): Promise<string> {
  const label = PUBLISH_TARGET_LABELS[call.network];
  return call.context.db.transaction(async (tx) => {
    const [now] = await queryRows<{ access_token: string | null }>(
      tx,
      sql`SELECT access_token FROM channels WHERE id = ${call.channel().channelId} FOR UPDATE`,
    );
    const stored = now?.access_token ? call.context.secrets.open(now.access_token) : null;
    if (stored && stored !== staleToken) return stored;
    const response = await sendRequest(request.url, {
      headers: {
        ...request.headers,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(request.form).toString(),
      timeoutMs: call.timeoutMs,
      outbound: call.context.outbound,
    }).catch((error: unknown) => {
      if (error instanceof DeliveryError && error.statusCode !== undefined) {
        throw new DeliveryError(
          `${label} refused to refresh the access token: ${error.message}`,
          error.statusCode,
          true,
        );
      }
      throw error;
    });
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new DeliveryError(
        `${label} answered the token refresh without an access token`,
        response.status,
        true,
      );
    }
    await storeTokens(tx, call, answer);
    return answer.access_token;
  });
}

/**
 * Sends with the channel's access token, refreshed first when it has ended (or is about to) and
 * once more when the network answers 401, provided the channel has a refresh token and its app
 * the credentials. Without them the stored access token is used as it is; without any, the
 * network is not configured.
 */
export async function withUserToken<T>(
  call: SocialCall<string>,
  refreshRequest: RefreshRequestOf,
  send: (accessToken: string) => Promise<T>,
): Promise<T> {
  const account = call.channel();
  const { accessToken, refreshToken } = account;
  const request = refreshToken ? refreshRequest(account, refreshToken) : null;
  if (!accessToken && !request) throw notConfigured(call.network);
  const expiresAt = account.tokenExpiresAt?.getTime() ?? Number.NaN;
  const ended = !accessToken || expiresAt - EXPIRY_MARGIN_MS <= Date.now();
  const token = ended && request ? await refreshedToken(call, request, accessToken) : accessToken!;
  try {
    return await send(token);
  } catch (error) {
    if (!(request && error instanceof DeliveryError && error.statusCode === UNAUTHORIZED)) {
      throw error;
    }
    return send(await refreshedToken(call, request, token));
  }
}
