import {
  EVENT_SUBSCRIPTION_MESSAGES,
  type EventAttempt,
  type EventDelivery,
  type EventDeliveryStatus,
  type eventAttemptQuerySchema,
  type eventDeliveryQuerySchema,
  type eventReplayInputSchema,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, queryRows } from '../../db/client.ts';
import { pruneBefore } from '../../db/prune.ts';
import { HttpError } from '../../errors.ts';
import { emitTo } from '../../events/outgoing.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import { isoText, pageOf } from '../../lists/page.ts';
import { readSubscription } from './service.ts';

/**
 * A subscription's events: queued for sending (the relay's new ones, a resume's held ones, a
 * replay's), its test event, its resume after a pause, and the page of its deliveries.
 */

/** Deliveries per statement when many are queued at once. */
const QUEUE_BATCH = 1000;

/**
 * Marks the deliveries `condition` selects pending and queues a send job for each, in one
 * transaction a batch at a time; answers how many. Rows another process is queuing are skipped.
 */
export async function queueDeliveries(db: Db, queue: JobQueue, condition: SQL): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE event_deliveries SET status = 'pending'
            WHERE id IN (SELECT id FROM event_deliveries WHERE ${condition}
                         ORDER BY id LIMIT ${QUEUE_BATCH} FOR UPDATE SKIP LOCKED)
            RETURNING id`,
      );
      await queue.send(
        tx,
        QUEUES.eventSend,
        rows.map((row) => ({ deliveryId: Number(row.id) })),
      );
      return rows.length;
    });
    queued += batch;
    if (batch < QUEUE_BATCH) return queued;
  }
}

/** POST {id}/test: an `event.test` for this subscription alone, sent as any event is. */
export async function queueTestEvent(db: Db, id: number) {
  await db.transaction(async (tx) => {
    await readSubscription(tx, id);
    await emitTo(tx, id, {
      type: 'event.test',
      data: { subscription_id: id, message: EVENT_SUBSCRIPTION_MESSAGES.testEvent },
    });
  });
  return { message: EVENT_SUBSCRIPTION_MESSAGES.testQueued };
}

/**
 * Ends a subscription's pause: its run of failures starts over and its held events are queued
 * again, in their order. `by` says who: a user (audited) or the probe. Answers null when it was
 * not paused.
 */
export async function resumeSubscription(
  db: Db,
  queue: JobQueue,
  id: number,
  by: 'user' | 'probe',
): Promise<number | null> {
  const resumed = await db.transaction(async (tx) => {
    const row = await readSubscription(tx, id, true);
    if (row.status !== 'paused') return false;
    await tx.execute(
      sql`UPDATE event_subscriptions SET paused = false, paused_reason = NULL,
            consecutive_failures = 0, updated_at = now() WHERE id = ${id}`,
    );
    if (by === 'user') {
      await recordAudit(tx, {
        action: 'deliveries_resumed',
        subjectType: 'event_subscription',
        subjectId: id,
        subjectName: row.url,
      });
    }
    return true;
  });
  if (!resumed) return null;
  return queueDeliveries(db, queue, sql`subscription_id = ${id} AND status = 'held'`);
}

export async function resumeByUser(db: Db, queue: JobQueue, id: number) {
  const queued = await resumeSubscription(db, queue, id, 'user');
  if (queued === null) throw new HttpError(409, EVENT_SUBSCRIPTION_MESSAGES.notPaused);
  return { message: EVENT_SUBSCRIPTION_MESSAGES.resumed };
}

/**
 * POST {id}/replay: queues again its events in `statuses` (since `since`), each under the
 * webhook-id it first went with, so that a receiver that took one already can tell.
 */
export async function replayEvents(
  db: Db,
  queue: JobQueue,
  id: number,
  input: z.output<typeof eventReplayInputSchema>,
) {
  const row = await readSubscription(db, id);
  const since = input.since ? sql` AND created_at >= ${new Date(input.since)}` : sql``;
  const statuses = sql.join(
    input.statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const queued = await queueDeliveries(
    db,
    queue,
    sql`subscription_id = ${id} AND status IN (${statuses})${since}`,
  );
  await db.transaction((tx) =>
    recordAudit(tx, {
      action: 'deliveries_replayed',
      subjectType: 'event_subscription',
      subjectId: id,
      subjectName: row.url,
      details: { statuses: input.statuses, since: input.since ?? null, count: queued },
    }),
  );
  return { message: EVENT_SUBSCRIPTION_MESSAGES.replayed(queued), queued };
}

interface DeliveryRow {
  id: number | string;
  webhook_id: string;
  type: string;
  status: EventDeliveryStatus | 'new';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string | Date;
  delivered_at: string | Date | null;
  payload: Record<string, unknown>;
}

const shapeDelivery = (row: DeliveryRow): EventDelivery => ({
  id: Number(row.id),
  webhook_id: row.webhook_id,
  type: row.type,
  // Not yet handed to the queue: it is pending all the same.
  status: row.status === 'new' ? 'pending' : row.status,
  attempts: row.attempts,
  last_status_code: row.last_status_code,
  last_error: row.last_error,
  created_at: isoText(row.created_at),
  delivered_at: row.delivered_at && isoText(row.delivered_at),
  payload: row.payload,
});

/** GET {id}/deliveries: newest first; `status` narrows them (pending includes the new ones). */
export async function listDeliveries(
  reads: Executor,
  id: number,
  query: z.output<typeof eventDeliveryQuerySchema>,
) {
  await readSubscription(reads, id);
  const where = [sql`subscription_id = ${id}`];
  if (query.status === 'pending') where.push(sql`status IN ('new', 'pending')`);
  else if (query.status) where.push(sql`status = ${query.status}`);
  const condition = sql.join(where, sql` AND `);
  return pageOf(query, `/api/event-subscriptions/${id}/deliveries`, {
    rows: async (limit, offset) =>
      (
        await queryRows<DeliveryRow>(
          reads,
          sql`SELECT id, webhook_id, type, status, attempts, last_status_code, last_error,
                     created_at, delivered_at, payload
              FROM event_deliveries WHERE ${condition}
              ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
        )
      ).map(shapeDelivery),
    count: async () =>
      (
        await queryRows<{ total: number }>(
          reads,
          sql`SELECT count(*)::int AS total FROM event_deliveries WHERE ${condition}`,
        )
      )[0]!.total,
  });
}

