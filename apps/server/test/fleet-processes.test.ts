import { DELIVERY_SETTINGS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../bundle.ts';
import { queryRows } from '../src/db/client.ts';
import { scheduledTasks } from '../src/db/schema.ts';
import { seedBase } from '../src/db/seed.ts';
import { TARGET_SETTINGS } from '../src/pipeline/targets/index.ts';
import { FIXED_TASKS } from '../src/tasks.ts';
import { type FakeHttpServer, startFakeHttp } from './fake-http.ts';
import { createCategory, createWebsite, secondAdmin } from './fixtures.ts';
import {
  ADMIN,
  ApiClient,
  createTestDatabase,
  setSetting,
  TEST_DB,
  type TestServer,
  waitFor,
} from './harness.ts';
import { type RunningProcess, startProcess } from './processes.ts';

/**
 * Two HTTP servers (RUN_WORKERS=false) and two worker processes on one PostgreSQL, as behind a
 * load balancer: a session made on one server works on the other; 1,000 posts published through
 * one server reach a website that fails one request in five, while one worker is stopped and the
 * other killed mid-run and both are started again; and the scheduled tasks, due at the start and
 * ticked every second by both workers, run once per period across them.
 */

// Several processes share one database only on PostgreSQL (PGlite belongs to one process).
const skipped = TEST_DB === 'postgres' ? '' : 'several processes share PostgreSQL only';
if (skipped) console.warn(`Fleet processes test skipped: ${skipped}`);

const POSTS = 1000;
/** Each process applies its own JOB_* settings to the shared queues: all get the same ones. */
const FLEET_ENV = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'fleet-test-session-secret-of-32-characters',
  QUEUE_POLL_SECONDS: '0.5',
  // Enough tries that one in five failing never exhausts them.
  JOB_RETRY_LIMIT: '10',
  JOB_RETRY_DELAY_SECONDS: '1',
  // A job held by the killed worker comes back within seconds.
  JOB_EXPIRE_SECONDS: '5',
  QUEUE_MAINTENANCE_SECONDS: '1',
  DELIVERY_TIMEOUT_MS: '3000',
  SHUTDOWN_TIMEOUT_SECONDS: '5',
  SCHEDULER_TICK_SECONDS: '1',
};

