import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { POST_KIND } from '../src/content/kinds.ts';
import { resumeWebsiteDeliveries } from '../src/content/publish/delivery-pause.ts';
import { storedVariants } from '../src/content/test-fixtures.ts';
import { type Db, queryRows } from '../src/db/client.ts';
import { QUEUES, type RunningJob } from '../src/jobs/queue.ts';
import type { DeliveryPolicy } from '../src/pipeline/delivery-health.ts';
import { waitsForWebsite } from '../src/pipeline/delivery-policy.ts';
import { contentFixture } from './fixtures.ts';
import { startTestServer, TEST_DB, waitFor } from './harness.ts';

/**
 * A delivery that finds its website paused holds its variant, and a resume queues every held
 * variant. The two run in separate transactions on separate connections, so only PostgreSQL can
 * interleave them (PGlite has one connection).
 */

/** Without a rate limit the website is only read before the hold: the window a resume hit. */
const NO_RATE_LIMIT: DeliveryPolicy = {
  pauseAfterFailures: 10,
  probeMinutes: 5,
  maxPerMinute: 0,
  retentionDays: 30,
};

/** Whether a backend of this database is waiting for a lock another one holds. */
async function someoneWaitsForALock(db: Db) {
  const [row] = await queryRows<{ waiting: number }>(
    db,
    sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return (row?.waiting ?? 0) > 0;
}

describe.runIf(TEST_DB === 'postgres')('a delivery held while its website resumes', () => {
  it('is queued again, not left held, when the resume commits between the paused read and the hold', async () => {
    const server = await startTestServer();
    onTestFinished(() => server.close());
    const { db } = server.database;
    const admin = await server.admin();
    const { website, post } = await contentFixture(admin, {
      postWebhookUrl: 'https://hooks.example.com/posts',
    });
    const paused = await admin.post(`/api/websites/${website.id}/deliveries/pause`, {});
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const [variant] = await storedVariants(db, POST_KIND, post.id);
    const job = {
      id: randomUUID(),
      data: { kind: 'post', variantId: variant!.id, version: 1, target: 'website' },
      retryCount: 0,
    } as RunningJob;

    // A resume under way: the website row updated and the held variants (none yet) queued, not
    // committed, so a reader still sees the website paused.
    let commitResume!: () => void;
    const resumeMayCommit = new Promise<void>((resolve) => {
      commitResume = resolve;
    });
    let resumeUnderWay!: () => void;
    const underWay = new Promise<void>((resolve) => {
      resumeUnderWay = resolve;
    });
    const resume = db.transaction(async (tx) => {
      const queued = await resumeWebsiteDeliveries(tx, server.context.queue, website.id, 'hand');
      resumeUnderWay();
      await resumeMayCommit;
      return queued;
    });
    await underWay;

    let settled = false;
    const delivery = waitsForWebsite(server.context, job, website.id, NO_RATE_LIMIT).finally(() => {
      settled = true;
    });
    // The delivery either ends at once (it held the variant) or waits for the resume's lock.
    await waitFor(async () => settled || (await someoneWaitsForALock(db)), {
      what: 'the delivery to end or to wait for the resume',
    });
    commitResume();
    expect(await resume).toBe(0);
    expect(await delivery).toBe(true);

    const [state] = await queryRows<{ status: string | null; jobs: number }>(
      db,
      sql`SELECT v.deliveries->'website'->>'status' AS status,
                 (SELECT count(*)::int FROM pgboss.job j
                  WHERE j.name = ${QUEUES.websitePush} AND j.state = 'created'
                    AND (j.data->>'variantId')::int = v.id) AS jobs
          FROM post_variants v WHERE v.id = ${variant!.id}`,
    );
    expect(state?.status).not.toBe('paused');
    expect(state?.jobs).toBe(1);
  });
});
