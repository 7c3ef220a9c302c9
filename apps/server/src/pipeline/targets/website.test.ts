import { createHmac, timingSafeEqual } from 'node:crypto';
import { DELIVERY_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttp } from '../../../test/fake-http.ts';
import {
  createPost,
  insertDefaultChannels,
  insertTestCategory,
  insertTestWebsites,
  secondAdmin,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from '../../../test/harness.ts';
import { POST_KIND } from '../../content/kinds.ts';
import { settingTargets } from '../../content/publish/delivery-state.ts';
import { retryFailedDeliveries } from '../../content/publish/retry.ts';
import { storedVariants } from '../../content/test-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { queueFor } from '../../jobs/queue.ts';

/** What docs/pipeline.md tells a website to do with a push: check the signature of the raw body. */
function signatureIsValid(body: string, header: string | undefined, key: string) {
  const expected = `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
  return (
    header !== undefined &&
    header.length === expected.length &&
    timingSafeEqual(Buffer.from(header), Buffer.from(expected))
  );
}

const website = await startFakeHttp();
afterAll(() => website.close());
const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const checker = await secondAdmin(admin);
const [siteA, siteB] = await insertTestWebsites(server.database.db);
await insertDefaultChannels(server.database.db);
const settings = await admin.patch(`/api/websites/${siteA}/update-settings`, {
  post_webhook_url: `${website.url}/hooks/posts`,
  category_webhook_url: `${website.url}/hooks/categories`,
});
expect(settings.status, JSON.stringify(settings.body)).toBe(200);
const secret: string = (await admin.post(`/api/websites/${siteA}/rotate-secret`)).body
  .webhook_secret;
const category = await insertTestCategory(server.database.db, 'News', [siteA]);

beforeEach(() => {
  website.requests.length = 0;
  website.answer(() => ({ status: 200, json: { id: 'site-post-1' } }));
});

let counter = 0;
/** A new post on website A, approved and published (approve + website push in one action). */
async function publishNewPost() {
  counter += 1;
  const post = await createPost(admin, {
    title: `Launch day ${counter}`,
    description: `What happened on launch day ${counter}`,
    category_id: category,
    content_reference: 'https://source.example.com/launch',
  });
  const action = await checker.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(action.body).toMatchObject({ queued: 1 });
  const [variant] = await storedVariants(server.database.db, POST_KIND, post.id);
  return { post, variantId: variant!.id };
}

/**
 * A post on website B, which has no webhook URL, whose website push is in the queue all the same
 * (as one queued before its webhook was cleared would be): publishing refuses such a push up
 * front, so the job is queued here directly. The push fails for good.
 */
async function queuedWithoutWebhook() {
  counter += 1;
  const { db } = server.database;
  const other = await insertTestCategory(db, `Sport ${counter}`, [siteB]);
  const post = await createPost(admin, {
    title: `Match report ${counter}`,
    description: 'The match',
    category_id: other,
  });
  const [variant] = await storedVariants(db, POST_KIND, post.id);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE post_variants
          SET is_approved = true, ${settingTargets({ website: { status: 'queued', error: null } })}
          WHERE id = ${variant!.id}`,
    );
    const data = { kind: 'post', variantId: variant!.id, version: variant!.version } as const;
    await server.context.queue.enqueue(tx, [
      { queue: queueFor('website'), data: { ...data, target: 'website' } },
    ]);
  });
  return variant!.id;
}

const variantState = async (variantId: number) =>
  (
    await queryRows<{
      is_posted_to_website: boolean;
      is_updated_after_posted: boolean;
      delivery_status: string | null;
      delivery_error: string | null;
      version: number;
    }>(
      server.database.db,
      sql`SELECT is_posted_to_website, is_updated_after_posted, delivery_status, delivery_error,
                 version
          FROM post_variants WHERE id = ${variantId}`,
    )
  )[0]!;

const settled = (variantId: number, status: 'delivered' | 'failed', timeoutMs = 20_000) =>
  waitFor(
    async () => {
      const state = await variantState(variantId);
      return state.delivery_status === status && state;
    },
    { what: `variant ${variantId} to be ${status}`, timeoutMs },
  );

/**
 * Two retries' delays (1 s, then 2 s, each with up to as much again of jitter), a time-out of
 * DELIVERY_TIMEOUT_MS between them and the workers' polling: some 10 s on a quiet machine, twice
 * that on a busy one.
 */
const TWO_RETRIES_MS = 60_000;

