import { randomBytes } from 'node:crypto';
import {
  EVENT_SUBSCRIPTION_MESSAGES,
  type EventSubscription,
  type EventSubscriptionCreated,
  type EventSubscriptionInput,
  type EventSubscriptionListQuery,
  eventSubscriptionsResource,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordChange, recordSecretRotation } from '../../db/audit.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { missingIds } from '../../db/ids.ts';
import { eventSubscriptions } from '../../db/schema.ts';
import { HttpError, validationError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { isoText, pageOf } from '../../lists/page.ts';
import { likePattern } from '../../lists/search.ts';

/**
 * The event subscriptions' records: listed, read, made (with a secret shown once), changed,
 * deleted, their secret rotated. Their events and deliveries are in deliveries.ts.
 */

const STATUS = sql`CASE WHEN NOT s.enabled THEN 'disabled' WHEN s.paused THEN 'paused'
                        ELSE 'active' END`;

const ROW = sql`SELECT s.id, s.url, s.events, s.website_ids, s.description, s.enabled,
      ${STATUS} AS status, s.paused_reason, s.consecutive_failures, s.last_delivered_at,
      s.last_error, s.secret, s.created_by, u.name AS created_by_name, s.created_at, s.updated_at
    FROM event_subscriptions s LEFT JOIN users u ON u.id = s.created_by`;

interface SubscriptionRow {
  id: number;
  url: string;
  events: string[];
  website_ids: number[] | null;
  description: string | null;
  enabled: boolean;
  status: EventSubscription['status'];
  paused_reason: string | null;
  consecutive_failures: number;
  last_delivered_at: string | Date | null;
  last_error: string | null;
  secret: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSubscriptionSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const shape = (secrets: SecretBox, row: SubscriptionRow): EventSubscription => ({
  id: row.id,
  url: row.url,
  events: row.events,
  website_ids: row.website_ids,
  description: row.description,
  enabled: row.enabled,
  status: row.status,
  paused_reason: row.paused_reason,
  consecutive_failures: row.consecutive_failures,
  last_delivered_at: row.last_delivered_at && isoText(row.last_delivered_at),
  last_error: row.last_error,
  secret_hint: secrets.open(row.secret).slice(-4),
  created_by:
    row.created_by !== null && row.created_by_name !== null
      ? { id: row.created_by, name: row.created_by_name }
      : null,
  created_at: isoText(row.created_at),
  updated_at: isoText(row.updated_at),
});

/** Nulls last whichever the direction: a subscription never delivered sorts after the others. */
const ORDER_COLUMNS: Record<EventSubscriptionListQuery['order_key'], SQL> = {
  url: sql`s.url`,
  created_at: sql`s.created_at`,
  last_delivered_at: sql`s.last_delivered_at`,
};

export function listSubscriptions(
  reads: Db,
  secrets: SecretBox,
  query: EventSubscriptionListQuery,
) {
  const where: SQL[] = [sql`TRUE`];
  if (query.status) where.push(sql`${STATUS} = ${query.status}`);
  if (query.query) {
    const pattern = likePattern(query.query);
    where.push(sql`(s.url ILIKE ${pattern} OR s.description ILIKE ${pattern})`);
  }
  const condition = sql.join(where, sql` AND `);
  const direction = query.order_dir === 'asc' ? sql`ASC` : sql`DESC`;
  return pageOf(query, eventSubscriptionsResource.path, {
    rows: async (limit, offset) =>
      (
        await queryRows<SubscriptionRow>(
          reads,
          sql`${ROW} WHERE ${condition}
              ORDER BY ${ORDER_COLUMNS[query.order_key]} ${direction} NULLS LAST, s.id ${direction}
              LIMIT ${limit} OFFSET ${offset}`,
        )
      ).map((row) => shape(secrets, row)),
    count: async () =>
      (
        await queryRows<{ total: number }>(
          reads,
          sql`SELECT count(*)::int AS total FROM event_subscriptions s WHERE ${condition}`,
        )
      )[0]!.total,
  });
}

/** The subscription, locked for the caller's transaction when `lock`; a 404 when there is none. */
export async function readSubscription(executor: Executor, id: number, lock = false) {
  const [row] = await queryRows<SubscriptionRow>(
    executor,
    sql`${ROW} WHERE s.id = ${id} ${lock ? sql`FOR UPDATE OF s` : sql``}`,
  );
  if (!row) throw new HttpError(404, EVENT_SUBSCRIPTION_MESSAGES.notFound);
  return row;
}

export const getSubscription = async (reads: Db, secrets: SecretBox, id: number) =>
  shape(secrets, await readSubscription(reads, id));

async function checkWebsites(tx: Db, input: EventSubscriptionInput) {
  const missing = await missingIds(tx, 'websites', input.website_ids ?? []);
  if (missing.length > 0) {
    throw validationError({ website_ids: EVENT_SUBSCRIPTION_MESSAGES.websitesUnknown(missing) });
  }
}

const values = (input: EventSubscriptionInput) => ({
  url: input.url,
  events: input.events,
  websiteIds: input.website_ids,
  description: input.description,
  enabled: input.enabled,
});

/** What the audit log keeps of a subscription: its fields, never its secret. */
const audited = (row: SubscriptionRow) => ({
  url: row.url,
  events: row.events,
  website_ids: row.website_ids,
  description: row.description,
  enabled: row.enabled,
});

/** POST: the subscription and its secret, shown this once; only the sealed secret is kept. */
export function createSubscription(
  db: Db,
  secrets: SecretBox,
  userId: number,
  input: EventSubscriptionInput,
): Promise<EventSubscriptionCreated> {
  return db.transaction(async (tx) => {
    await checkWebsites(tx, input);
    const secret = newSubscriptionSecret();
    const [created] = await tx
      .insert(eventSubscriptions)
      .values({ ...values(input), secret: secrets.seal(secret), createdBy: userId })
      .returning({ id: eventSubscriptions.id });
    const row = await readSubscription(tx, created!.id);
    await recordChange(tx, 'event_subscription', { id: row.id, name: row.url }, null, {
      ...audited(row),
      secret,
    });
    return { ...shape(secrets, row), secret };
  });
}

/**
 * PUT: changes what it receives. Turned on again, its deliveries stay as they were: a paused one
 * waits for its probe or a user's resume.
 */
export function updateSubscription(
  db: Db,
  secrets: SecretBox,
  id: number,
  input: EventSubscriptionInput,
): Promise<EventSubscription> {
  return db.transaction(async (tx) => {
    const before = await readSubscription(tx, id, true);
    await checkWebsites(tx, input);
    await tx
      .update(eventSubscriptions)
      .set({ ...values(input), updatedAt: new Date() })
      .where(sql`id = ${id}`);
    const after = await readSubscription(tx, id);
    await recordChange(
      tx,
      'event_subscription',
      { id, name: after.url },
      audited(before),
      audited(after),
    );
    return shape(secrets, after);
  });
}

/** DELETE: the subscription and its events' records go; what was in flight is not sent. */
export function removeSubscription(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const row = await readSubscription(tx, id, true);
    await tx.execute(sql`DELETE FROM event_subscriptions WHERE id = ${id}`);
    await recordChange(tx, 'event_subscription', { id, name: row.url }, audited(row), null);
    return { message: EVENT_SUBSCRIPTION_MESSAGES.deleted };
  });
}

/** POST {id}/rotate-secret: a new secret, shown this once; the old one stops signing at once. */
export function rotateSubscriptionSecret(db: Db, secrets: SecretBox, id: number) {
  return db.transaction(async (tx) => {
    const row = await readSubscription(tx, id, true);
    const secret = newSubscriptionSecret();
    await tx
      .update(eventSubscriptions)
      .set({ secret: secrets.seal(secret), updatedAt: new Date() })
      .where(sql`id = ${id}`);
    await recordSecretRotation(tx, 'event_subscription', { id, name: row.url }, 'secret');
    return { message: EVENT_SUBSCRIPTION_MESSAGES.secretRotated, secret };
  });
}
