import type { PGlite } from '@electric-sql/pglite';
import type { ContentJobData, DeliveryTarget } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { type Config, loadConfig } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';

/**
 * The durable job queue (pg-boss, in the `pgboss` schema of the application's database). Jobs are
 * inserted in the same transaction as the change that causes them, so a job exists exactly when
 * its change is committed. The workers that carry jobs out are in `workers.ts`.
 */

/** One queue per kind of work; the job's `target` says where within it. */
export const QUEUES = {
  /** POST a category or post variant to its website's webhook. */
  websitePush: 'website-push',
  /** Publish a variant to a social network. */
  socialPublish: 'social-publish',
  /** Rewrite a variant's description through the AI provider. */
  regenerate: 'content-regenerate',
  /** Check a batch of websites (the monitor). */
  monitorCheck: 'monitor-check',
  /** Send the pending notifications of one channel (and user, for e-mail). */
  notificationSend: 'notification-send',
  /** Wakes up at a scheduled publish time to queue the variants then due. */
  scheduledPublish: 'scheduled-publish',
  /** Write the rows of an uploaded CSV file (a list's import). */
  importRun: 'import-run',
  /** Send one outgoing event to one subscription. */
  eventSend: 'event-send',
  /** Import a website's pending days of GA4 and Search Console (traffic). */
  trafficImport: 'traffic-import',
  /** Plan a traffic backfill: the days of every website it names, then their imports. */
  trafficBackfill: 'traffic-backfill',
  /** Import an AdSense account's pending days (revenue). */
  revenueImport: 'revenue-import',
  /** Plan an AdSense import: the accounts, the days of its period for each, then their imports. */
  revenueBackfill: 'revenue-backfill',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** A monitor job: the websites it checks, side by side. */
export interface MonitorJobData {
  websiteIds: number[];
}

/** A notification job: the e-mails of one user, or the chat messages of everyone. */
export type NotificationJobData = { channel: 'email'; userId: number } | { channel: 'chat' };

/** A scheduled publishing wake-up: the time it was set for (any variant due then goes). */
export interface ScheduledPublishJobData {
  at: string;
}

/** An import job: the import whose stored file it writes. */
export interface ImportJobData {
  importId: number;
}

/** An outgoing event's job: its row in event_deliveries. */
export interface EventSendJobData {
  deliveryId: number;
}

/** A traffic import job: the website whose pending days it imports. */
export interface TrafficImportJobData {
  websiteId: number;
}

/** A traffic backfill's job: its row in traffic_imports. */
export interface TrafficBackfillJobData {
  importId: number;
}

/** An AdSense import job: the account whose pending days it imports ('accounts/pub-…'). */
export interface RevenueImportJobData {
  account: string;
}

/** An AdSense import's planning job: its row in revenue_imports. */
export interface RevenueBackfillJobData {
  importId: number;
}

/** The queues of the publishing pipeline, whose jobs carry a variant. */
export type ContentQueue = 'website-push' | 'social-publish' | 'content-regenerate';

/** The data of each queue's jobs. */
export interface QueueData {
  'website-push': ContentJobData;
  'social-publish': ContentJobData;
  'content-regenerate': ContentJobData;
  'monitor-check': MonitorJobData;
  'notification-send': NotificationJobData;
  'scheduled-publish': ScheduledPublishJobData;
  'import-run': ImportJobData;
  'event-send': EventSendJobData;
  'traffic-import': TrafficImportJobData;
  'traffic-backfill': TrafficBackfillJobData;
  'revenue-import': RevenueImportJobData;
  'revenue-backfill': RevenueBackfillJobData;
}

/** The queue of a job for `target`. */
export const queueFor = (target: DeliveryTarget): QueueName =>
  target === 'website'
    ? QUEUES.websitePush
    : target === 'ai'
      ? QUEUES.regenerate
      : QUEUES.socialPublish;

/** The job that publishes a variant to a target (and channel), or regenerates it (`ai`). */
export const contentJob = (
  kind: ContentJobData['kind'],
  variant: { id: number; version: number },
  target: DeliveryTarget,
  channelId?: number,
): ContentJob => ({
  queue: queueFor(target),
  data: {
    kind,
    variantId: variant.id,
    version: variant.version,
    target,
    ...(channelId !== undefined && { channelId }),
  },
});

/** How the queue retries and expires jobs; from the configuration (JOB_*, QUEUE_*). */
export interface QueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
  maintenanceSeconds: number;
}

export function queueSettings(config: Config): QueueSettings {
  return {
    retryLimit: config.JOB_RETRY_LIMIT,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    expireSeconds: config.JOB_EXPIRE_SECONDS,
    maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS,
  };
}
/** Rows per INSERT when an action queues many jobs, to keep each statement's JSON small. */
const INSERT_BATCH = 5000;

export interface ContentJob {
  queue: QueueName;
  data: ContentJobData;
  /** Not before then (a website's deferral or rate limit); at once without it. */
  startAfter?: Date;
}