describe.skipIf(skipped)('two servers and two workers on one PostgreSQL', () => {
  let database: TestServer['database'];
  let website: FakeHttpServer;
  const running: RunningProcess[] = [];

  const start = (entry: ServerEntry, env: Record<string, string>) => {
    const started = startProcess(entry, {
      ...FLEET_ENV,
      DATABASE_URL: database.url!,
      ...env,
    });
    running.push(started);
    return started;
  };
  const startServer = async () => {
    const server = start('main', {
      RUN_WORKERS: 'false',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    });
    const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
    return url!;
  };
  const startWorker = async () => {
    const worker = start('worker', {});
    await worker.printed(/worker started/, 120_000);
    return worker;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Seeded before the servers start, so that neither adds the demo data of an empty database.
    await seedBase(database.db, TARGET_SETTINGS, ADMIN);
    website = await startFakeHttp();
  });
  afterAll(async () => {
    await Promise.all(running.map((process) => process.stop()));
    await website?.close();
    await database?.close();
  });

  /** Successful deliveries per idempotency key, and failed requests. */
  const delivered = new Map<string, number>();
  const failedPerKey = new Map<string, number>();
  /**
   * One request in five fails with a 500, but never one key's more than twice: a key's retries
   * then wait seconds, not the minutes of a long run of doubling delays.
   */
  function failOneInFive() {
    website.answer((request, index) => {
      const key = String(request.headers['idempotency-key']);
      const failures = failedPerKey.get(key) ?? 0;
      if (index % 5 === 4 && failures < 2) {
        failedPerKey.set(key, failures + 1);
        return { status: 500, json: { error: 'try again' } };
      }
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      return { status: 200, json: { ok: true } };
    });
  }

  /** The category's post variants: how many are delivered, and each one's original key. */
  async function variantsOf(categoryId: number) {
    return queryRows<{ id: number; version: number; delivered: boolean }>(
      database.db,
      sql`SELECT v.id, v.version,
                 (v.delivery_status = 'delivered' AND v.is_posted_to_website) AS delivered
          FROM post_variants v JOIN posts p ON p.id = v.post_id
          WHERE p.category_id = ${categoryId}`,
    );
  }
  const deliveredCount = async (categoryId: number) =>
    (await variantsOf(categoryId)).filter((variant) => variant.delivered).length;

  /** Makes every fixed task due now; answers when. */
  async function everyTaskDue() {
    const now = new Date();
    await database.db
      .insert(scheduledTasks)
      .values(FIXED_TASKS.map((task) => ({ command: task.command, nextRun: now })))
      .onConflictDoUpdate({ target: scheduledTasks.command, set: { nextRun: now } });
    return now.getTime();
  }

  it('shares sessions, delivers every post through kills and restarts, and runs each task once per period', async () => {
    const began = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${Date.now() - began}`);
    const [url1, url2] = await Promise.all([startServer(), startServer()]);
    phase('servers');

    // A session made on server 1 is the same session on server 2, for reads and writes.
    const admin = new ApiClient(url1!);
    await admin.login(ADMIN.email, ADMIN.password);
    const throughServer2 = new ApiClient(url2!);
    expect((await throughServer2.get('/api/profile')).status).toBe(401);
    throughServer2.cookie = admin.cookie;
    const profile = await throughServer2.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(ADMIN.email);
    // The website's rate limit (60 a minute) would spread 1,000 posts over 17 minutes.
    await setSetting(throughServer2, DELIVERY_SETTINGS.maxPerMinute.key, '0');

    const tasksDueAt = await everyTaskDue();
    let workers = await Promise.all([startWorker(), startWorker()]);
    phase('workers');

    const checker = await secondAdmin(admin);
    const site = await createWebsite(admin, { status: 1 });
    const settings = await admin.patch(`/api/websites/${site.id}/update-settings`, {
      post_webhook_url: `${website.url}/hooks/posts`,
    });
    expect(settings.status).toBe(200);
    const category = await createCategory(admin, { websites: [site.id] });
    // The posts come in one CSV import through server 1, which a worker process writes.
    const csv = ['title,description,category_id'];
    for (let line = 1; line <= POSTS; line += 1) {
      csv.push(`Fleet post ${line},Body of fleet post ${line},${category.id}`);
    }
    const form = new FormData();
    form.append('file', new Blob([csv.join('\r\n')], { type: 'text/csv' }), 'posts.csv');
    const upload = await fetch(`${url1}/api/posts/import`, {
      method: 'POST',
      body: form,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin.cookie! },
    });
    expect(upload.status).toBe(202);
    const { import_id: importId } = (await upload.json()) as { import_id: number };
    const imported = await waitFor(
      async () => {
        const state = await throughServer2.get(`/api/imports/${importId}`);
        return ['done', 'failed'].includes(state.body.status) && state.body;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: 'the import of the posts' },
    );
    expect(imported).toMatchObject({ status: 'done', created: POSTS, failed: 0 });
    phase('imported');

    failOneInFive();
    const published = Date.now();
    const action = await checker.post('/api/posts/action', {
      filter: { category_id: category.id },
      action: 'publish_web',
    });
    expect(action.status, JSON.stringify(action.body)).toBe(200);
    expect(action.body).toMatchObject({ queued: POSTS });
    phase('published');

    // Mid-run: one worker stopped (it finishes its jobs), then the other killed (its jobs
    // expire and are taken up again), each started again at once.
    for (const [after, stop, exitCode] of [
      [POSTS * 0.15, (worker: RunningProcess) => worker.stop(), 0],
      [POSTS * 0.4, (worker: RunningProcess) => worker.killHard(), null],
    ] as const) {
      await waitFor(async () => (await deliveredCount(category.id)) >= after, {
        timeoutMs: 120_000,
        intervalMs: 200,
        what: `${after} deliveries`,
      });
      const [leaving, staying] = workers as [RunningProcess, RunningProcess];
      await stop(leaving);
      // SIGTERM: it finished its running jobs and exited cleanly; SIGKILL: it just died.
      expect(await leaving.exited).toBe(exitCode);
      const before = await deliveredCount(category.id);
      expect(before, 'stopped before every post was delivered').toBeLessThan(POSTS);
      phase(`stopped at ${before}`);
      workers = [staying, await startWorker()];
      phase(`restarted at ${await deliveredCount(category.id)}`);
    }

    await waitFor(async () => (await deliveredCount(category.id)) === POSTS, {
      timeoutMs: 300_000,
      intervalMs: 250,
      what: `${POSTS} deliveries`,
    });
    const deliveredMs = Date.now() - published;
    phase('delivered');

    // Every variant's original key was delivered, and every request came under one of them.
    const variants = await variantsOf(category.id);
    expect(variants).toHaveLength(POSTS);
    const originalKeys = variants.map((variant) => `post-${variant.id}-v${variant.version}`);
    expect([...delivered.keys()].sort()).toEqual([...originalKeys].sort());
    const keysSent = new Set(website.requests.map((request) => request.headers['idempotency-key']));
    expect([...keysSent].sort()).toEqual([...originalKeys].sort());
    const duplicates = [...delivered.values()].reduce((sum, count) => sum + count - 1, 0);
    const failures = [...failedPerKey.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `fleet: ${POSTS} posts delivered in ${deliveredMs} ms over ${website.requests.length} requests: ` +
        `${failures} answered 500, ${duplicates} duplicate deliveries, each under its original key`,
    );

    // Each fixed task ran at least once (all were due when the workers started, each ticking
    // every second), and at most as often as its schedule allows since: once when due, then at
    // each next time its schedule gives (a period after the last run, or the clock's next mark,
    // which may come seconds after the first run), were each run to start the moment it was due.
    const rows = await database.db.select().from(scheduledTasks);
    const finishedAt = Date.now();
    const elapsed = finishedAt - tasksDueAt;
    const runsOf = new Map(rows.map((row) => [row.command, row.runs]));
    console.log(
      `fleet: ${FIXED_TASKS.length} scheduled tasks over ${elapsed} ms, runs: ` +
        FIXED_TASKS.map((task) => `${task.command} ${runsOf.get(task.command)}`).join(', '),
    );
    console.log(`fleet: ms since the start: ${phases.join(', ')}`);
    const outsidePeriods = FIXED_TASKS.flatMap((task) => {
      const runs = runsOf.get(task.command) ?? 0;
      let most = 1;
      for (let at = task.nextRun(new Date(tasksDueAt)); at.getTime() <= finishedAt; ) {
        most += 1;
        at = task.nextRun(at);
      }
      return runs >= 1 && runs <= most ? [] : [`${task.command}: ${runs} runs, 1 to ${most}`];
    });
    expect(outsidePeriods).toEqual([]);
  }, 480_000);
});
