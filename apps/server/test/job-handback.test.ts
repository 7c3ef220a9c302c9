import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createAppContext } from '../src/context.ts';
import { queryRows } from '../src/db/client.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { JOB_HANDLERS } from '../src/pipeline/handlers.ts';
import { holdDeliveries, startFakeHttp } from './fake-http.ts';
import { contentFixture, secondAdmin } from './fixtures.ts';
import { FAST_QUEUE_ENV, startTestServer, waitFor } from './harness.ts';

const website = await startFakeHttp();
const server = await startTestServer(
  { ...FAST_QUEUE_ENV, DELIVERY_TIMEOUT_MS: '60000' },
  { workers: true },
);
afterAll(async () => {
  await server.close();
  await website.close();
});

it('hands a delivery still running when the stop times out back to the queue, which delivers it again under its key', async () => {
  const pushes = holdDeliveries(website);
  const admin = await server.admin();
  const checker = await secondAdmin(admin);
  const { post } = await contentFixture(admin, { postWebhookUrl: `${website.url}/hooks/posts` });
  await checker.post('/api/posts/action', { ids: String(post.id), action: 'publish_web' });
  await waitFor(async () => website.requests.length === 1, { what: 'the delivery in flight' });
  const key = String(website.requests[0]!.headers['idempotency-key']);

  // Another process on the same database, its workers not started yet.
  const other = await createAppContext(server.context.config, server.database, { error: () => {} });
  // The stop's time-out passes while the website still holds the delivery.
  await server.context.queue.stop(1000);
  expect(await other.queue.countJobs()).toEqual([
    { queue: 'website-push', state: 'retry', count: 1 },
  ]);

  pushes.release();
  const stopOther = await startWorkers({ ...other, log: server.app.log }, JOB_HANDLERS);
  try {
    await waitFor(async () => pushes.succeeded.size > 0, { what: 'the delivery taken up again' });
    expect([...pushes.succeeded.entries()]).toEqual([[key, 1]]);
    // The website answers the first try at last: it has seen the one key twice, nothing else.
    expect(pushes.answerHeld()).toBe(1);
    await waitFor(
      async () => {
        const rows = await queryRows<{ delivered: number }>(
          server.database.db,
          sql`SELECT count(*)::int AS delivered FROM delivery_attempts WHERE outcome = 'delivered'`,
        );
        return rows[0]!.delivered === 2;
      },
      { what: 'both tries recorded' },
    );
    expect([...pushes.succeeded.entries()]).toEqual([[key, 2]]);
  } finally {
    await stopOther();
    await other.queue.stop();
  }
});
