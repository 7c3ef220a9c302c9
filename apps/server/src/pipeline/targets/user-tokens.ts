import { PUBLISH_TARGET_LABELS } from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { settingValues } from '../../db/settings.ts';
import { DeliveryError, sendRequest } from '../../lib/delivery-http.ts';
import { notConfigured, type SocialCall, settingPath } from './connector.ts';

/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** HTTP 401: the network no longer takes the access token. */
const UNAUTHORIZED = 401;

/** The settings a user token keeps, by their name after `social.{network}.`. */
type TokenSetting = 'access_token' | 'refresh_token' | 'expires_at';

/**
 * The request that trades a network's refresh token for new tokens (OAuth 2.0,
 * `grant_type=refresh_token`); each network that refreshes its tokens says how from its settings.
 */
export interface RefreshRequest {
  url: string;
  headers: Record<string, string>;
  form: Record<string, string>;
}

/** A network's refresh request for a refresh token; null when the settings for it are missing. */
export type RefreshRequestOf = (refreshToken: string) => RefreshRequest | null;

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** The tokens a refresh answered, kept (secrets sealed) in the network's settings. */
async function storeTokens(db: Db, call: SocialCall<TokenSetting>, answer: TokenAnswer) {
  const expiresIn = Number(answer.expires_in);
  const values: [TokenSetting, string | null][] = [
    ['access_token', call.context.secrets.seal(String(answer.access_token))],
    [
      'expires_at',
      Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    ],
  ];
  // X and TikTok rotate refresh tokens: the one just used may not work again.
  if (typeof answer.refresh_token === 'string' && answer.refresh_token) {
    values.push(['refresh_token', call.context.secrets.seal(answer.refresh_token)]);
  }
  for (const [name, value] of values) {
    await db
      .update(settings)
      .set({ value, updatedAt: new Date() })
      .where(eq(settings.fullPath, settingPath(call.network, name)));
  }
}

/**
 * A new access token from the refresh token, one process at a time (a rotated refresh token works
 * once): a process that waited for another's refresh takes the token that one stored. A refusal
 * fails for good, since only reconnecting the account mends it.
 */
async function refreshedToken(
  call: SocialCall<TokenSetting>,
  request: RefreshRequest,
  staleToken: string | null,
): Promise<string> {
  const { network } = call;
  const label = PUBLISH_TARGET_LABELS[network];
  return call.context.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`token-refresh:${network}`}))`);
    const now = await settingValues(tx, call.context.secrets, `social.${network}.`);
    const stored = now[settingPath(network, 'access_token')];
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
 * Sends with the network's user access token, refreshed first when it has ended (or is about to)
 * and once more when the network answers 401, provided a refresh token and the app's credentials
 * are set. Without them the stored access token is used as it is; without any, the network is
 * not configured.
 */
export async function withUserToken<T>(
  call: SocialCall<TokenSetting>,
  refreshRequest: RefreshRequestOf,
  send: (accessToken: string) => Promise<T>,
): Promise<T> {
  const accessToken = call.value('access_token');
  const refreshToken = call.value('refresh_token');
  const request = refreshToken ? refreshRequest(refreshToken) : null;
  if (!accessToken && !request) throw notConfigured(call.network);
  const expiresAt = Date.parse(call.value('expires_at') ?? '');
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
