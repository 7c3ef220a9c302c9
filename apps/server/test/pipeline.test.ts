import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo.ts';
import { scheduledTasks } from '../src/db/schema.ts';
import { schedulerTick, type TaskContext } from '../src/jobs/scheduler.ts';
import { FIXED_TASKS, TASK_SOURCES } from '../src/tasks.ts';
import { chatCompletion, type FakeHttpServer, startFakeHttp } from './fake-http.ts';
import { quietTaskContext } from './fixtures.ts';
import {
  type ApiClient,
  FAST_QUEUE_ENV,
  setSetting,
  startTestServer,
  type TestServer,
  waitFor,
} from './harness.ts';

/**
 * The whole pipeline on the demo data, every outside system a local fake: what an operator
 * approves and publishes reaches the websites and a network, and scheduled generation fills the
 * review queue with unapproved records.
 */
describe('the pipeline on the demo data', () => {
  let server: TestServer;
  let admin: ApiClient;
  let websites: FakeHttpServer;
  let network: FakeHttpServer;
  let provider: FakeHttpServer;
  let context: TaskContext;

  beforeAll(async () => {
    [websites, network, provider] = await Promise.all([
      startFakeHttp(),
      startFakeHttp(),
      startFakeHttp(),
    ]);
    server = await startTestServer(FAST_QUEUE_ENV, { workers: true });
    await seedDemo(server.database.db);
    admin = await server.admin();
    context = quietTaskContext(server);
    const all = (await admin.get('/api/getAllWebsites')).body as { id: number }[];
    for (const site of all) {
      const saved = await admin.patch(`/api/websites/${site.id}/update-settings`, {
        post_webhook_url: `${websites.url}/sites/${site.id}/posts`,
        category_webhook_url: `${websites.url}/sites/${site.id}/categories`,
      });
      expect(saved.status).toBe(200);
    }
    await setSetting(admin, 'social.facebook.webhook_url', `${network.url}/facebook`);
    await setSetting(admin, 'ai.base_url', `${provider.url}/v1`);
    await setSetting(admin, 'ai.model', 'sitefleet-writer');
    await setSetting(admin, 'ai.api_key', 'sk-demo');
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([websites?.close(), network?.close(), provider?.close()]);
  });

  it("an operator's approve and publish reaches the websites and Facebook", async () => {
    const page = (await admin.get('/api/posts?query=')).body.data as { id: number }[];
    const postId = page[0]!.id;
    const publish = await admin.post('/api/posts/action', {
      ids: String(postId),
      action: 'publish_web',
    });
    expect(publish.status).toBe(200);
    const facebook = await admin.post('/api/posts/action', {
      ids: String(postId),
      action: 'publish_facebook',
    });
    expect(facebook.status).toBe(200);

    // The demo has one inactive website: its variant is skipped, every other one is delivered
    // to its website and to Facebook.
    const delivered = await waitFor(
      async () => {
        const details = (await admin.get(`/api/posts/details/${postId}`)).body.data as {
          is_posted_to_website: number;
          is_posted_to_facebook: number;
        }[];
        const posted = details.filter(
          (row) => row.is_posted_to_website === 1 && row.is_posted_to_facebook === 1,
        );
        return posted.length === publish.body.queued && posted;
      },
      { what: 'the deliveries of the published post' },
    );
    expect(delivered.length).toBeGreaterThan(0);
    expect(websites.requests.filter((request) => request.url.endsWith('/posts'))).toHaveLength(
      publish.body.queued,
    );
    expect(network.requests).toHaveLength(facebook.body.queued);
  });

  it('scheduled generation fills the review queue with unapproved posts', async () => {
    provider.answer(() =>
      chatCompletion(
        JSON.stringify({
          posts: [
            { title: 'Ten breads to bake this winter', description: 'A generated post.' },
            { title: 'Sourdough starters compared', description: 'Another generated post.' },
          ],
        }),
      ),
    );
    const before = await queryRows<{ count: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS count FROM posts`,
    );
    // Make every post refresh due now, then run one scheduler tick as a worker would.
    await schedulerTick(context, FIXED_TASKS, TASK_SOURCES);
    await server.database.db
      .update(scheduledTasks)
      .set({ nextRun: new Date(Date.now() - 1000) })
      .where(sql`${scheduledTasks.command} LIKE 'website:%:post-refresh'`);
    await schedulerTick(context, FIXED_TASKS, TASK_SOURCES);

    const generated = await queryRows<{ title: string; approved: boolean }>(
      server.database.db,
      sql`SELECT p.title, bool_or(v.is_approved) AS approved
          FROM posts p JOIN post_variants v ON v.post_id = p.id
          WHERE p.title IN ('Ten breads to bake this winter', 'Sourdough starters compared')
          GROUP BY p.id, p.title`,
    );
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.every((post) => !post.approved)).toBe(true);
    const after = await queryRows<{ count: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS count FROM posts`,
    );
    expect(after[0]!.count).toBeGreaterThan(before[0]!.count);
    const tasks = (await admin.get('/api/stats/scheduled-tasks')).body as {
      command: string;
      status: string;
    }[];
    expect(tasks.map((task) => task.command)).toEqual(
      expect.arrayContaining(['sessions:prune', 'deliveries:retry-failed']),
    );
    expect(
      tasks.filter((task) => /^website:\d+:post-refresh$/.test(task.command)).length,
    ).toBeGreaterThan(0);
    expect(tasks.filter((task) => /^instance:\d+:dispatch$/.test(task.command)).length).toBe(6);
  });
});
