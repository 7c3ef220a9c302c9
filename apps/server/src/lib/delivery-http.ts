import { createHmac } from 'node:crypto';
import { type Outbound, OutboundRefused } from './outbound.ts';
import { parseStorableJson, storableText } from './outside-text.ts';

/** How a publishing target is called: the guarded outbound request, its time-out, the signature. */

/** How much of a failed answer is kept on the variant and its attempt. */
export const ANSWER_EXCERPT_LENGTH = 200;

/** The start of an outside answer, as it is kept: without the NUL characters it may hold. */
export const answerExcerpt = (text: string) => storableText(text).slice(0, ANSWER_EXCERPT_LENGTH);

/**
 * A delivery that did not succeed. `permanent` failures (a network that is not configured, a
 * website without a webhook URL) are not retried: nothing would change before the next try.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly permanent = false,
    /** The connection's error code (ENOTFOUND, CERT_HAS_EXPIRED…) and a 429's Retry-After. */
    readonly detail: { code?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

/** A Retry-After header in ms from now: seconds, or an HTTP date; undefined when unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One HTTP request of a delivery. A stream body (a video being passed on) is sent as it arrives. */
export interface DeliveryRequest {
  /** The process's guarded outbound calls (its context's). */
  outbound: Outbound;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | ReadableStream<Uint8Array>;
  timeoutMs: number;
}

/**
 * Sends one request of a delivery and answers the response with its body unread (the time-out
 * covers reading it too). A failed connection, the time-out or a non-2xx answer becomes a
 * DeliveryError with the status and the start of the answer.
 */
export async function sendRequest(url: string, request: DeliveryRequest): Promise<Response> {
  const method = request.method ?? 'POST';
  let response: Response;
  try {
    response = await request.outbound.fetch(url, {
      method,
      headers: request.headers,
      body: request.body,
      duplex: 'half',
      signal: AbortSignal.timeout(request.timeoutMs),
      // A redirected POST or PUT would arrive as a GET without its body; a download may move.
      redirect: method === 'GET' ? 'follow' : 'error',
    });
  } catch (error) {
    // Nothing a retry would change: the address stays internal until the settings change.
    if (error instanceof OutboundRefused) throw new DeliveryError(error.message, undefined, true);
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new DeliveryError(`No answer within ${request.timeoutMs} ms`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new DeliveryError(
      `Could not connect: ${cause?.code ?? cause?.message ?? String(error)}`,
      undefined,
      false,
      { code: cause?.code },
    );
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new DeliveryError(
      `HTTP ${response.status}: ${answerExcerpt(text)}`,
      response.status,
      false,
      { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) },
    );
  }
  return response;
}

/** The parsed JSON of a 2xx answer, or null when it has none. */
export async function answerJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? parseStorableJson(text) : null;
  } catch {
    // A 2xx without JSON is still a success; there is just no id to keep.
    return null;
  }
}

/**
 * POSTs JSON with a time-out and answers the status, headers and parsed body on 2xx; anything
 * else becomes a DeliveryError with the status and the start of the answer.
 */
export async function postJson(
  url: string,
  body: string,
  options: { outbound: Outbound; headers: Record<string, string>; timeoutMs: number },
): Promise<{ statusCode: number; headers: Headers; json: unknown }> {
  const response = await sendRequest(url, {
    outbound: options.outbound,
    headers: { 'content-type': 'application/json', ...options.headers },
    body,
    timeoutMs: options.timeoutMs,
  });
  return {
    statusCode: response.status,
    headers: response.headers,
    json: await answerJson(response),
  };
}

/** A webhook's headers (a website push, a network's own); docs/pipeline.md shows a receiver. */
const WEBHOOK_HEADERS = {
  signature: 'x-sitefleet-signature',
  timestamp: 'x-sitefleet-timestamp',
  idempotencyKey: 'idempotency-key',
  event: 'x-sitefleet-event',
} as const;

/** `sha256=` and the hex HMAC-SHA256 of the exact body bytes under the secret. */
function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs a webhook's JSON `body`, signed under `secret` (unsigned without one). The body carries
 * its `sent_at`, so the signature covers the time too and a receiver can refuse replays; the
 * idempotency key lets it ignore a retried delivery it already took.
 */
export function postWebhook(
  url: string,
  body: string,
  webhook: {
    secret: string | null;
    sentAt: Date;
    idempotencyKey: string;
    event: string;
    timeoutMs: number;
    outbound: Outbound;
  },
) {
  return postJson(url, body, {
    outbound: webhook.outbound,
    timeoutMs: webhook.timeoutMs,
    headers: {
      'user-agent': 'Sitefleet-Webhook/1',
      ...(webhook.secret !== null && {
        [WEBHOOK_HEADERS.signature]: signBody(webhook.secret, body),
      }),
      [WEBHOOK_HEADERS.timestamp]: String(Math.floor(webhook.sentAt.getTime() / 1000)),
      [WEBHOOK_HEADERS.idempotencyKey]: webhook.idempotencyKey,
      [WEBHOOK_HEADERS.event]: webhook.event,
    },
  });
}
