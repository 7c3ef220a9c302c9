import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, holdDeliveries, startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, secondAdmin } from './fixtures.ts';
import { ADMIN, ApiClient, TEST_DB, waitFor } from './harness.ts';
import { processDataDir, type RunningProcess, startProcess } from './processes.ts';

const POSTS = 20;

/**
 * On the embedded database the workers run inside the one server process: killing it mid-delivery
 * and starting it again must still deliver every post. Delivery is at least once: a post the
 * website may see twice comes again under its original idempotency key, never under a new one.
 */
describe.runIf(TEST_DB === 'pglite')('server killed mid-delivery (embedded database)', () => {
  let dataDir: string;
  let website: FakeHttpServer;
  let server: RunningProcess | undefined;

  const startServer = async () => {
    server = startProcess('main', {
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      WEB_DIST_DIR: '/nonexistent',
      QUEUE_POLL_SECONDS: '0.5',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_EXPIRE_SECONDS: '3',
      QUEUE_MAINTENANCE_SECONDS: '1',
      DELIVERY_TIMEOUT_MS: '60000',
    });
    const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
    const admin = new ApiClient(url!);
    await admin.login(ADMIN.email, ADMIN.password);
    return admin;
  };

  beforeAll(async () => {
    dataDir = processDataDir('restart');
    website = await startFakeHttp();
  });
  afterAll(async () => {
    await server?.stop();
    await website.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every queued post after a kill -9 and a restart, a repeat only under its original key', async () => {
    const pushes = holdDeliveries(website);

    let admin = await startServer();
    const checker = await secondAdmin(admin);
    const site = await createWebsite(admin, {
      name: 'Restart Site',
      url: 'https://restart.example.com',
      status: 1,
      hosting: 'Test',
      cost: 1,
      duration: 1,
    });
    await admin.patch(`/api/websites/${site.id}/update-settings`, {
      post_webhook_url: `${website.url}/hooks/posts`,
    });
    const category = await createCategory(admin, {
      name: 'Restart news',
      slug: 'restart-news',
      description: 'News',
      keywords: 'news',
      websites: [site.id],
    });
    const ids: number[] = [];
    for (let index = 1; index <= POSTS; index += 1) {
      const post = await createPost(admin, {
        title: `Restart post ${index}`,
        description: 'Body',
        category_id: category.id,
      });
      ids.push(post.id);
    }
    const action = await checker.post('/api/posts/action', {
      ids: ids.join(','),
      action: 'publish_web',
    });
    expect(action.body).toMatchObject({ queued: POSTS });

    await waitFor(async () => website.requests.length >= 4, { what: 'deliveries in flight' });
    await server!.killHard();
    pushes.release();

    admin = await startServer();
    await waitFor(async () => pushes.succeeded.size === POSTS, {
      timeoutMs: 60_000,
      what: `${POSTS} successful deliveries`,
    });
    const originalKeys: string[] = [];
    for (const id of ids) {
      const rows = (await admin.get(`/api/posts/details/${id}`)).body.data;
      expect(rows).toEqual([
        expect.objectContaining({ is_posted_to_website: 1, delivery_status: 'delivered' }),
      ]);
      originalKeys.push(`post-${rows[0].pivot_id}-v${rows[0].version}`);
    }
    // Every post's key was delivered, and no delivery came under any other key.
    expect([...pushes.succeeded.keys()].sort()).toEqual(originalKeys.sort());
    console.log(`server restart: ${pushes.repeats()} repeated deliveries of ${POSTS} keys`);
  }, 240_000);
});
