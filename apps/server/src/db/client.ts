import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type ChannelListener, type Listening, listenOnPostgres } from './listen.ts';
import { connectionPool, type Db, GENERIC_PLANS, postgresDb, preparedPools } from './pools.ts';
import { openReplica, type Replica } from './replica.ts';
import * as schema from './schema.ts';

export type { Db } from './pools.ts';

/** What runs a statement: the database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite serves one query at a time: callers size their work to it. */
  maxConnections: number;
  /** The read replica (DATABASE_REPLICA_URL), on PostgreSQL only. */
  replica?: Replica;
  migrate(): Promise<void>;
  /**
   * Receives the notifications sent on `channel` (`pg_notify`, delivered once their transaction
   * commits): on a connection of its own on PostgreSQL, in process on PGlite.
   */
  listen(channel: string, listener: ChannelListener): Promise<Listening>;
  /** The connections this process holds, by state (`active`, `idle`, `waiting` for one). */
  connections(): Record<'active' | 'idle' | 'waiting', number>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's data directory; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data directory dumped earlier (`dumpDataDir`), to start from instead of empty. */
  image?: Blob;
  poolSize?: number;
  /** A postgres:// URL of a streaming standby of `url`'s database, for the reads it may serve. */
  replicaUrl?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { url } = options;
    const max = options.poolSize ?? 10;
    const pool = connectionPool(url, { max });
    const generic = connectionPool(url, { max, options: GENERIC_PLANS });
    const db = postgresDb(pool, generic);
    const replica = options.replicaUrl
      ? openReplica(options.replicaUrl, { db, pool, generic }, max)
      : undefined;
    return {
      db,
      kind: 'postgres',
      maxConnections: max,
      ...(replica ? { replica } : {}),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      listen: (channel, listener) => listenOnPostgres(url, channel, listener),
      connections: () => {
        const pools = [pool, generic, ...(replica?.pools ?? [])];
        const count = (of: (pool: pg.Pool) => number) => pools.reduce((n, p) => n + of(p), 0);
        const idle = count((p) => p.idleCount);
        return {
          active: count((p) => p.totalCount) - idle,
          idle,
          waiting: count((p) => p.waitingCount),
        };
      },
      close: async () => {
        await replica?.close();
        await Promise.all([pool.end(), generic.end()]);
      },
    };
  }
  // Loaded only when used: PGlite's module alone adds some 45 MB to a server on PostgreSQL.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.image,
    postgresqlconf: PGLITE_SETTINGS,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    maxConnections: 1,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // The one session hears its own notifications, after the transaction that sent them commits.
    listen: async (channel, listener) => ({
      close: await client.listen(channel, listener.onNotify),
    }),
    // One connection, which the process holds for its whole life.
    connections: () => ({ active: 1, idle: 0, waiting: 0 }),
    close: () => client.close(),
  };
}

let newestMigrationTime: number | undefined;

/** The time of the newest migration this build ships (drizzle records it when applied). */
function newestMigration(): number {
  if (newestMigrationTime !== undefined) return newestMigrationTime;
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  newestMigrationTime = Math.max(...journal.entries.map((entry) => entry.when));
  return newestMigrationTime;
}

/** Whether every migration of this build has been applied to the database. */
export async function migrationsCurrent(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ applied: string | number | null }>(
    db,
    sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`,
  );
  return Number(row?.applied ?? 0) >= newestMigration();
}

/**
 * PGlite's memory is a WebAssembly heap that never shrinks: PostgreSQL's default 128 MB of shared
 * buffers and 64 MB for maintenance (index builds, vacuum) would stay held by the server once
 * used. The files are read through the operating system's cache anyway.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

/** Runs raw SQL on the database or a transaction and answers its rows, on either driver. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface DatabaseErrorLike {
  code?: string;
  constraint?: string;
}

/** drizzle wraps the driver's error, whose code and constraint say what failed. */
export function databaseError(error: unknown): DatabaseErrorLike | undefined {
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object' && 'code' in cause) return cause as DatabaseErrorLike;
  if (error && typeof error === 'object' && 'code' in error) return error as DatabaseErrorLike;
  return undefined;
}

/**
 * Whether the database refused a statement for the values it carried (a data exception, class 22,
 * or a broken constraint, class 23), as opposed to being away or busy: sending it again changes
 * nothing.
 */
export const refusesValues = (error: unknown) => /^2[23]/.test(databaseError(error)?.code ?? '');

/** A list of ids as one array parameter (`= ANY(...)`), however many there are. */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** Values as one array parameter of `type`, each quoted as an array literal wants; null as NULL. */
export const arrayParameter = (
  values: readonly (string | number | null)[],
  type: 'text' | 'int' | 'bigint' | 'timestamptz',
) =>
  sql`${`{${values
    .map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`))
    .join(',')}}`}::${sql.raw(type)}[]`;
