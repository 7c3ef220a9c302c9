import type { PublishTarget } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { deliveryAttempts } from '../db/schema.ts';
import type { RunningJob } from '../jobs/queue.ts';
import { OutboundRefused, outboundFetch } from '../lib/outbound.ts';
import { settingTargets } from '../modules/content/delivery-state.ts';
import { kindOf } from '../modules/content/kinds.ts';
import { loadVariant, type VariantContent } from '../modules/content/variants.ts';

/** How much of a failed answer is kept on the variant and its attempt. */
export const ANSWER_EXCERPT_LENGTH = 200;

/**
 * A delivery that did not succeed. `permanent` failures (a network that is not configured, a
 * website without a webhook URL) are not retried: nothing would change before the next try.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** What a successful delivery answers: the HTTP status and the id the target gave the item. */
export interface DeliveryResult {
  statusCode: number;
  externalId: string | null;
}

/** The error a variant shows after a failed try: one with tries left says it will be retried. */
export const failureNote = (message: string, final: boolean) =>
  final ? message : `${message} (will retry)`;

/** The idempotency key of a delivery: the same content version always carries the same key. */
export const idempotencyKey = (variant: Pick<VariantContent, 'kind' | 'variantId' | 'version'>) =>
  `${variant.kind}-${variant.variantId}-v${variant.version}`;

/** One HTTP request of a delivery. A stream body (a video being passed on) is sent as it arrives. */
export interface DeliveryRequest {
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
    response = await outboundFetch(url, {
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
    throw new DeliveryError(`Could not connect: ${cause?.code ?? cause?.message ?? String(error)}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new DeliveryError(
      `HTTP ${response.status}: ${text.slice(0, ANSWER_EXCERPT_LENGTH)}`,
      response.status,
    );
  }
  return response;
}

/** The parsed JSON of a 2xx answer, or null when it has none. */
export async function answerJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
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
  options: { headers: Record<string, string>; timeoutMs: number },
): Promise<{ statusCode: number; headers: Headers; json: unknown }> {
  const response = await sendRequest(url, {
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

const POSTED_FLAG: Record<PublishTarget, string> = {
  website: 'is_posted_to_website',
  facebook: 'is_posted_to_facebook',
  twitter: 'is_posted_to_twitter',
  linkedin: 'is_posted_to_linkedin',
  tiktok: 'is_posted_to_tiktok',
  youtube: 'is_posted_to_youtube',
};

/**
 * Runs one attempt of a publishing job: loads the variant, calls `send`, records the attempt and
 * the outcome on the variant. A failure is thrown again so that the queue retries the job, except
 * after the last try or for a permanent failure, when the variant shows 'failed'.
 */
export async function runDelivery(
  context: AppContext,
  job: RunningJob,
  target: PublishTarget,
  send: (variant: VariantContent) => Promise<DeliveryResult>,
): Promise<DeliveryResult | null> {
  const { kind, variantId } = job.data;
  const variant = await loadVariant(context.db, kind, variantId);
  // Deleted since it was queued: there is nothing left to deliver.
  if (!variant) return null;
  const started = performance.now();
  const attempt = {
    kind,
    variantId,
    target,
    jobId: job.id,
    attempt: job.retryCount + 1,
    version: variant.version,
  };
  const variants = sql.identifier(kindOf(kind).variants);
  try {
    const result = await send(variant);
    const durationMs = Math.round(performance.now() - started);
    await context.db.transaction(async (tx) => {
      await tx.insert(deliveryAttempts).values({
        ...attempt,
        outcome: 'delivered',
        statusCode: result.statusCode,
        durationMs,
        externalId: result.externalId,
      });
      // An edit made while the delivery ran keeps its mark: only the sent version is up to date.
      const updated =
        target === 'website'
          ? sql`, is_updated_after_posted = is_updated_after_posted AND version <> ${variant.version}`
          : sql``;
      await tx.execute(
        sql`UPDATE ${variants} SET ${sql.identifier(POSTED_FLAG[target])} = true ${updated},
                   ${settingTargets({ [target]: { status: 'delivered', error: null } })},
                   updated_at = now()
            WHERE id = ${variantId}`,
      );
    });
    return result;
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const failure =
      error instanceof DeliveryError
        ? error
        : new DeliveryError(error instanceof Error ? error.message : String(error));
    const final = failure.permanent || job.retryCount >= job.retryLimit;
    const label = failureNote(failure.message, final);
    await context.db.transaction(async (tx) => {
      await tx.insert(deliveryAttempts).values({
        ...attempt,
        outcome: 'failed',
        statusCode: failure.statusCode ?? null,
        durationMs,
        error: failure.message,
      });
      await tx.execute(
        sql`UPDATE ${variants}
            SET ${settingTargets({
              [target]: {
                status: final ? 'failed' : 'queued',
                error: label,
                ...(failure.permanent && { permanent: true }),
              },
            })},
                updated_at = now()
            WHERE id = ${variantId}`,
      );
      // pg-boss retries any failed job that has tries left; a permanent failure has none.
      if (failure.permanent) {
        await tx.execute(
          sql`UPDATE pgboss.job SET retry_limit = retry_count WHERE id = ${job.id}::uuid`,
        );
      }
    });
    throw failure;
  }
}
