import { CONNECT_MESSAGES } from '@sitefleet/contract';
import { answerJson, DeliveryError, sendRequest } from '../../../lib/delivery-http.ts';
import type { Outbound } from '../../../lib/outbound.ts';
import { storableText } from '../../../lib/outside-text.ts';

/**
 * What a connection asks of a network, and how its answers are read: every answer is untrusted
 * (any shape, any size, NUL characters), every call goes through the guarded outbound fetch with
 * the delivery time-out, and a failure says what the network answered without any secret the
 * request carried (the code, the client secret, a token), which a network may quote back.
 */

/** A connection that cannot go on: its message is the reason a person reads. */
export class ConnectFailure extends Error {}

/** A network's call of one connection: where to send, and what its messages must not repeat. */
export interface OutsideCalls {
  outbound: Outbound;
  timeoutMs: number;
  /** Secrets of the requests made so far: taken out of every failure's message. */
  secrets: string[];
}

const TOKEN_MAX = 8192;
const ID_MAX = 255;
const NAME_MAX = 120;
/** An expiry further than this is not believed: a network's seconds are at most years. */
const SECONDS_MAX = 20 * 365 * 86_400;

function redacted(calls: OutsideCalls, message: string) {
  return calls.secrets
    .filter((secret) => secret.length >= 4)
    .reduce((text, secret) => text.replaceAll(secret, '[redacted]'), message);
}

async function send(
  calls: OutsideCalls,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<unknown> {
  try {
    const response = await sendRequest(url, {
      ...init,
      outbound: calls.outbound,
      headers: { accept: 'application/json', ...init.headers },
      timeoutMs: calls.timeoutMs,
    });
    return await answerJson(response);
  } catch (error) {
    const message = error instanceof DeliveryError ? error.message : String(error);
    throw new ConnectFailure(CONNECT_MESSAGES.networkError(redacted(calls, message)));
  }
}

export const getJson = (calls: OutsideCalls, url: string, headers: Record<string, string> = {}) =>
  send(calls, url, { method: 'GET', headers });

/** An OAuth form POST (a token request). */
export const postForm = (
  calls: OutsideCalls,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  send(calls, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });

/** The value at `path` in an outside answer, or undefined. */
export function valueAt(json: unknown, path: readonly (string | number)[]): unknown {
  let value = json;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Outside text fit to keep: a string (or a number, as ids may come), without NUL, trimmed. */
function textOf(value: unknown, max: number): string | null {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : null;
  if (text === null) return null;
  const kept = storableText(text).trim();
  return kept === '' || kept.length > max ? null : kept;
}

/** An account's id as a network answers it; null when missing or not fit to keep. */
export const idAt = (json: unknown, path: readonly (string | number)[]) =>
  textOf(valueAt(json, path), ID_MAX);

/** An account's name, cut to what a channel's name holds; null when missing. */
export function nameAt(json: unknown, path: readonly (string | number)[]) {
  const value = valueAt(json, path);
  return typeof value === 'string' ? storableText(value).trim().slice(0, NAME_MAX) || null : null;
}

/** A token as a network answers it; null when missing or not fit to keep. */
export const tokenAt = (json: unknown, path: readonly (string | number)[]) => {
  const value = valueAt(json, path);
  return typeof value === 'string' && !value.includes('\0') && value.length <= TOKEN_MAX && value
    ? value
    : null;
};

/** `seconds` after `now`, or null when the network did not say (or said nonsense). */
function after(now: Date, seconds: unknown): Date | null {
  const value = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= SECONDS_MAX
    ? new Date(now.getTime() + value * 1000)
    : null;
}

/** A channel's tokens and when they end. */
export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
}

/**
 * The tokens of an OAuth token answer: the access token, the refresh token when there is one,
 * and their ends from `expires_in` and `refresh_token_expires_in` (LinkedIn, X) or
 * `refresh_expires_in` (TikTok). A failure when there is no access token: the answer's
 * `error_description` or `error` says why, if it says.
 */
export function tokensOf(calls: OutsideCalls, answer: unknown, now: Date): Tokens {
  const accessToken = tokenAt(answer, ['access_token']);
  if (!accessToken) {
    const reason =
      textOf(valueAt(answer, ['error_description']), 200) ??
      textOf(valueAt(answer, ['error', 'message']), 200) ??
      textOf(valueAt(answer, ['error']), 200) ??
      CONNECT_MESSAGES.exchangeFailed;
    throw new ConnectFailure(redacted(calls, reason));
  }
  const refreshToken = tokenAt(answer, ['refresh_token']);
  const refreshSeconds =
    valueAt(answer, ['refresh_token_expires_in']) ?? valueAt(answer, ['refresh_expires_in']);
  return {
    accessToken,
    refreshToken,
    expiresAt: after(now, valueAt(answer, ['expires_in'])),
    refreshExpiresAt: refreshToken ? after(now, refreshSeconds) : null,
  };
}

/** An address under an API base: the base's trailing slashes go. */
export const under = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
