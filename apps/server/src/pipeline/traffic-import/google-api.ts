import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { TaskContext } from '../../jobs/scheduler.ts';
import { answerExcerpt, DeliveryError, retryAfterMs } from '../../lib/delivery-http.ts';
import { OutboundRefused } from '../../lib/outbound.ts';
import { parseStorableJson } from '../../lib/outside-text.ts';
import { LOGIN_WITH_GOOGLE_ACCOUNT } from '../../modules/channels/connect/google-login.ts';
import { markNeedsReconnect } from '../channel-care.ts';
import { loadAccount } from '../targets/channel-account.ts';
import { type SocialCall, socialCall } from '../targets/connector.ts';
import { oauthRefresh, REFRESH_REFUSED, withUserToken } from '../targets/user-tokens.ts';

/**
 * The Google APIs as the traffic import asks them: with the access token of the fleet's Login
 * with Google channel (refreshed as a YouTube upload's is), a failure as a DeliveryError with
 * Google's own message, its status and a 429's wait.
 */

/** Without Retry-After, a 429 waits this long. */
export const RATE_LIMIT_WAIT_MS = 60_000;

export type GoogleCall = SocialCall<string>;

/** The call of the fleet's Google channel at `now`; null when Login with Google has not run. */
export async function googleCall(context: TaskContext, now: Date): Promise<GoogleCall | null> {
  const [channel] = await queryRows<{ id: number }>(
    context.db,
    sql`SELECT id FROM channels
        WHERE network = 'youtube' AND external_id = ${LOGIN_WITH_GOOGLE_ACCOUNT}
          AND status = 'connected'`,
  );
  const account = channel && (await loadAccount(context.db, context, 'youtube', channel.id));
  if (!account) return null;
  return socialCall('youtube', {}, account, {
    context,
    timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
    refresh: oauthRefresh('youtube'),
    now,
  });
}

interface GoogleErrorAnswer {
  error?: { message?: unknown; status?: unknown };
}

/** Google's error answer as a DeliveryError: its message, and for a 429 how long to wait. */
async function googleFailure(response: Response, now: number): Promise<DeliveryError> {
  const text = await response.text().catch(() => '');
  let answer: GoogleErrorAnswer | null = null;
  try {
    answer = parseStorableJson(text) as GoogleErrorAnswer;
  } catch {
    // Not JSON (a proxy's page): its start is the message.
  }
  const said = typeof answer?.error?.message === 'string' ? answer.error.message : text;
  const message = `Google answered ${response.status}: ${answerExcerpt(said)}`;
  if (response.status !== 429) {
    // A refusal (a property no longer shared, a bad request) stays until someone changes it.
    const permanent = response.status >= 400 && response.status < 500 && response.status !== 408;
    return new DeliveryError(message, response.status, permanent);
  }
  // GA4's daily tokens spent (RESOURCE_EXHAUSTED, "per day"): the wait is the rest of the day.
  const daily = answer?.error?.status === 'RESOURCE_EXHAUSTED' && /per day|daily/i.test(said);
  const nextDay = new Date(now);
  nextDay.setUTCHours(24, 0, 0, 0);
  return new DeliveryError(message, 429, false, {
    retryAfterMs: daily
      ? nextDay.getTime() - now
      : (retryAfterMs(response.headers.get('retry-after'), now) ?? RATE_LIMIT_WAIT_MS),
  });
}

/**
 * GETs (or POSTs `body` as JSON to) a Google API and answers its JSON. The token is refreshed
 * when it has ended and once more on a 401; a refused refresh marks the channel as needing a
 * reconnect, as a publish would.
 */
export async function askGoogle(call: GoogleCall, url: string, body?: unknown): Promise<unknown> {
  const { context } = call;
  const send = async (token: string) => {
    let response: Response;
    try {
      response = await context.outbound.fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(call.timeoutMs),
      });
    } catch (error) {
      // An address the outbound guard refuses stays refused until the settings change.
      if (error instanceof OutboundRefused) throw new DeliveryError(error.message, undefined, true);
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new DeliveryError(
        timedOut
          ? `Google did not answer within ${call.timeoutMs} ms`
          : `Could not reach Google: ${String(error)}`,
      );
    }
    if (!response.ok) throw await googleFailure(response, call.now());
    try {
      return parseStorableJson(await response.text());
    } catch {
      throw new DeliveryError(`Google answered ${response.status} without JSON`);
    }
  };
  try {
    return await withUserToken(call, send);
  } catch (error) {
    if (error instanceof DeliveryError && error.detail.code === REFRESH_REFUSED) {
      const { channelId } = call.channel();
      await context.db.transaction((tx) =>
        markNeedsReconnect(tx, context.queue, channelId, error.message),
      );
    }
    throw error;
  }
}
