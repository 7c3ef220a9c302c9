import type { FastifyBaseLogger } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { loadSecretKey } from './db/secret-key.ts';
import { type JobQueue, QUEUES, queueSettings, startQueue } from './jobs/queue.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { createOutbound, type Outbound, parseAllowedRanges } from './lib/outbound.ts';
import { createSecretBox, type SecretBox } from './lib/secrets.ts';
import { createSessionCache, type SessionCache } from './plugins/sessions.ts';
import { createShutdown, type Shutdown } from './shutdown.ts';

/**
 * What a process (server or worker) runs with: every route plugin receives it as its options,
 * the job workers and the scheduled tasks run with it.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Encrypts and decrypts secrets stored in the database. */
  secrets: SecretBox;
  /** The job queue, started with the context: the process that made it stops it. */
  queue: JobQueue;
  /** The queue the API's requests wait in for their turn (REQUEST_CONCURRENCY at once). */
  requests: LimitFunction;
  /** The process's Prometheus metrics (`/metrics`). */
  metrics: Metrics;
  /** The calls to addresses users typed, through the guard, with the ranges this process allows. */
  outbound: Outbound;
  /** The sessions the server keeps between requests (SESSION_CACHE_SECONDS). */
  sessions: SessionCache;
  /** Whether the process is stopping, and what to close first when it does (event streams). */
  shutdown: Shutdown;
  /**
   * The start's check of the derived tables (the server's, which runs it once listening):
   * `checking` until it has repaired what it found.
   */
  derivedState: { status: 'ok' | 'checking' };
}

/**
 * The context of a process on an open, migrated database; starts the job queue, whose maintenance
 * errors go to `log`.
 */
export async function createAppContext(
  config: Config,
  database: Database,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<AppContext> {
  const secrets = createSecretBox(await loadSecretKey(database.db, config));
  const queue = await startQueue(database, log, queueSettings(config));
  const requests = pLimit(config.REQUEST_CONCURRENCY);
  const metrics = createMetrics({
    queues: Object.values(QUEUES),
    jobCounts: () => queue.countJobs(),
    poolConnections: () => database.connections(),
    requests: () => ({ active: requests.activeCount, waiting: requests.pendingCount }),
  });
  return {
    config,
    database,
    db: database.db,
    secrets,
    queue,
    requests,
    metrics,
    outbound: createOutbound(parseAllowedRanges(config.OUTBOUND_ALLOWED_RANGES)),
    sessions: createSessionCache(config.SESSION_CACHE_SECONDS * 1000),
    shutdown: createShutdown(),
    derivedState: { status: 'ok' },
  };
}
