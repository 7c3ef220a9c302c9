import { PUBLISH_TARGET_LABELS, type SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { DeliveryError, sendRequest } from '../../lib/delivery-http.ts';
import { clientAuthentication } from '../../lib/oauth-client.ts';
import type { RefreshRequest, RefreshRequestOf } from './channel-account.ts';
import { notConfigured, type SocialCall } from './connector.ts';

/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** HTTP 401: the network no longer takes the access token. */
const UNAUTHORIZED = 401;

/**
 * A network's refresh request (OAuth 2.0 `grant_type=refresh_token`) at its app's token address,
 * the client authenticated as at the code exchange; null when the app lacks the credentials.
 */
export const oauthRefresh =
  (network: SocialNetwork): RefreshRequestOf =>
  (account, refreshToken) => {
    const client = clientAuthentication(network, account);
    return (
      client && {
        url: account.tokenUrl,
        headers: client.headers,
        form: { ...client.form, grant_type: 'refresh_token', refresh_token: refreshToken },
      }
    );
  };

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  refresh_token_expires_in?: unknown;
  refresh_expires_in?: unknown;
}

/** `seconds` after `now`, or null when the network did not say. */
const after = (now: number, seconds: unknown) => {
  const value = Number(seconds);
  return seconds !== undefined && seconds !== null && Number.isFinite(value)
    ? new Date(now + value * 1000)
    : null;
};

/**
 * The code of a refresh the network refused (a revoked or expired refresh token): only a person
 * reconnecting the account mends it. A 5xx, a time-out or a 429 is not a refusal: it is tried
 * again later and changes nothing.
 */
export const REFRESH_REFUSED = 'REFRESH_REFUSED';

/**
 * The tokens a refresh answered, kept (sealed) on the channel. X and TikTok rotate refresh tokens:
 * the one just used may not work again, so a new one replaces it in the same statement; an
 * answer without one never empties the stored one. LinkedIn says when its refresh token ends
 * (`refresh_token_expires_in`), TikTok too (`refresh_expires_in`).
 */
async function storeTokens(tx: Executor, call: SocialCall<string>, answer: TokenAnswer) {
  const { secrets } = call.context;
  const now = call.now();
  const refreshToken =
    typeof answer.refresh_token === 'string' && answer.refresh_token
      ? secrets.seal(answer.refresh_token)
      : null;
  const refreshEnds = after(now, answer.refresh_token_expires_in ?? answer.refresh_expires_in);
  await tx.execute(
    sql`UPDATE channels
        SET access_token = ${secrets.seal(String(answer.access_token))},
            token_expires_at = ${after(now, answer.expires_in)},
            refresh_token = coalesce(${refreshToken}, refresh_token),
            refresh_expires_at = coalesce(${refreshEnds}, refresh_expires_at),
            last_refreshed_at = ${new Date(now)}, last_error = NULL, updated_at = now()
        WHERE id = ${call.channel().channelId}`,
  );
}

/** The network's answer to a refresh, as a failure: a refusal for a 4xx other than 429. */
function refreshFailure(label: string, error: unknown): unknown {
  if (!(error instanceof DeliveryError) || error.statusCode === undefined) return error;
  const refused = error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;
  return new DeliveryError(
    `${label} refused to refresh the access token: ${error.message}`,
    error.statusCode,
    refused,
    { ...error.detail, ...(refused && { code: REFRESH_REFUSED }) },
  );
}

/**
 * A new access token from the refresh token, one process at a time per channel (a rotated refresh
 * token works once): the channel's row is locked, and a process that waited for another's
 * refresh takes the token that one stored. A refusal fails with REFRESH_REFUSED.
 */
export async function refreshedToken(
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
      throw refreshFailure(label, error);
    });
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new DeliveryError(
        `${label} answered the token refresh without an access token`,
        response.status,
        true,
        { code: REFRESH_REFUSED },
      );
    }
    await storeTokens(tx, call, answer);
    return answer.access_token;
  });
}

/** The call's refresh request for its channel; null without a refresh token or app credentials. */
export function refreshRequestOf(call: SocialCall<string>): RefreshRequest | null {
  const account = call.channel();
  return account.refreshToken && call.refresh ? call.refresh(account, account.refreshToken) : null;
}

/** Whether the channel's access token has ended, or ends within `marginMs` of the call's time. */
export function tokenEnds(call: SocialCall<string>, marginMs = EXPIRY_MARGIN_MS) {
  const { accessToken, tokenExpiresAt } = call.channel();
  const expiresAt = tokenExpiresAt?.getTime() ?? Number.NaN;
  return !accessToken || expiresAt - marginMs <= call.now();
}

/**
 * Sends with the channel's access token, refreshed first when it has ended (or is about to) and
 * once more when the network answers 401, provided the channel has a refresh token and its app
 * the credentials. Without them the stored access token is used as it is; without any, the
 * network is not configured.
 */
export async function withUserToken<T>(
  call: SocialCall<string>,
  send: (accessToken: string) => Promise<T>,
): Promise<T> {
  const { accessToken } = call.channel();
  const request = refreshRequestOf(call);
  if (!accessToken && !request) throw notConfigured(call.network);
  const token =
    tokenEnds(call) && request ? await refreshedToken(call, request, accessToken) : accessToken!;
  try {
    return await send(token);
  } catch (error) {
    if (!(request && error instanceof DeliveryError && error.statusCode === UNAUTHORIZED)) {
      throw error;
    }
    return send(await refreshedToken(call, request, token));
  }
}