/** Texts as one `text[]` parameter. */
export const textArray = (texts: readonly string[]) => arrayParameter(texts, 'text');

const dialect = new PgDialect();

/** Dates and timestamps stay text, as drizzle answers them, whichever way a statement runs. */
const TEXT_DATES = [
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
] as readonly number[];
const textDates = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_DATES.includes(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/**
 * Runs a read whose text is fixed (only its values vary) and answers its rows. On PostgreSQL it is
 * a named prepared statement on the prepared reads' connections: each parses and plans it once,
 * which for a short lookup by ids is most of its cost. Only for statements whose plan suits any
 * values, since that one generic plan serves every run. Inside a transaction, and on PGlite, the
 * statement runs as any other.
 */
export async function preparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const client = preparedPools.get(db);
  if (!client) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runPrepared<T>(client, statementName(text), text, params);
}

const statementName = (text: string) => createHash('sha1').update(text).digest('base64url');

async function runPrepared<T>(
  client: NonNullable<ReturnType<typeof preparedPools.get>>,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  try {
    const result = await client.query({ name, text, values, types: textDates });
    return result.rows as T[];
  } catch (error) {
    // As drizzle does: the driver's error (its code, its constraint) is the cause.
    throw new Error(`Failed query: ${text}`, { cause: error });
  }
}

/**
 * `query` written out once: its text as a few raw parts between its values, which are kept as
 * they were. A statement built on every request around a large part that never changes (a list's
 * rows, around the request's page) then costs drizzle a few parts to write instead of hundreds.
 */
export function writtenOut(query: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // The text alternates: raw text, a value's number ($1 …), raw text …
  const parts = text.split(/\$(\d+)/);
  // drizzle numbers its values in order: anything else is `$` and digits inside the text itself.
  const numbers = parts.filter((_part, index) => index % 2 === 1);
  if (numbers.length !== params.length || numbers.some((n, index) => Number(n) !== index + 1)) {
    throw new Error(`Not a statement to write out: ${text.slice(0, 80)}`);
  }
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1]),
    ),
  );
}

/**
 * A prepared read (as preparedRows) whose text is written once: `build` is called once with
 * placeholders for its values, which it may only place in the statement, never compute with.
 * Each run then fills the values in. For a statement of many parts (a list's page with its
 * rows' related columns), writing its text out of drizzle's parts and hashing it for its name
 * cost more of the server's CPU per request than reading the rows.
 */
export function preparedRead<V extends unknown[]>(build: (...values: V) => SQL) {
  let compiled: { name: string; text: string; params: unknown[] } | undefined;
  return async <T>(db: Executor, ...values: V): Promise<T[]> => {
    const client = preparedPools.get(db);
    if (!client) return queryRows<T>(db, build(...values));
    if (!compiled) {
      const holders = values.map((_value, index) => sql.placeholder(String(index)));
      const { sql: text, params } = dialect.sqlToQuery(build(...(holders as V)));
      compiled = { name: statementName(text), text, params };
    }
    // Placeholder i takes values[i].
    const filled = fillPlaceholders(compiled.params, { ...values } as Record<string, unknown>);
    return runPrepared<T>(client, compiled.name, compiled.text, filled);
  };
}
