import type { LiveEvent } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.ts';
import type { Listening } from '../db/listen.ts';
import { EVENTS_CHANNEL, type EventsNotice } from './publish.ts';

/**
 * A process's end of the live events: one LISTEN connection, opened when the first stream
 * subscribes, whose notifications are handed to every subscriber in id order.
 */

export type EventSubscriber = (event: LiveEvent) => void;

/** Events a resuming stream is sent at most; one that missed more starts over (a reset). */
const REPLAY_LIMIT = 5000;

/** What a stream resuming after an id is sent: the events since, unless some are gone. */
export interface Replay {
  events: LiveEvent[];
  /** False when events after that id were pruned (or never existed here): the client starts over. */
  complete: boolean;
}

export interface EventHub {
  /** Adds a subscriber, listening first if nobody was; answers how to remove it. */
  subscribe(subscriber: EventSubscriber): Promise<() => void>;
  /** The stored events after `id`, oldest first. */
  since(id: number): Promise<Replay>;
  close(): Promise<void>;
}

interface Logger {
  error(message: string): void;
}

type EventRow = { id: number; type: LiveEvent['type']; data: LiveEvent['data'] };
const asEvent = (row: EventRow) => ({ id: row.id, type: row.type, data: row.data }) as LiveEvent;

export function createEventHub(database: Database, log: Logger): EventHub {
  const subscribers = new Set<EventSubscriber>();
  let listening: Promise<Listening> | null = null;
  /** The newest id handed out: what arrives twice (a notice and a catch-up) goes out once. */
  let lastId = 0;
  /** Notices are handled one after the other, so that events go out in id order. */
  let chain = Promise.resolve();

  const dispatch = (rows: readonly EventRow[]) => {
    for (const row of rows) {
      if (row.id <= lastId) continue;
      lastId = row.id;
      const event = asEvent(row);
      for (const subscriber of subscribers) subscriber(event);
    }
  };
  const read = (condition: ReturnType<typeof sql>) =>
    queryRows<EventRow>(
      database.db,
      sql`SELECT id, type, data FROM events WHERE ${condition} ORDER BY id`,
    );
  const handle = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error) => {
      log.error(`Live events: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  const catchUp = () => handle(async () => dispatch(await read(sql`id > ${lastId}`)));

  const startListening = async () => {
    const [newest] = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT COALESCE(max(id), 0)::bigint AS id FROM events`,
    );
    lastId = newest?.id ?? 0;
    const handle_ = await database.listen(EVENTS_CHANNEL, {
      onNotify: (payload) =>
        handle(async () => {
          const notice = JSON.parse(payload) as EventsNotice;
          dispatch(
            'first' in notice
              ? await read(sql`id BETWEEN ${notice.first} AND ${notice.last}`)
              : [notice],
          );
        }),
      onReconnect: catchUp,
    });
    // Committed between reading the newest id and listening: announced before anyone heard.
    catchUp();
    return handle_;
  };

  return {
    async subscribe(subscriber) {
      listening ??= startListening().catch((error) => {
        listening = null;
        throw error;
      });
      await listening;
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async since(id) {
      const [bounds] = await queryRows<{ first: number | null; newest: number }>(
        database.db,
        sql`SELECT (SELECT min(id) FROM events) AS first,
                   (SELECT last_value FROM events_id_seq) AS newest`,
      );
      const events = (
        await queryRows<EventRow>(
          database.db,
          sql`SELECT id, type, data FROM events WHERE id > ${id} ORDER BY id
              LIMIT ${REPLAY_LIMIT + 1}`,
        )
      ).map(asEvent);
      const first = bounds?.first ?? null;
      const newest = bounds?.newest ?? 0;
      const complete =
        events.length <= REPLAY_LIMIT &&
        id <= newest &&
        (first === null ? id >= newest : id >= first - 1);
      return { events: complete ? events : [], complete };
    },
    async close() {
      const current = listening;
      listening = null;
      subscribers.clear();
      if (current) await (await current.catch(() => null))?.close();
    },
  };
}