/** A job as a worker receives it, with its try count. */
export type RunningJob<Q extends QueueName = ContentQueue> = PgBoss.JobWithMetadata<QueueData[Q]>;

export interface JobQueue {
  boss: PgBoss;
  /** Inserts the jobs through `executor`, inside its transaction; answers how many were queued. */
  enqueue(executor: Executor, jobs: readonly ContentJob[]): Promise<number>;
  /** Inserts jobs of `queue` through `executor`, inside its transaction. */
  send<Q extends QueueName>(
    executor: Executor,
    queue: Q,
    data: readonly QueueData[Q][],
  ): Promise<void>;
  /** Inserts jobs of `queue` that start no earlier than their `startAfter`, in `executor`'s transaction. */
  sendAfter<Q extends QueueName>(
    executor: Executor,
    queue: Q,
    jobs: readonly { data: QueueData[Q]; startAfter: Date }[],
  ): Promise<void>;
  /** Whether the queue has started and not been stopped. */
  running(): boolean;
  /** Jobs per queue and state, for the metrics. */
  countJobs(): Promise<{ queue: string; state: string; count: number }[]>;
  /**
   * Stops the queue: waits up to `timeoutMs` for the jobs this process runs, then hands the
   * others back (failed as a try, so the queue retries them, under the same data and key).
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** Turns pg-boss's `$n` placeholders into a drizzle statement, so it runs on any executor. */
function boundStatement(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
    ),
  );
}

/**
 * Ends a job's tries with the one running, through `executor` (inside its transaction): pg-boss
 * retries any failed job that has tries left, and a failure no retry can mend should have none.
 */
export async function giveUpJob(executor: Executor, jobId: string) {
  await executor.execute(
    sql`UPDATE pgboss.job SET retry_limit = retry_count WHERE id = ${jobId}::uuid`,
  );
}

/** pg-boss's database interface over a drizzle executor (the database or a transaction). */
export function executorDb(executor: Executor): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await executor.execute(boundStatement(text, values))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's database interface over PGlite's single connection. Statements without values may
 * be several at once (pg-boss's migrations), which only the simple protocol (`exec`) runs.
 */
function pgliteDb(client: PGlite): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** The driver's client under drizzle: a pg.Pool on PostgreSQL, the PGlite instance otherwise. */
function driverClient<T>(database: Database): T {
  return (database.db as unknown as { $client: T }).$client;
}

/**
 * Starts pg-boss: on PostgreSQL with a small pool of its own (so that queue maintenance and the
 * workers never starve the HTTP pool), on PGlite through its one connection. Creates the schema
 * and the queues when missing and applies the retry settings to them; runs no workers and no cron.
 * Retries back off exponentially with jitter (pg-boss adds up to the same delay again at random).
 */
export async function startQueue(
  database: Database,
  log: Pick<FastifyBaseLogger, 'error'>,
  settings: QueueSettings = queueSettings(loadConfig({})),
): Promise<JobQueue> {
  const common = {
    supervise: true,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  } as const;
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          ...common,
          connectionString: driverClient<pg.Pool>(database).options.connectionString,
          max: 2,
          application_name: 'sitefleet-queue',
        })
      : new PgBoss({ ...common, db: pgliteDb(driverClient<PGlite>(database)) });
  // Maintenance errors are retried on the next cycle; they must never crash the server.
  boss.on('error', (error) => log.error({ err: error }, 'job queue maintenance failed'));
  await boss.start();
  const policy = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireSeconds,
  };
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, ...policy });
    await boss.updateQueue(name, { name, ...policy });
  }

  let running = true;
  return {
    boss,
    running: () => running,
    async countJobs() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          'SELECT name AS queue, state, count(*)::int AS count FROM pgboss.job GROUP BY name, state',
          [],
        );
      return rows as { queue: string; state: string; count: number }[];
    },
    async enqueue(executor, jobs) {
      for (let start = 0; start < jobs.length; start += INSERT_BATCH) {
        const batch = jobs.slice(start, start + INSERT_BATCH);
        await boss.insert(
          batch.map((job) => ({ name: job.queue, data: job.data, startAfter: job.startAfter })),
          { db: executorDb(executor) },
        );
      }
      return jobs.length;
    },
    async send(executor, queue, data) {
      if (data.length === 0) return;
      await boss.insert(
        data.map((item) => ({ name: queue, data: item })),
        { db: executorDb(executor) },
      );
    },
    async sendAfter(executor, queue, jobs) {
      for (let start = 0; start < jobs.length; start += INSERT_BATCH) {
        await boss.insert(
          jobs
            .slice(start, start + INSERT_BATCH)
            .map((job) => ({ name: queue, data: job.data, startAfter: job.startAfter })),
          { db: executorDb(executor) },
        );
      }
    },
    async stop(timeoutMs = 5000) {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
