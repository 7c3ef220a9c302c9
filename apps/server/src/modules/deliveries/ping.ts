import { DELIVERY_ACTION_MESSAGES, type TestDeliveryAnswer } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { DeliveryError, postWebhook } from '../../lib/delivery-http.ts';

/**
 * The signed `ping` a website's post webhook receives: sent by hand (Test delivery) and to probe
 * a paused website. It is no delivery: nothing is recorded and the health does not count it.
 */

interface PingTarget {
  id: number;
  name: string;
  url: string;
  webhook_secret: string;
  post_webhook_url: string | null;
}

/** Pings the website's post webhook; null when there is no such website. */
export async function sendPing(
  context: AppContext,
  websiteId: number,
): Promise<TestDeliveryAnswer | null> {
  const [website] = await queryRows<PingTarget>(
    context.db,
    sql`SELECT w.id, w.name, w.url, w.webhook_secret, s.post_webhook_url
        FROM websites w LEFT JOIN website_settings s ON s.website_id = w.id
        WHERE w.id = ${websiteId}`,
  );
  if (!website) return null;
  if (!website.post_webhook_url) {
    return {
      outcome: 'failed',
      status_code: null,
      duration_ms: 0,
      error: DELIVERY_ACTION_MESSAGES.noWebhook,
    };
  }
  const sentAt = new Date();
  const payload = {
    event: 'ping',
    idempotency_key: `ping-${website.id}-${sentAt.getTime()}`,
    sent_at: sentAt.toISOString(),
    website: { id: website.id, name: website.name, url: website.url },
  };
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    const { statusCode } = await postWebhook(website.post_webhook_url, JSON.stringify(payload), {
      secret: website.webhook_secret,
      sentAt,
      idempotencyKey: payload.idempotency_key,
      event: payload.event,
      timeoutMs: context.config.DELIVERY_TIMEOUT_MS,
      outbound: context.outbound,
    });
    return { outcome: 'delivered', status_code: statusCode, duration_ms: duration(), error: null };
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError(String(error));
    return {
      outcome: 'failed',
      status_code: failure.statusCode ?? null,
      duration_ms: duration(),
      error: failure.message,
    };
  }
}