describe('website push', () => {
  it('POSTs the signed post to the website and marks the variant posted', async () => {
    const { post, variantId } = await publishNewPost();
    const state = await settled(variantId, 'delivered');
    expect(state).toMatchObject({ is_posted_to_website: true, is_updated_after_posted: false });

    expect(website.requests).toHaveLength(1);
    const [request] = website.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/hooks/posts');
    expect(
      signatureIsValid(request!.body, request!.headers['x-sitefleet-signature'] as string, secret),
    ).toBe(true);
    expect(
      signatureIsValid(
        request!.body,
        request!.headers['x-sitefleet-signature'] as string,
        'another secret',
      ),
    ).toBe(false);
    expect(request!.headers['idempotency-key']).toBe(`post-${variantId}-v${state.version}`);
    expect(request!.headers['x-sitefleet-event']).toBe('post.published');
    const payload = JSON.parse(request!.body);
    expect(payload).toMatchObject({
      event: 'post.published',
      idempotency_key: `post-${variantId}-v${state.version}`,
      website: { id: siteA },
      variant: { id: variantId, version: state.version },
      post: {
        id: post.id,
        title: post.title,
        description: post.description,
        content_reference: 'https://source.example.com/launch',
        category: { id: category, name: 'News', slug: 'news' },
      },
    });
    expect(Number(request!.headers['x-sitefleet-timestamp'])).toBe(
      Math.floor(Date.parse(payload.sent_at) / 1000),
    );

    const attempts = await admin.get(`/api/posts/details/${variantId}/deliveries`);
    expect(attempts.status).toBe(200);
    expect(attempts.body.data).toEqual([
      expect.objectContaining({
        target: 'website',
        attempt: 1,
        outcome: 'delivered',
        status_code: 200,
        external_id: 'site-post-1',
        error: null,
      }),
    ]);
  });

  it(
    'retries after a 500 and a time-out with the same idempotency key, then succeeds',
    async () => {
      website.answer((_request, index) =>
        index === 0
          ? { status: 500, text: 'database is down' }
          : index === 1
            ? 'hang'
            : { status: 201, json: { id: 77 } },
      );
      const { variantId } = await publishNewPost();
      await settled(variantId, 'delivered', TWO_RETRIES_MS);
      expect(website.requests).toHaveLength(3);
      const keys = new Set(website.requests.map((request) => request.headers['idempotency-key']));
      expect(keys.size).toBe(1);

      const attempts = (await admin.get(`/api/posts/details/${variantId}/deliveries`)).body.data;
      expect(
        attempts.map((a: { attempt: number; outcome: string; status_code: number | null }) => [
          a.attempt,
          a.outcome,
          a.status_code,
        ]),
      ).toEqual([
        [3, 'delivered', 201],
        [2, 'failed', null],
        [1, 'failed', 500],
      ]);
      expect(attempts[1].error).toBe(`No answer within ${FAST_QUEUE_ENV.DELIVERY_TIMEOUT_MS} ms`);
      expect(attempts[2].error).toBe('HTTP 500: database is down');
    },
    TWO_RETRIES_MS + 30_000,
  );

  it('shows failed with the status and the start of the answer after the last try', async () => {
    website.answer(() => ({ status: 503, text: `maintenance ${'x'.repeat(500)}` }));
    const { variantId } = await publishNewPost();
    const state = await settled(variantId, 'failed');
    // The first try and JOB_RETRY_LIMIT (2) retries.
    expect(website.requests).toHaveLength(3);
    expect(state.is_posted_to_website).toBe(false);
    expect(state.delivery_error).toBe(
      `HTTP 503: maintenance ${'x'.repeat(200 - 'maintenance '.length)}`,
    );
  });

  it('keeps the URL a website answers it published the post at, and its path, and nothing that is not an http(s) URL', async () => {
    const publishedAt = async (url: unknown) => {
      website.answer(() => ({ status: 201, json: { id: 'p-1', url } }));
      const { variantId } = await publishNewPost();
      await settled(variantId, 'delivered');
      const [row] = await queryRows<{
        published_url: string | null;
        published_path: string | null;
      }>(
        server.database.db,
        sql`SELECT published_url, published_path FROM post_variants WHERE id = ${variantId}`,
      );
      return row;
    };
    expect(await publishedAt('https://site0.example.com/launch/day-one/?ref=feed')).toEqual({
      published_url: 'https://site0.example.com/launch/day-one/?ref=feed',
      published_path: '/launch/day-one',
    });
    const none = { published_url: null, published_path: null };
    expect(await publishedAt('javascript:alert(1)')).toEqual(none);
    expect(await publishedAt(42)).toEqual(none);
    expect(await publishedAt(`https://site0.example.com/${'a'.repeat(3000)}`)).toEqual(none);
  });

  it("'retry now' queues a failed delivery again, and refuses a variant with nothing failed", async () => {
    website.answer(() => ({ status: 500, text: 'down' }));
    const { variantId } = await publishNewPost();
    await settled(variantId, 'failed');

    website.answer(() => ({ status: 200, json: {} }));
    const retried = await admin.post(`/api/posts/details/${variantId}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ message: DELIVERY_MESSAGES.retried(1), queued: 1 });
    const state = await settled(variantId, 'delivered');
    expect(state.is_posted_to_website).toBe(true);

    const again = await admin.post(`/api/posts/details/${variantId}/retry`);
    expect(again.status).toBe(422);
    expect(again.body.errors.variantId).toEqual([DELIVERY_MESSAGES.nothingToRetry]);
    expect((await admin.post('/api/posts/details/999999/retry')).status).toBe(404);
    expect((await admin.post('/api/posts/details/abc/retry')).status).toBe(422);
    expect((await admin.get('/api/categories/details/0/deliveries')).status).toBe(422);
  });

  it('fails at once, without retrying, when the website has no webhook URL', async () => {
    const variantId = await queuedWithoutWebhook();
    const state = await settled(variantId, 'failed');
    expect(state.delivery_error).toBe('The website has no post webhook URL (Advance Settings)');
    const attempts = (await admin.get(`/api/posts/details/${variantId}/deliveries`)).body;
    expect(attempts.total).toBe(1);
  });

  it('queues rested failures again on schedule, leaving permanent ones to Retry now', async () => {
    website.answer(() => ({ status: 503, text: 'busy' }));
    const { variantId: mendable } = await publishNewPost();
    await settled(mendable, 'failed');
    const permanent = await queuedWithoutWebhook();
    await settled(permanent, 'failed');
    await server.database.db.execute(
      sql`UPDATE post_variants SET updated_at = now() - interval '2 hours'
          WHERE id IN (${mendable}, ${permanent})`,
    );

    website.answer(() => ({ status: 200, json: {} }));
    const appContext = server.context;
    const { queue } = appContext;
    expect(await retryFailedDeliveries(appContext, queue)).toBe(1);
    await settled(mendable, 'delivered');
    expect(await retryFailedDeliveries(appContext, queue)).toBe(0);
    const attemptsOf = async (variantId: number) =>
      (await admin.get(`/api/posts/details/${variantId}/deliveries`)).body.total;
    expect(await attemptsOf(permanent)).toBe(1);

    const retried = await admin.post(`/api/posts/details/${permanent}/retry`);
    expect(retried.body).toMatchObject({ queued: 1 });
    await waitFor(async () => (await attemptsOf(permanent)) === 2, {
      what: 'the second attempt of the permanent failure',
    });
    expect((await variantState(permanent)).delivery_status).toBe('failed');
  });

  it('pushes a category to the category webhook', async () => {
    const action = await checker.post('/api/categories/action', {
      ids: String(category),
      action: 'publish_web',
    });
    expect(action.body).toMatchObject({ queued: 1 });
    await waitFor(async () => website.requests.length === 1, { what: 'the category push' });
    const [request] = website.requests;
    expect(request!.url).toBe('/hooks/categories');
    expect(JSON.parse(request!.body)).toMatchObject({
      event: 'category.published',
      category: { id: category, name: 'News', slug: 'news', type: 'default', keywords: 'news' },
    });
    expect(
      signatureIsValid(request!.body, request!.headers['x-sitefleet-signature'] as string, secret),
    ).toBe(true);
  });

  it('keeps each target apart: a delivered website and a failed network sum up as failed', async () => {
    const { variantId } = await publishNewPost();
    await settled(variantId, 'delivered');
    const facebook = await admin.post('/api/posts/details/action', {
      ids: String(variantId),
      action: 'post_to_facebook',
    });
    expect(facebook.body).toMatchObject({ queued: 1 });
    const state = await settled(variantId, 'failed');
    const notConfigured = 'Facebook is not configured';
    expect(state).toMatchObject({
      is_posted_to_website: true,
      delivery_error: `Facebook test channel: ${notConfigured}`,
    });
    const postId = (
      await queryRows<{ post_id: number }>(
        server.database.db,
        sql`SELECT post_id FROM post_variants WHERE id = ${variantId}`,
      )
    )[0]!.post_id;
    const [row] = (await admin.get(`/api/posts/details/${postId}`)).body.data;
    expect(row.deliveries).toEqual([
      { target: 'website', status: 'delivered', error: null },
      {
        target: 'facebook',
        status: 'failed',
        error: `Facebook test channel: ${notConfigured}`,
        channels: [
          {
            channel_id: expect.any(Number),
            channel_name: 'Facebook test channel',
            status: 'failed',
            error: notConfigured,
          },
        ],
      },
    ]);
    // 'Retry now' sends only what failed: the website is not posted again.
    const requestsBefore = website.requests.length;
    const retried = await admin.post(`/api/posts/details/${variantId}/retry`);
    expect(retried.body).toEqual({ message: DELIVERY_MESSAGES.retried(1), queued: 1 });
    await waitFor(
      async () =>
        (await admin.get(`/api/posts/details/${variantId}/deliveries`)).body.total === 3 && true,
      { what: 'the retried Facebook attempt' },
    );
    expect(website.requests.length).toBe(requestsBefore);
  });

  it('refuses the attempts of a variant to a viewer without review rights', async () => {
    const outsider = await server.userWithRoles([]);
    expect((await outsider.get('/api/posts/details/1/deliveries')).status).toBe(403);
    expect((await outsider.post('/api/posts/details/1/retry')).status).toBe(403);
  });
});