/** Deletes the events (and their attempts) older than `days`: `delivery.retention_days`. */
export const pruneEventDeliveries = (db: Db, days: number) =>
  pruneBefore(db, 'event_deliveries', 'created_at', new Date(Date.now() - days * 86_400_000));

interface AttemptRow {
  id: number | string;
  delivery_id: number | string;
  webhook_id: string;
  type: string;
  attempt: number;
  outcome: EventAttempt['outcome'];
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string | Date;
}

/** GET {id}/attempts: the subscription's attempts log, newest first; `outcome` narrows it. */
export async function listAttempts(
  reads: Executor,
  id: number,
  query: z.output<typeof eventAttemptQuerySchema>,
) {
  await readSubscription(reads, id);
  const where = [sql`d.subscription_id = ${id}`];
  if (query.outcome) where.push(sql`a.outcome = ${query.outcome}`);
  const condition = sql.join(where, sql` AND `);
  const from = sql`FROM event_attempts a JOIN event_deliveries d ON d.id = a.delivery_id`;
  return pageOf(query, `/api/event-subscriptions/${id}/attempts`, {
    rows: async (limit, offset) =>
      (
        await queryRows<AttemptRow>(
          reads,
          sql`SELECT a.id, a.delivery_id, d.webhook_id, d.type, a.attempt, a.outcome,
                     a.status_code, a.duration_ms, a.error, a.created_at
              ${from} WHERE ${condition} ORDER BY a.id DESC LIMIT ${limit} OFFSET ${offset}`,
        )
      ).map((row) => ({
        ...row,
        id: Number(row.id),
        delivery_id: Number(row.delivery_id),
        created_at: isoText(row.created_at),
      })),
    count: async () =>
      (
        await queryRows<{ total: number }>(
          reads,
          sql`SELECT count(*)::int AS total ${from} WHERE ${condition}`,
        )
      )[0]!.total,
  });
}
