import { DELIVERY_SETTINGS, WEBSITE_VIEW_TABS, websiteSettingsPath } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { pauseWebsiteDeliveries } from '../content/publish/delivery-pause.ts';
import type { AppContext } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { readSettings } from '../db/settings.ts';
import type { TaskContext } from '../jobs/scheduler.ts';
import { notify } from '../notifications/notify.ts';

/**
 * A website's delivery health as the delivery policy (delivery-policy.ts) reads and changes it:
 * the Delivery settings, the place an attempt takes in the website's minute, when a website that
 * refused one takes the next, and its pause after failures. The policy decides; these statements
 * answer it and carry its decisions out on the website's row.
 */

/** The Delivery settings as numbers; a value that is not a whole number takes the default. */
export interface DeliveryPolicy {
  pauseAfterFailures: number;
  probeMinutes: number;
  maxPerMinute: number;
  retentionDays: number;
}

export async function readDeliveryPolicy(context: AppContext): Promise<DeliveryPolicy> {
  const keys = Object.values(DELIVERY_SETTINGS).map((setting) => setting.key);
  const values = await readSettings(context.db, context.secrets, keys);
  const read = (name: keyof typeof DELIVERY_SETTINGS) => {
    const setting = DELIVERY_SETTINGS[name];
    const value = Number(values[setting.key]);
    return Number.isInteger(value) && value >= 0 ? value : setting.default;
  };
  return {
    pauseAfterFailures: read('pauseAfterFailures'),
    probeMinutes: Math.max(1, read('probeMinutes')),
    maxPerMinute: read('maxPerMinute'),
    retentionDays: Math.max(1, read('retentionDays')),
  };
}

/**
 * Whether the website takes a delivery now: not paused, not deferred, and with a place left in its
 * minute (`delivery.max_per_minute`), which this takes. Taking the place is one statement, so
 * concurrent workers never start more than the limit.
 */
export async function takeDeliveryPlace(
  db: Db,
  websiteId: number,
  policy: DeliveryPolicy,
): Promise<boolean> {
  const open = sql`id = ${websiteId} AND NOT deliveries_paused
    AND (deliveries_deferred_until IS NULL OR deliveries_deferred_until <= now())`;
  // Without a rate limit there is no place to take: reading leaves the row free for the
  // website's other deliveries, which write it on their commit.
  const [admitted] = await queryRows<{ id: number }>(
    db,
    policy.maxPerMinute === 0
      ? sql`SELECT id FROM websites WHERE ${open}`
      : sql`UPDATE websites SET
              delivery_window_start = CASE WHEN delivery_window_start > now() - interval '1 minute'
                                           THEN delivery_window_start ELSE now() END,
              delivery_window_count = CASE WHEN delivery_window_start > now() - interval '1 minute'
                                           THEN delivery_window_count + 1 ELSE 1 END
            WHERE ${open}
              AND (delivery_window_start IS NULL
                   OR delivery_window_start <= now() - interval '1 minute'
                   OR delivery_window_count < ${policy.maxPerMinute})
            RETURNING id`,
  );
  return admitted !== undefined;
}

/**
 * Whether the website is paused and, if not, when it next takes a delivery: after a deferral still
 * running, after the minute of a full rate window; NULL when it takes one now. Read after the
 * admission refused the job, which a resume committed meanwhile makes stale: a window with room
 * then defers nothing, where waiting for the window's end would hold the job up to a minute.
 */
export function whenWebsiteTakes(db: Db, websiteId: number, policy: DeliveryPolicy) {
  return queryRows<{ paused: boolean; not_before: Date | string | null }>(
    db,
    sql`SELECT deliveries_paused AS paused,
               GREATEST(
                 CASE WHEN deliveries_deferred_until > now() THEN deliveries_deferred_until END,
                 CASE WHEN ${policy.maxPerMinute} > 0
                            AND delivery_window_start > now() - interval '1 minute'
                            AND delivery_window_count >= ${policy.maxPerMinute}
                      THEN delivery_window_start + interval '1 minute' END) AS not_before
        FROM websites WHERE id = ${websiteId}`,
  );
}

/**
 * Pauses the website's deliveries for `reason`, as the policy decided after a failure (with the
 * audit entry, pauseWebsiteDeliveries); if they ran until now, logs `delivery_paused` and tells
 * those who follow deliveries.
 */
export async function pauseAfterFailure(
  tx: Db,
  context: TaskContext,
  websiteId: number,
  reason: string,
) {
  if (!(await pauseWebsiteDeliveries(tx, websiteId, reason, 'failures'))) return;
  context.log.warn({ event: 'delivery_paused', websiteId, reason }, 'delivery_paused');
  // The pause just updated the website's row: it is there.
  const [site] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM websites WHERE id = ${websiteId}`,
  );
  await notify(tx, context.queue, {
    kind: 'delivery_paused',
    subject: `website:${websiteId}`,
    title: `Deliveries to ${site!.name} paused`,
    body: reason,
    link: websiteSettingsPath(websiteId, WEBSITE_VIEW_TABS.delivery),
    audience: ['delivery-list'],
  });
}
