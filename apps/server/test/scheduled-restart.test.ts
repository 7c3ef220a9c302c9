import { rmSync } from 'node:fs';
import type { PostDetailRow } from '@sitefleet/contract';
import { afterAll, expect, it } from 'vitest';
import { startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, secondAdmin } from './fixtures.ts';
import { ADMIN, ApiClient, createTestDatabase, TEST_DB, waitFor } from './harness.ts';
import { processDataDir, type RunningProcess, startProcess } from './processes.ts';

/**
 * A schedule is durable: the server is stopped before a variant's publish time and started again
 * after it, and the variant is published then, once.
 */
const dataDir = processDataDir('schedule-restart');
const database = TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
const receiver = await startFakeHttp();
let server: RunningProcess | undefined;
afterAll(async () => {
  await server?.stop();
  await receiver.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const arrivals: { key: string; at: number }[] = [];
receiver.answer((request) => {
  arrivals.push({ key: String(request.headers['idempotency-key']), at: Date.now() });
  return { status: 200, json: { ok: true } };
});

async function startServer() {
  server = startProcess('main', {
    ...(database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    PORT: '0',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    QUEUE_POLL_SECONDS: '0.5',
  });
  const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
  const admin = new ApiClient(url!);
  await admin.login(ADMIN.email, ADMIN.password);
  return admin;
}

it(`publishes a variant whose time passed while the server was stopped after its restart, once (${TEST_DB})`, async () => {
  let admin = await startServer();
  const website = await createWebsite(admin);
  await admin.patch(`/api/websites/${website.id}/update-settings`, {
    post_webhook_url: `${receiver.url}/hooks/posts`,
  });
  const category = await createCategory(admin, { websites: [website.id] });
  const post = await createPost(admin, { category_id: category.id });
  const checker = await secondAdmin(admin);
  const approved = await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' });
  expect(approved.body).toMatchObject({ changed: 1 });
  const [variant] = (await admin.get<{ data: PostDetailRow[] }>(`/api/posts/details/${post.id}`))
    .body.data;
  const publishAt = Date.now() + 5000;
  const scheduled = await admin.post('/api/posts/details/action', {
    ids: [variant!.pivot_id],
    action: 'schedule_publish',
    publish_at: new Date(publishAt).toISOString(),
  });
  expect(scheduled.body).toMatchObject({ changed: 1 });

  await server!.stop();
  // The stopped server's publish time goes by.
  await waitFor(async () => Date.now() > publishAt + 1000, { what: 'the publish time to pass' });
  expect(arrivals).toEqual([]);

  admin = await startServer();
  await waitFor(async () => arrivals.length > 0, { timeoutMs: 60_000, what: 'the publish' });
  const key = `post-${variant!.pivot_id}-v${variant!.version}`;
  await waitFor(
    async () => {
      const [row] = (await admin.get<{ data: PostDetailRow[] }>(`/api/posts/details/${post.id}`))
        .body.data;
      return row?.delivery_status === 'delivered' && row.publish_at === null;
    },
    { what: 'the variant delivered' },
  );
  expect(arrivals.map((arrival) => arrival.key)).toEqual([key]);
  expect(arrivals[0]!.at).toBeGreaterThan(publishAt);
}, 240_000);
