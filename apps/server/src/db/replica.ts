import type pg from 'pg';
import { connectionPool, type Db, GENERIC_PLANS, postgresDb } from './pools.ts';

/** How often the replica's position is asked at most: every request in between reuses it. */
export const REPLICA_CHECK_INTERVAL_MS = 1000;
/** A replica that takes longer to accept a connection or answer a check counts as down. */
const REPLICA_TIMEOUT_MS = 1000;
/** The primary's positions remembered while the replica has not replayed them: an hour's worth. */
const MAX_SAMPLES = 3600;

/**
 * What the last check found: `ok` (a standby answering), `unreachable` (down, or no answer in
 * time), or `not-standby` (it answers but replays nothing: promoted, or the primary itself).
 */
export type ReplicaState = 'ok' | 'unreachable' | 'not-standby';

export interface ReplicaStatus {
  state: ReplicaState;
  /** The WAL position the replica has replayed up to (0 when unknown). */
  replayed: bigint;
  /** How long ago the primary had WAL the replica has still not replayed (0 when caught up). */
  lagSeconds: number;
}

/** What `/readyz` says of the replica: its state, or `lagging` past the allowed lag. */
export type ReplicaCheck = ReplicaState | 'lagging';

export function replicaCheck(status: ReplicaStatus, maxLagSeconds: number): ReplicaCheck {
  if (status.state !== 'ok') return status.state;
  return status.lagSeconds > maxLagSeconds ? 'lagging' : 'ok';
}

export interface Replica {
  /** The replica's database: its statements run on the primary when the replica fails them. */
  db: Db;
  /** The replica's last known status, checked again once it is REPLICA_CHECK_INTERVAL_MS old. */
  status(): Promise<ReplicaStatus>;
  /** The replica's pools, for the process's connection counts. */
  pools: pg.Pool[];
  close(): Promise<void>;
}

/** A WAL position (`16/B374D848`) as a number that compares. */
export function walPosition(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How a failed statement on the replica is handled: `down` when the replica itself failed (no
 * connection, a lost one, a server shutting down or out of resources: class 08, 53, 57P0x, or no
 * SQLSTATE at all), `retry` when only the statement was (a standby cancels one that conflicts with
 * the changes it replays, 40001, or a time-out, 57014). Both run again on the primary. Any other
 * error is the statement's own and would be the primary's too.
 */
function failure(error: unknown): 'down' | 'retry' | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'down';
  if (code === '40001' || code === '57014') return 'retry';
  if (/^(08|53|57P0)/.test(code)) return 'down';
  return undefined;
}

type Query = (...args: unknown[]) => Promise<unknown>;

/** Makes `pool` run again on `fallback` the statements the replica fails (see `failure`). */
function falling(pool: pg.Pool, fallback: pg.Pool, onDown: (error: unknown) => void) {
  const query = pool.query.bind(pool) as Query;
  const primary = fallback.query.bind(fallback) as Query;
  (pool as { query: Query }).query = async (...args) => {
    try {
      return await query(...args);
    } catch (error) {
      const kind = failure(error);
      if (!kind) throw error;
      if (kind === 'down') onDown(error);
      return primary(...args);
    }
  };
  return pool;
}

const UNREACHABLE: ReplicaStatus = { state: 'unreachable', replayed: 0n, lagSeconds: 0 };

/** A check the replica does not answer in time fails (its connection stays busy till it does). */
function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REPLICA_TIMEOUT_MS} ms`)),
      REPLICA_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface Sample {
  at: number;
  position: bigint;
}

/**
 * The replica's pools, whose reads fall back on the primary's, and its status. The lag is
 * measured against the primary's own positions, taken at each check: a replica is as far behind
 * as the oldest position it has not replayed, which holds on a quiet primary and on a standby
 * cut off from it alike.
 */
export function openReplica(
  url: string,
  primary: { db: Db; pool: pg.Pool; generic: pg.Pool },
  max: number,
): Replica {
  const shared = { connectTimeoutMs: REPLICA_TIMEOUT_MS, label: 'Read replica' };
  const applicationName = 'sitefleet-reads';
  let known: { status: ReplicaStatus; at: number } | undefined;
  const markDown = (error: unknown) => {
    if (known?.status.state !== 'unreachable') {
      console.error(
        `Read replica unreachable, reads go to the primary: ${(error as Error).message}`,
      );
    }
    known = { status: UNREACHABLE, at: Date.now() };
  };
  const pool = falling(
    connectionPool(url, { ...shared, max, applicationName }),
    primary.pool,
    markDown,
  );
  const generic = falling(
    connectionPool(url, { ...shared, max, applicationName, options: GENERIC_PLANS }),
    primary.generic,
    markDown,
  );
  const checks = connectionPool(url, { ...shared, max: 1, applicationName: 'sitefleet-checks' });
  const db = postgresDb(pool, generic);
  // A transaction may write: it runs on the primary, whichever handle starts it.
  db.transaction = primary.db.transaction.bind(primary.db);

  const samples: Sample[] = [];
  async function check(): Promise<ReplicaStatus & { error?: unknown }> {
    const at = Date.now();
    const [written, replica] = await Promise.allSettled([
      primary.pool.query<{ position: string }>(
        'SELECT pg_current_wal_flush_lsn()::text AS position',
      ),
      withinTimeout(
        checks.query<{ standby: boolean; replayed: string | null }>(
          'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
        ),
      ),
    ]);
    if (written.status === 'fulfilled' && written.value.rows[0]) {
      const position = walPosition(written.value.rows[0].position);
      // Only each new position's first sighting counts: when the primary first had it.
      if (samples.length < MAX_SAMPLES && (samples.at(-1)?.position ?? -1n) < position) {
        samples.push({ at, position });
      }
    }
    if (replica.status === 'rejected') {
      return { state: 'unreachable', replayed: 0n, lagSeconds: 0, error: replica.reason };
    }
    const row = replica.value.rows[0];
    if (!row?.standby || !row.replayed)
      return { state: 'not-standby', replayed: 0n, lagSeconds: 0 };
    const replayed = walPosition(row.replayed);
    while (samples[0] && samples[0].position <= replayed) samples.shift();
    const lagSeconds = samples[0] ? (Date.now() - samples[0].at) / 1000 : 0;
    return { state: 'ok', replayed, lagSeconds };
  }

  let checking: Promise<ReplicaStatus> | undefined;
  function refresh() {
    checking ??= check()
      .catch((error: unknown) => ({ ...UNREACHABLE, error }))
      .then(({ error, ...status }) => {
        if (status.state !== (known?.status.state ?? 'ok')) {
          const reason = error ? `: ${(error as Error).message}` : '';
          console.warn(`Read replica ${status.state}${reason}`);
        }
        known = { status, at: Date.now() };
        return status;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  return {
    db,
    pools: [pool, generic, checks],
    // A status past its age is answered all the same while the next check runs: a request never
    // waits for one, but the very first.
    async status() {
      if (!known) return refresh();
      if (Date.now() - known.at >= REPLICA_CHECK_INTERVAL_MS) void refresh();
      return known.status;
    },
    async close() {
      await checking;
      await Promise.all([pool.end(), generic.end(), checks.end()]);
    },
  };
}
