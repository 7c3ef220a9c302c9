import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** PostgreSQL's timestamps, dates and bigints come back as strings on both drivers. */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PoolOptions {
  max: number;
  /** Settings each connection starts with (`-c name=value`). */
  options?: string;
  /** How the connections show in `pg_stat_activity`. */
  applicationName?: string;
  /** A server that takes longer to accept a connection fails the query waiting for it. */
  connectTimeoutMs?: number;
  /** Names the database in the log line of a lost connection. */
  label?: string;
}

export function connectionPool(url: string, options: PoolOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    ...(options.options ? { options: options.options } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
  });
  // An idle connection the server drops (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', (error) =>
    console.error(`${options.label ?? 'PostgreSQL'} connection lost: ${error.message}`),
  );
  return pool;
}

/**
 * The prepared reads' own connections keep one generic plan per statement: left to choose,
 * PostgreSQL plans again on every run any statement whose values change its estimates (a LIMIT,
 * an array's length), which for a page's rows costs more than running them.
 */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/** The connections of each PostgreSQL database's prepared reads (`preparedRows`). */
export const preparedPools = new WeakMap<object, pg.Pool>();

/** A database handle on `pool`, whose prepared reads run on `generic` (see preparedRows). */
export function postgresDb(pool: pg.Pool, generic: pg.Pool): Db {
  const db = drizzle(pool, { schema }) as unknown as Db;
  preparedPools.set(db, generic);
  return db;
}
