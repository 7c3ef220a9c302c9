import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createAppContext } from '../src/context.ts';
import { queryRows } from '../src/db/client.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { JOB_HANDLERS } from '../src/pipeline/handlers.ts';
import { startFakeHttp } from './fake-http.ts';
import { contentFixture, secondAdmin } from './fixtures.ts';
import { FAST_QUEUE_ENV, startTestServer, waitFor } from './harness.ts';

/**
 * A job taken up again while its first run still goes on (it expired, or its process handed it
 * back on stopping): when the later run delivers and the first then fails, the failure comes too
 * late to change anything, and the variant stays delivered.
 */

const website = await startFakeHttp();
const server = await startTestServer(
  { ...FAST_QUEUE_ENV, DELIVERY_TIMEOUT_MS: '60000' },
  { workers: true },
);
afterAll(async () => {
  await server.close();
  await website.close();
});

it('keeps a variant delivered when an earlier run of its job fails after a later run delivered it', async () => {
  // The first try hangs; any later one is taken.
  website.answer((_request, index) => (index === 0 ? 'hang' : { status: 200, json: {} }));
  const admin = await server.admin();
  const checker = await secondAdmin(admin);
  const { post } = await contentFixture(admin, { postWebhookUrl: `${website.url}/hooks/posts` });
  await checker.post('/api/posts/action', { ids: String(post.id), action: 'publish_web' });
  await waitFor(async () => website.requests.length === 1, { what: 'the first run in flight' });

  // Another process takes the job up again while the first run still waits for the website.
  const other = await createAppContext(server.context.config, server.database, { error: () => {} });
  await server.context.queue.stop(1000);
  const stopOther = await startWorkers({ ...other, log: server.app.log }, JOB_HANDLERS);
  const variant = async () =>
    (
      await queryRows<{ delivery_status: string; failed: number; delivered: number }>(
        server.database.db,
        sql`SELECT v.delivery_status,
                   (SELECT count(*)::int FROM delivery_attempts a
                    WHERE a.variant_id = v.id AND a.outcome = 'failed') AS failed,
                   (SELECT count(*)::int FROM delivery_attempts a
                    WHERE a.variant_id = v.id AND a.outcome = 'delivered') AS delivered
            FROM post_variants v WHERE v.post_id = ${post.id}`,
      )
    )[0]!;
  try {
    await waitFor(async () => (await variant()).delivery_status === 'delivered', {
      what: 'the later run delivered',
    });
    // The website fails the first run at last.
    expect(website.answerHanging(() => ({ status: 500, json: {} }))).toBe(1);
    await waitFor(async () => (await variant()).failed === 1, { what: 'the late failure kept' });
    expect(await variant()).toEqual({ delivery_status: 'delivered', failed: 1, delivered: 1 });
    expect(await other.queue.countJobs()).toEqual([
      { queue: 'website-push', state: 'completed', count: 1 },
    ]);
    // Both tries went under the one key.
    expect(
      new Set(website.requests.map((request) => request.headers['idempotency-key'])).size,
    ).toBe(1);
  } finally {
    await stopOther();
    await other.queue.stop();
  }
});
