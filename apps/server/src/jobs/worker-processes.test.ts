import { DELIVERY_SETTINGS } from '@sitefleet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, holdDeliveries, startFakeHttp } from '../../test/fake-http.ts';
import { insertTestCategory } from '../../test/fixtures.ts';
import { createTestDatabase, TEST_DB, waitFor } from '../../test/harness.ts';
import { type RunningProcess, startProcess } from '../../test/processes.ts';
import { type Database, queryRows } from '../db/client.ts';
import { settings, websiteSettings, websites } from '../db/schema.ts';
import { seedBase } from '../db/seed.ts';
import { newWebhookSecret } from '../lib/secrets.ts';
import { TARGET_SETTINGS } from '../pipeline/targets/index.ts';
import { type JobQueue, QUEUES, type QueueSettings, startQueue } from './queue.ts';

/** Quick retries and expiry, so that a job held by a killed worker comes back within seconds. */
const FAST_RECOVERY: QueueSettings = {
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireSeconds: 3,
  maintenanceSeconds: 1,
};
const silentLog = { error: () => {} };

// Several processes share one database only on PostgreSQL (PGlite belongs to one process).
describe.runIf(TEST_DB === 'postgres')('worker processes sharing one PostgreSQL', () => {
  let database: Database & { url?: string };
  let queue: JobQueue;
  let website: FakeHttpServer;
  let websiteId: number;
  let categoryId: number;
  const workers: RunningProcess[] = [];

  const startWorker = async () => {
    const worker = startProcess('worker', {
      DATABASE_URL: database.url!,
      NODE_ENV: 'test',
      WORKER_CONCURRENCY: '4',
      QUEUE_POLL_SECONDS: '0.5',
      JOB_RETRY_LIMIT: String(FAST_RECOVERY.retryLimit),
      JOB_RETRY_DELAY_SECONDS: String(FAST_RECOVERY.retryDelaySeconds),
      JOB_EXPIRE_SECONDS: String(FAST_RECOVERY.expireSeconds),
      QUEUE_MAINTENANCE_SECONDS: String(FAST_RECOVERY.maintenanceSeconds),
      DELIVERY_TIMEOUT_MS: '60000',
    });
    workers.push(worker);
    await worker.printed(/worker started/);
    return worker;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedBase(database.db, TARGET_SETTINGS, {
      email: 'admin@example.com',
      password: 'admin12345',
    });
    queue = await startQueue(database, silentLog, FAST_RECOVERY);
    website = await startFakeHttp();
    const { db } = database;
    // These tests count the workers' jobs, not the website's rate limit (0: none), which would
    // spread 1,000 pushes to one website over 17 minutes.
    const lifted = await db
      .update(settings)
      .set({ value: '0' })
      .where(eq(settings.fullPath, DELIVERY_SETTINGS.maxPerMinute.key))
      .returning({ id: settings.id });
    expect(lifted).toHaveLength(1);
    const [site] = await db
      .insert(websites)
      .values({
        name: 'Fleet One',
        url: 'https://one.example.com',
        hosting: 'Test',
        cost: 1,
        duration: 1,
        webhookSecret: newWebhookSecret(),
      })
      .returning({ id: websites.id });
    websiteId = site!.id;
    await db
      .insert(websiteSettings)
      .values({ websiteId, postWebhookUrl: `${website.url}/hooks/posts` });
    categoryId = await insertTestCategory(db, 'Bulk', [websiteId]);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await queue.stop();
    await website.close();
    await database.close();
  });

  /** `count` new posts with a variant on the website, and a website-push job for each. */
  async function queuePushes(count: number): Promise<number[]> {
    const { db } = database;
    const variants = await queryRows<{ id: number; version: number }>(
      db,
      sql`WITH new_posts AS (
            INSERT INTO posts (title, description, category_id)
            SELECT 'Bulk post ' || n, 'Body ' || n, ${categoryId} FROM generate_series(1, ${count}) n
            RETURNING id)
          INSERT INTO post_variants (post_id, website_id, is_approved, delivery_status)
          SELECT id, ${websiteId}, true, 'queued' FROM new_posts
          RETURNING id, version`,
    );
    await queue.enqueue(
      db,
      variants.map((variant) => ({
        queue: QUEUES.websitePush,
        data: { kind: 'post', variantId: variant.id, version: variant.version, target: 'website' },
      })),
    );
    return variants.map((variant) => variant.id);
  }

  const deliveredCount = async (variantIds: number[]) =>
    (
      await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM post_variants
            WHERE id = ANY(${`{${variantIds.join(',')}}`}::int[])
              AND delivery_status = 'delivered' AND is_posted_to_website`,
      )
    )[0]!.count;

  /** Requests per idempotency key. */
  const keyCounts = () => {
    const counts = new Map<string, number>();
    for (const request of website.requests) {
      const key = String(request.headers['idempotency-key']);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };

  it('two worker processes run 1,000 jobs, each exactly once', async () => {
    website.requests.length = 0;
    website.answer(() => ({ status: 200, json: { ok: true } }));
    await Promise.all([startWorker(), startWorker()]);
    const variantIds = await queuePushes(1000);

    await waitFor(async () => (await deliveredCount(variantIds)) === 1000, {
      timeoutMs: 120_000,
      intervalMs: 500,
      what: '1,000 deliveries',
    });
    const counts = keyCounts();
    expect(counts.size).toBe(1000);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const [attempts] = await queryRows<{ attempts: number; jobs: number }>(
      database.db,
      sql`SELECT count(*)::int AS attempts, count(DISTINCT job_id)::int AS jobs
          FROM delivery_attempts WHERE variant_id = ANY(${`{${variantIds.join(',')}}`}::int[])`,
    );
    expect(attempts).toEqual({ attempts: 1000, jobs: 1000 });
  }, 180_000);

  it('after kill -9 mid-delivery and a restart, every job completes and every key is delivered, a repeat only under its original key', async () => {
    website.requests.length = 0;
    // The website holds every request open while the first worker runs: it dies mid-delivery.
    const pushes = holdDeliveries(website);
    const first = await startWorker();
    const variantIds = await queuePushes(100);
    await waitFor(async () => website.requests.length >= 4, { what: 'deliveries in flight' });
    await first.killHard();
    const inFlight = new Set(website.requests.map((request) => request.headers['idempotency-key']));
    pushes.release();

    await startWorker();
    await waitFor(async () => (await deliveredCount(variantIds)) === 100, {
      timeoutMs: 90_000,
      intervalMs: 500,
      what: '100 deliveries after the restart',
    });
    // Every variant's key was delivered, and no delivery came under any other key.
    const originalKeys = (
      await queryRows<{ id: number; version: number }>(
        database.db,
        sql`SELECT id, version FROM post_variants WHERE id = ANY(${`{${variantIds.join(',')}}`}::int[])`,
      )
    ).map((variant) => `post-${variant.id}-v${variant.version}`);
    expect([...pushes.succeeded.keys()].sort()).toEqual(originalKeys.sort());
    // The interrupted deliveries were tried again with the same key.
    for (const key of inFlight) expect(pushes.succeeded.has(String(key))).toBe(true);
    console.log(`worker restart: ${pushes.repeats()} repeated deliveries of 100 keys`);
    // A job is marked completed once its handler has returned, after its variant was marked
    // delivered: the last one may still be finishing.
    const completed = async () =>
      (
        await queryRows<{ completed: number }>(
          database.db,
          sql`SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed
              FROM pgboss.job WHERE name = ${QUEUES.websitePush}
                AND (data->>'variantId')::int = ANY(${`{${variantIds.join(',')}}`}::int[])`,
        )
      )[0]!.completed;
    await waitFor(async () => (await completed()) === 100, { what: '100 completed jobs' });
    expect(await completed()).toBe(100);
  }, 180_000);
});
