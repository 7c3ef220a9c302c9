import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite } from './fixtures.ts';
import { ADMIN, ApiClient, createTestDatabase, TEST_DB, waitFor } from './harness.ts';
import { processDataDir, startProcess } from './processes.ts';

/**
 * Anyone who controls one website of the fleet controls what its webhook answers. An answer with
 * a raw NUL byte (which PostgreSQL text and jsonb refuse) is kept without it, as the attempt's
 * error; the server process goes on.
 */
const dataDir = processDataDir('nul');
const postgres = TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
const receiver = await startFakeHttp();
receiver.answer(() => ({ status: 500, text: 'bad\0raw' }));
const server = startProcess('main', {
  PORT: '0',
  NODE_ENV: 'test',
  WEB_DIST_DIR: '/nonexistent',
  QUEUE_POLL_SECONDS: '0.5',
  JOB_RETRY_LIMIT: '1',
  JOB_RETRY_DELAY_SECONDS: '1',
  ...(postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a website whose webhook answers a NUL byte', () => {
  it('gets its attempts recorded without the byte, and the server keeps running', async () => {
    const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
    const admin = new ApiClient(url!);
    await admin.login(ADMIN.email, ADMIN.password);
    const website = await createWebsite(admin);
    await admin.patch(`/api/websites/${website.id}/update-settings`, {
      post_webhook_url: `${receiver.url}/posts`,
    });
    const category = await createCategory(admin, { websites: [website.id] });
    const post = await createPost(admin, { category_id: category.id });
    const publish = await admin.post('/api/posts/action', {
      ids: `${post.id}`,
      action: 'publish_web',
    });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    const attempts = await waitFor(
      async () => {
        const answer = await admin.get(`/api/deliveries?website_id=${website.id}&per_page=50`);
        return answer.status === 200 && answer.body.data.length >= 2 && answer.body.data;
      },
      { timeoutMs: 60_000, what: 'both attempts recorded' },
    );
    expect(attempts.map((attempt: { error: string }) => attempt.error)).toEqual([
      'HTTP 500: badraw',
      'HTTP 500: badraw',
    ]);
    expect(server.child.exitCode).toBeNull();
    expect((await admin.get('/api/profile')).status).toBe(200);
  }, 180_000);
});
