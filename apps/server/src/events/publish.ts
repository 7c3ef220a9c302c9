import { type DeliveryEvent, type LiveEventInput, toWireVariant } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { pruneBefore } from '../db/prune.ts';

/**
 * Publishing a live event: stored with the next id (so a reconnecting stream can be sent what it
 * missed) and announced on one notification channel, in the caller's transaction. PostgreSQL
 * delivers the notification when that transaction commits, to every process listening, and never
 * when it rolls back: an event is heard exactly when its change is committed.
 */

export const EVENTS_CHANNEL = 'sitefleet_events';

/** PostgreSQL refuses a notification of 8000 bytes or more: larger events are read back by id. */
const MAX_INLINE_BYTES = 7500;
/** Events per INSERT, to keep each statement's JSON small when an action queues many jobs. */
const INSERT_BATCH = 5000;

/**
 * What a notification carries: the one event it announces, whole, or the range of ids a
 * transaction stored, for the listener to read.
 */
export type EventsNotice =
  | { id: number; type: LiveEventInput['type']; data: LiveEventInput['data'] }
  | { first: number; last: number };

/**
 * Stores and announces `events` through `executor`, inside its transaction. Call it last in the
 * transaction: it takes the events' lock, held to the commit, so that ids are committed in their
 * order and a transaction's ids follow each other (a stream resuming after id n then misses none).
 */
export async function publishEvents(executor: Executor, events: readonly LiveEventInput[]) {
  if (events.length === 0) return;
  await executor.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${EVENTS_CHANNEL}))`);
  let first: number | undefined;
  let last = 0;
  for (let start = 0; start < events.length; start += INSERT_BATCH) {
    const batch = events.slice(start, start + INSERT_BATCH);
    const ids = await queryRows<{ id: number }>(
      executor,
      sql`INSERT INTO events (type, data)
          SELECT e->>'type', e->'data' FROM jsonb_array_elements(${JSON.stringify(batch)}::jsonb)
            WITH ORDINALITY AS t(e, n) ORDER BY n
          RETURNING id`,
    );
    for (const { id } of ids) {
      first = Math.min(first ?? id, id);
      last = Math.max(last, id);
    }
  }
  const single = events.length === 1 ? JSON.stringify({ id: last, ...events[0] }) : undefined;
  const notice =
    single && Buffer.byteLength(single) <= MAX_INLINE_BYTES
      ? single
      : JSON.stringify({ first: first ?? last, last } satisfies EventsNotice);
  await executor.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${notice})`);
}

/** One variant target's delivery state, as the queue and the pipeline report it. */
export interface DeliveryChange {
  variantId: number;
  recordId: number;
  websiteId: number;
  target: DeliveryEvent['target'];
}

/** Each target of each variant, as `RETURNING id, website_id, <owner> AS record_id` answers them. */
export const variantTargets = (
  variants: readonly { id: number; website_id: number; record_id: number }[],
  targets: readonly DeliveryEvent['target'][],
): DeliveryChange[] =>
  variants.flatMap((variant) =>
    targets.map((target) => ({
      variantId: variant.id,
      recordId: variant.record_id,
      websiteId: variant.website_id,
      target,
    })),
  );

/** The target of a variant as the pipeline loaded it. */
export const variantTarget = (
  variant: { variantId: number; record: { id: number }; website: { id: number } },
  target: DeliveryEvent['target'],
): DeliveryChange => ({
  variantId: variant.variantId,
  recordId: variant.record.id,
  websiteId: variant.website.id,
  target,
});

/** Publishes that each of `changes` (variants of `kind`) is now in `state`. */
export function publishDeliveryEvents(
  executor: Executor,
  kind: DeliveryEvent['kind'],
  state: DeliveryEvent['state'],
  changes: readonly DeliveryChange[],
) {
  return publishEvents(
    executor,
    changes.map((change) => ({
      type: 'delivery',
      data: toWireVariant({
        kind,
        variant_id: change.variantId,
        record_id: change.recordId,
        website_id: change.websiteId,
        target: change.target,
        state,
      }),
    })),
  );
}

/**
 * Deletes the events older than `retentionSeconds`, a batch at a time: streams gone longer than
 * that start over.
 */
export function pruneEvents(executor: Executor, retentionSeconds: number) {
  const cutoff = sql`now() - make_interval(secs => ${retentionSeconds})`;
  return pruneBefore(executor, 'events', 'created_at', cutoff);
}
