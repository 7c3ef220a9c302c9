import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Database, type Db, preparedRows } from '../db/client.ts';
import { type Replica, replicaCheck, walPosition } from '../db/replica.ts';
import { sessions } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only reads, and may read a moment behind the primary: its `request.reads` may be
     * the read replica. Given to every route of a module by `readFromReplica`, and to the standard
     * list and export routes.
     */
    replicaReads?: boolean;
  }
  interface FastifyRequest {
    /**
     * The database the request reads from: the read replica on a route that allows it, while the
     * replica keeps up and has replayed the session's last write; the primary otherwise.
     */
    readonly reads: Db;
  }
}

/** Lets every route of the module registering it (in its own plugin scope) read from the replica. */
export function readFromReplica(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, replicaReads: true };
  });
}

type ReadSettings = Pick<Config, 'REPLICA_MAX_LAG_SECONDS' | 'REPLICA_READ_AFTER_WRITE_SECONDS'>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Which database a request of `sessionId` reads from: the replica when it keeps up and has
 * replayed the session's last write (known by its WAL position, or else assumed done once
 * REPLICA_READ_AFTER_WRITE_SECONDS have passed). The session's row is read on the primary at each
 * request: another process may have taken the write.
 */
async function chooseReads(
  primary: Db,
  replica: Replica,
  settings: ReadSettings,
  sessionId: string | undefined,
): Promise<Db> {
  const status = await replica.status();
  if (replicaCheck(status, settings.REPLICA_MAX_LAG_SECONDS) !== 'ok') return primary;
  if (!sessionId) return replica.db;
  const [write] = await preparedRows<{ position: string | null; since: number }>(
    primary,
    sql`SELECT last_write_position AS position,
               extract(epoch FROM now() - last_write_at)::float8 AS since
        FROM sessions WHERE id = ${sessionId}`,
  );
  if (!write) return replica.db;
  if (write.position) return status.replayed >= walPosition(write.position) ? replica.db : primary;
  return write.since >= settings.REPLICA_READ_AFTER_WRITE_SECONDS ? replica.db : primary;
}

/**
 * Gives each request its read handle (`request.reads`): the primary, unless the database has a
 * read replica and the route reads from it (`replicaReads`). With a replica, each write of a
 * session records the primary's WAL position on the session's row before it is answered, so that
 * whichever process serves the session's next read knows what the replica must have replayed.
 */
export const readsPlugin = fp(
  async (app: FastifyInstance, options: { database: Database; settings: ReadSettings }) => {
    const { db, replica } = options.database;
    const chosen = new WeakMap<FastifyRequest, Db>();
    app.decorateRequest('reads', {
      getter(this: FastifyRequest) {
        return chosen.get(this) ?? db;
      },
    });
    if (!replica) return;

    app.addHook('preHandler', async (request) => {
      if (!request.routeOptions.config.replicaReads || !SAFE_METHODS.has(request.method)) return;
      // A script with an API token has no session row to record its last write on: it reads
      // from the primary, so that it always sees what it has just written.
      if (request.auth?.token) return;
      chosen.set(
        request,
        await chooseReads(db, replica, options.settings, request.auth?.sessionId),
      );
    });

    app.addHook('onSend', async (request) => {
      const writes = !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesData;
      if (!writes || !request.auth || request.auth.token) return;
      await db
        .update(sessions)
        .set({ lastWritePosition: sql`pg_current_wal_lsn()::text`, lastWriteAt: sql`now()` })
        .where(eq(sessions.id, request.auth.sessionId));
    });
  },
);
