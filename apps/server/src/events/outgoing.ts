import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type EventData, type EventType } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';

/**
 * Outgoing events, as a change emits them: one row per matching subscription in
 * `event_deliveries`, written in the change's transaction (so an event exists exactly when its
 * change is committed), then handed to the job queue by the relay (pipeline/event-relay.ts), which
 * the notification on OUTGOING_CHANNEL wakes once the transaction commits.
 */

export const OUTGOING_CHANNEL = 'sitefleet_outgoing';

/** One event as a change emits it: its type and its `data` (the type's documented payload). */
export type OutgoingEvent = {
  [T in EventType]: { type: T; data: EventData<T> };
}[EventType];

/** A website's part of its events' data: who it is, and its id as the websites they are of. */
export const websiteEventData = (website: { id: number; name: string; url: string }) => ({
  id: website.id,
  name: website.name,
  url: website.url,
  website_ids: [website.id],
});

/** Events per statement, to keep each statement's JSON small when a bulk action emits many. */
const INSERT_BATCH = 1000;

/** A Standard Webhooks message id: the same on every try and replay of the event. */
export const newWebhookId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Who may see an event's record: the type's audience, or for a category's review event (its data
 * says `kind`) the categories' list ability.
 */
function audienceOf(event: OutgoingEvent) {
  const kind = (event.data as { kind?: string }).kind;
  return kind === 'category' ? 'category-list' : EVENT_TYPES[event.type].audience;
}

/** The body a receiver gets: the Standard Webhooks envelope. */
export const eventBody = (event: OutgoingEvent, at: Date) => ({
  type: event.type,
  timestamp: at.toISOString(),
  data: event.data,
});

/**
 * Stores `events` for every enabled subscription that chose their type and, when it is limited
 * to websites, shares one of the event's (`data.website_ids`; an event of no website reaches only
 * the unlimited ones). Call it inside the change's transaction.
 */
export async function emitEvents(executor: Executor, events: readonly OutgoingEvent[]) {
  const at = new Date();
  let stored = 0;
  for (let start = 0; start < events.length; start += INSERT_BATCH) {
    const batch = events.slice(start, start + INSERT_BATCH).map((event, n) => ({
      n,
      webhook_id: newWebhookId(),
      type: event.type,
      payload: eventBody(event, at),
      audience: audienceOf(event),
      website_ids: (event.data as { website_ids?: number[] }).website_ids ?? null,
    }));
    const [row] = await queryRows<{ stored: number }>(
      executor,
      sql`WITH e AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              AS e(n int, webhook_id text, type text, payload jsonb, audience text, website_ids int[])
          ), stored AS (
            INSERT INTO event_deliveries (subscription_id, webhook_id, type, payload, audience)
            SELECT s.id, e.webhook_id, e.type, e.payload, e.audience
            FROM e JOIN event_subscriptions s
              ON s.enabled AND e.type = ANY (s.events)
             AND (s.website_ids IS NULL OR s.website_ids && e.website_ids)
            ORDER BY e.n, s.id
            RETURNING 1
          )
          SELECT count(*)::int AS stored FROM stored`,
    );
    stored += row?.stored ?? 0;
  }
  if (stored > 0) await executor.execute(sql`SELECT pg_notify(${OUTGOING_CHANNEL}, '')`);
}

/**
 * Whether an enabled subscription chose `type`: a reader that builds events from the database adds
 * it to its statement, so that with nobody subscribed a change reads nothing more.
 */
export const subscribedTo = (type: EventType) =>
  sql`EXISTS (SELECT 1 FROM event_subscriptions WHERE enabled AND ${type} = ANY (events))`;

/** Stores one event for the one subscription named, whatever it chose (its test event). */
export async function emitTo(executor: Executor, subscriptionId: number, event: OutgoingEvent) {
  await executor.execute(
    sql`INSERT INTO event_deliveries (subscription_id, webhook_id, type, payload, audience)
        VALUES (${subscriptionId}, ${newWebhookId()}, ${event.type},
                ${JSON.stringify(eventBody(event, new Date()))}::jsonb, ${audienceOf(event)})`,
  );
  await executor.execute(sql`SELECT pg_notify(${OUTGOING_CHANNEL}, '')`);
}
