import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLISH_TARGET_LABELS, SOCIAL_NETWORKS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPost,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { settingValues } from '../../db/settings.ts';

/** A request one of the fake services received, its body as sent. */
interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The bytes of the video the YouTube test publishes. */
const VIDEO = Buffer.from('not really an mp4, but bytes all the same '.repeat(50));

/**
 * Local stand-ins for the networks' APIs, a video host and a webhook receiver, on one port: each
 * route answers as the real service does, and every request is recorded.
 */
class FakeNetworks {
  received: Received[] = [];
  url = '';
  private routes: Record<string, (request: Received) => Answer> = {
    'POST /facebook/v23.0/PAGE-1/feed': () => json(200, { id: 'PAGE-1_1001' }),
    'POST /x/2/tweets': (request) =>
      request.headers.authorization === 'Bearer x-ended-token'
        ? json(401, { title: 'Unauthorized', status: 401, detail: 'Unauthorized' })
        : json(201, { data: { id: '1880000000000000001', text: '…' } }),
    'POST /x/2/oauth2/token': (request) =>
      new URLSearchParams(request.body.toString()).get('refresh_token') === 'x-revoked'
        ? json(400, {
            error: 'invalid_request',
            error_description: 'Value passed for the token was invalid.',
          })
        : json(200, {
            token_type: 'bearer',
            expires_in: 7200,
            access_token: 'x-fresh-token',
            scope: 'tweet.write tweet.read users.read offline.access',
            refresh_token: 'x-refresh-2',
          }),
    'POST /tiktok/v2/oauth/token/': () =>
      json(200, {
        access_token: 'tt-fresh-token',
        expires_in: 86400,
        open_id: 'open-1',
        refresh_expires_in: 31536000,
        refresh_token: 'tt-refresh-2',
        scope: 'video.publish',
        token_type: 'Bearer',
      }),
    'POST /linkedin/rest/posts': () => ({
      status: 201,
      headers: { 'x-restli-id': 'urn:li:share:7100000000000000001' },
    }),
    'POST /tiktok/v2/post/publish/content/init/': () =>
      json(200, {
        data: { publish_id: 'p_pub_url~v2.7100000000000000001' },
        error: { code: 'ok', message: '', log_id: 'log-1' },
      }),
    'GET /media/clip.mp4': () => ({
      status: 200,
      headers: { 'content-type': 'video/mp4', 'content-length': String(VIDEO.length) },
      body: VIDEO,
    }),
    'GET /media/article.html': () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<html>an article</html>',
    }),
    'POST /google/upload/youtube/v3/videos': () => ({
      status: 200,
      headers: {
        location: `${this.url}/google/upload/youtube/v3/videos?uploadType=resumable&upload_id=UP-1`,
      },
    }),
    'PUT /google/upload/youtube/v3/videos': () =>
      json(200, { kind: 'youtube#video', id: 'yt-video-1' }),
    'POST /hooks/social': () => json(200, { id: 'hook-item-1' }),
  };
  private server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const received: Received = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    this.received.push(received);
    const route = this.routes[`${received.method} ${received.path}`];
    const answer = route ? route(received) : json(404, { error: 'no such route' });
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** The requests received at a path, in order. */
  at(path: string) {
    return this.received.filter((request) => request.path === path);
  }
}

const fake = new FakeNetworks();
await fake.start();
afterAll(() => fake.stop());
const server = await serverForFile(
  { ...FAST_QUEUE_ENV, GOOGLE_CLIENT_ID: 'client-1', GOOGLE_CLIENT_SECRET: 'client-secret-1' },
  { workers: true },
);
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const [active, , inactive] = await insertTestWebsites(server.database.db);
const website = { id: active, url: 'https://site0.example.com' };
const food = await insertTestCategory(server.database.db, 'Food', [active, inactive]);
beforeEach(() => {
  fake.received = [];
});

async function setSettings(values: Record<string, string>) {
  for (const [fullPath, value] of Object.entries(values)) await setSetting(admin, fullPath, value);
}

let counter = 0;
/** A post of the Food category, approved: its variant on the active website is the one published. */
async function approvedPost(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const post = await createPost(admin, {
    title: `Harvest notes ${counter}`,
    description: `What the market had this week, part ${counter}.`,
    category_id: food,
    content_reference: `https://news.example.com/harvest-${counter}`,
    ...overrides,
  });
  const approved = await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' });
  expect(approved.status).toBe(200);
  const [variant] = await queryRows<{ id: number; version: number }>(
    server.database.db,
    sql`SELECT id, version FROM post_variants WHERE post_id = ${post.id} AND website_id = ${website.id}`,
  );
  return { post, variant: variant! };
}

/** Queues the publish of a post's variants through a bulk action of the Posts list. */
async function bulkPublish(postId: number, action: string) {
  const response = await admin.post('/api/posts/action', { ids: [postId], action });
  expect(response.body).toMatchObject({ queued: 1 });
}

/** Queues the publish of one variant through a detail action of Detailed Review. */
async function detailPublish(variantId: number, action: string) {
  const response = await admin.post('/api/posts/details/action', { ids: [variantId], action });
  expect(response.body).toMatchObject({ queued: 1 });
}

interface VariantState {
  posted: boolean;
  delivery_status: string | null;
  delivery_error: string | null;
}

function variantState(variantId: number, network: string) {
  return queryRows<VariantState>(
    server.database.db,
    sql`SELECT ${sql.identifier(`is_posted_to_${network}`)} AS posted, delivery_status, delivery_error
        FROM post_variants WHERE id = ${variantId}`,
  ).then((rows) => rows[0]!);
}

/** Waits until the variant's delivery to the network succeeded. */
function posted(variantId: number, network: string) {
  return waitFor(
    async () => {
      const state = await variantState(variantId, network);
      return state.posted && state.delivery_status === 'delivered' && state;
    },
    { what: `the variant ${variantId} posted to ${network}` },
  );
}

/** Waits until the variant's social job has failed for good (no retry left or none allowed). */
async function failedForGood(variantId: number) {
  await waitFor(
    async () => {
      const jobs = await queryRows<{ state: string }>(
        server.database.db,
        sql`SELECT state FROM pgboss.job
            WHERE name = 'social-publish' AND (data->>'variantId')::int = ${variantId}`,
      );
      return jobs.length === 1 && jobs[0]!.state === 'failed';
    },
    { what: `the job of variant ${variantId} to fail` },
  );
}

function attemptsOf(variantId: number) {
  return queryRows<{
    target: string;
    attempt: number;
    outcome: string;
    status_code: number | null;
    error: string | null;
    external_id: string | null;
  }>(
    server.database.db,
    sql`SELECT target, attempt, outcome, status_code, error, external_id FROM delivery_attempts
        WHERE kind = 'post' AND variant_id = ${variantId} ORDER BY id`,
  );
}

const bodyOf = (request: Received) => JSON.parse(request.body.toString('utf8'));

describe('a network without its settings', () => {
  it('fails the job for good as not configured, with one attempt and no request', async () => {
    const variants: Record<string, number> = {};
    for (const network of SOCIAL_NETWORKS) {
      const { variant } = await approvedPost();
      variants[network] = variant.id;
      await detailPublish(variant.id, `post_to_${network}`);
    }
    for (const network of SOCIAL_NETWORKS) {
      const variantId = variants[network]!;
      await failedForGood(variantId);
      const message = `${PUBLISH_TARGET_LABELS[network]} is not configured`;
      expect(await variantState(variantId, network)).toEqual({
        posted: false,
        delivery_status: 'failed',
        delivery_error: message,
      });
      expect(await attemptsOf(variantId)).toEqual([
        {
          target: network,
          attempt: 1,
          outcome: 'failed',
          status_code: null,
          error: message,
          external_id: null,
        },
      ]);
    }
    expect(fake.received).toEqual([]);
  });
});

describe('native connectors', () => {
  it('posts a link post on the Facebook Page feed', async () => {
    await setSettings({
      'social.facebook.base_url': `${fake.url}/facebook/v23.0/`,
      'social.facebook.page_id': 'PAGE-1',
      'social.facebook.page_access_token': 'fb-page-token',
    });
    const { post, variant } = await approvedPost();
    await bulkPublish(post.id, 'publish_facebook');
    await posted(variant.id, 'facebook');

    const [request, ...others] = fake.received;
    expect(others).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/facebook/v23.0/PAGE-1/feed' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(bodyOf(request!)).toEqual({
      message: `${post.title}\n\n${post.description}\n\n${post.content_reference}`,
      link: post.content_reference,
      access_token: 'fb-page-token',
    });
    expect(await attemptsOf(variant.id)).toEqual([
      expect.objectContaining({
        outcome: 'delivered',
        status_code: 200,
        external_id: 'PAGE-1_1001',
      }),
    ]);
  });

  it('tweets within 280 characters as X counts them, keeping the link whole', async () => {
    await setSettings({
      'social.twitter.base_url': `${fake.url}/x`,
      'social.twitter.access_token': 'x-user-token',
    });
    const link = `https://news.example.com/${'long-path-'.repeat(8)}`;
    const { post, variant } = await approvedPost({
      description: `Ripe figs and 柿子 at the stall. ${'Everything was fresh. '.repeat(20)}`,
      content_reference: link,
    });
    await bulkPublish(post.id, 'publish_twitter');
    await posted(variant.id, 'twitter');

    const [request] = fake.at('/x/2/tweets');
    expect(request!.method).toBe('POST');
    expect(request!.headers.authorization).toBe('Bearer x-user-token');
    expect(request!.headers['content-type']).toBe('application/json');
    const { text } = bodyOf(request!);
    expect(Object.keys(bodyOf(request!))).toEqual(['text']);
    expect(text.startsWith(`${post.title}\n\nRipe figs and 柿子 at the stall. Everything`)).toBe(
      true,
    );
    expect(text.endsWith(`…\n\n${link}`)).toBe(true);
    // X counts a link as 23 characters and CJK characters as 2.
    const head = text.slice(0, -link.length);
    const weight = [...head].reduce((sum, c) => sum + (c.codePointAt(0)! <= 0x10ff ? 1 : 2), 0);
    expect(weight + 23).toBeLessThanOrEqual(280);
    expect(weight + 23).toBeGreaterThan(270);
    expect(await attemptsOf(variant.id)).toEqual([
      expect.objectContaining({ outcome: 'delivered', external_id: '1880000000000000001' }),
    ]);
  });

  it('posts through the LinkedIn Posts API and keeps the URN of its x-restli-id header', async () => {
    await setSettings({
      'social.linkedin.base_url': `${fake.url}/linkedin`,
      'social.linkedin.author_urn': 'urn:li:organization:5515715',
      'social.linkedin.access_token': 'li-token',
    });
    const { post, variant } = await approvedPost({
      description: 'Prices (in #EUR) @ the market: *half* off_today [really]',
    });
    await bulkPublish(post.id, 'publish_linkedin');
    await posted(variant.id, 'linkedin');

    const [request] = fake.at('/linkedin/rest/posts');
    expect(request!.method).toBe('POST');
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer li-token',
      'linkedin-version': '202605',
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(bodyOf(request!)).toEqual({
      author: 'urn:li:organization:5515715',
      commentary: `${post.title}\n\nPrices \\(in \\#EUR\\) \\@ the market: \\*half\\* off\\_today \\[really\\]\n\n${post.content_reference}`,
      visibility: 'PUBLIC',
      distribution: {
        feedDistribution: 'MAIN_FEED',
        targetEntities: [],
        thirdPartyDistributionChannels: [],
      },
      content: { article: { source: post.content_reference, title: post.title } },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(await attemptsOf(variant.id)).toEqual([
      expect.objectContaining({
        outcome: 'delivered',
        status_code: 201,
        external_id: 'urn:li:share:7100000000000000001',
      }),
    ]);
  });

  it('initialises a TikTok photo post of the configured image and keeps its publish id', async () => {
    await setSettings({
      'social.tiktok.base_url': `${fake.url}/tiktok`,
      'social.tiktok.access_token': 'tt-token',
      'social.tiktok.photo_url': 'https://media.example.com/cover.jpg',
    });
    const { post, variant } = await approvedPost({ title: `A title ${'long '.repeat(20)}end` });
    await bulkPublish(post.id, 'publish_tiktok');
    await posted(variant.id, 'tiktok');

    const [request] = fake.at('/tiktok/v2/post/publish/content/init/');
    expect(request!.method).toBe('POST');
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer tt-token',
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(bodyOf(request!)).toEqual({
      post_info: {
        title: `${post.title.slice(0, 89)}…`,
        description: `${post.title}\n\n${post.description}\n\n${post.content_reference}`,
        privacy_level: 'PUBLIC_TO_EVERYONE',
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_images: ['https://media.example.com/cover.jpg'],
        photo_cover_index: 0,
      },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    });
    expect(await attemptsOf(variant.id)).toEqual([
      expect.objectContaining({
        outcome: 'delivered',
        external_id: 'p_pub_url~v2.7100000000000000001',
      }),
    ]);
  });

  describe('user tokens that end', () => {
    const storedTokens = (network: string) =>
      settingValues(server.database.db, server.context.secrets, `social.${network}.`);
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

    it('refreshes an ended X token with the refresh token, then tweets with the new one', async () => {
      await setSettings({
        'social.twitter.base_url': `${fake.url}/x`,
        'social.twitter.access_token': 'x-ended-token',
        'social.twitter.expires_at': hoursFromNow(-1),
        'social.twitter.refresh_token': 'x-refresh-1',
        'social.twitter.client_id': 'x-client',
        'social.twitter.client_secret': 'x-secret',
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_twitter');
      await posted(variant.id, 'twitter');

      const [refresh] = fake.at('/x/2/oauth2/token');
      expect(refresh!.headers.authorization).toBe(
        `Basic ${Buffer.from('x-client:x-secret').toString('base64')}`,
      );
      expect(Object.fromEntries(new URLSearchParams(refresh!.body.toString()))).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'x-refresh-1',
        client_id: 'x-client',
      });
      expect(fake.at('/x/2/tweets').map((tweet) => tweet.headers.authorization)).toEqual([
        'Bearer x-fresh-token',
      ]);
      const stored = await storedTokens('twitter');
      expect(stored).toMatchObject({
        'social.twitter.access_token': 'x-fresh-token',
        'social.twitter.refresh_token': 'x-refresh-2',
      });
      expect(Date.parse(stored['social.twitter.expires_at']!)).toBeGreaterThan(Date.now());
    });

    it('refreshes once more when X refuses a token it had not said was ending', async () => {
      await setSettings({
        'social.twitter.access_token': 'x-ended-token',
        'social.twitter.refresh_token': 'x-refresh-2',
      });
      await server.database.db.execute(
        sql`UPDATE settings SET value = NULL WHERE full_path = 'social.twitter.expires_at'`,
      );
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_twitter');
      await posted(variant.id, 'twitter');
      expect(fake.at('/x/2/tweets').map((tweet) => tweet.headers.authorization)).toEqual([
        'Bearer x-ended-token',
        'Bearer x-fresh-token',
      ]);
      expect(fake.at('/x/2/oauth2/token')).toHaveLength(1);
    });

    it('fails for good, saying so, when X refuses the refresh token', async () => {
      await setSettings({
        'social.twitter.access_token': 'x-ended-token',
        'social.twitter.expires_at': hoursFromNow(-1),
        'social.twitter.refresh_token': 'x-revoked',
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_twitter');
      await failedForGood(variant.id);
      const [attempt] = await attemptsOf(variant.id);
      expect(attempt!.error).toBe(
        `${PUBLISH_TARGET_LABELS.twitter} refused to refresh the access token: HTTP 400: ` +
          '{"error":"invalid_request","error_description":"Value passed for the token was invalid."}',
      );
      expect(fake.at('/x/2/tweets')).toHaveLength(0);
    });

    it('refreshes an ended TikTok token with the app key and secret', async () => {
      await setSettings({
        'social.tiktok.base_url': `${fake.url}/tiktok`,
        'social.tiktok.access_token': 'tt-ended-token',
        'social.tiktok.expires_at': hoursFromNow(-2),
        'social.tiktok.refresh_token': 'tt-refresh-1',
        'social.tiktok.client_key': 'tt-key',
        'social.tiktok.client_secret': 'tt-secret',
        'social.tiktok.photo_url': 'https://media.example.com/cover.jpg',
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_tiktok');
      await posted(variant.id, 'tiktok');
      const [refresh] = fake.at('/tiktok/v2/oauth/token/');
      expect(Object.fromEntries(new URLSearchParams(refresh!.body.toString()))).toEqual({
        client_key: 'tt-key',
        client_secret: 'tt-secret',
        grant_type: 'refresh_token',
        refresh_token: 'tt-refresh-1',
      });
      const [init] = fake.at('/tiktok/v2/post/publish/content/init/');
      expect(init!.headers.authorization).toBe('Bearer tt-fresh-token');
      expect(await storedTokens('tiktok')).toMatchObject({
        'social.tiktok.access_token': 'tt-fresh-token',
        'social.tiktok.refresh_token': 'tt-refresh-2',
      });
    });

    it('keeps the stored token when it has not ended', async () => {
      await setSettings({
        'social.tiktok.access_token': 'tt-token',
        'social.tiktok.expires_at': hoursFromNow(3),
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_tiktok');
      await posted(variant.id, 'tiktok');
      expect(fake.at('/tiktok/v2/oauth/token/')).toHaveLength(0);
      const [init] = fake.at('/tiktok/v2/post/publish/content/init/');
      expect(init!.headers.authorization).toBe('Bearer tt-token');
    });
  });

  describe('YouTube', () => {
    beforeAll(async () => {
      // What the Google authorisation stores; the access token is still valid.
      await setSettings({
        'social.youtube.base_url': `${fake.url}/google`,
        'social.youtube.access_token': 'ya29.access',
        'social.youtube.refresh_token': 'refresh-1',
        'social.youtube.expires_at': new Date(Date.now() + 3_600_000).toISOString(),
      });
    });

    it('uploads the video of the content reference with the resumable protocol', async () => {
      const { post, variant } = await approvedPost({
        title: 'Market <b>tour</b>',
        content_reference: `${fake.url}/media/clip.mp4`,
      });
      await detailPublish(variant.id, 'post_to_youtube');
      await posted(variant.id, 'youtube');

      const [download, session, upload, ...others] = fake.received;
      expect(others).toEqual([]);
      expect(download).toMatchObject({ method: 'GET', path: '/media/clip.mp4' });
      // The size YouTube is told is the size of the bytes as they travel.
      expect(download!.headers['accept-encoding']).toBe('identity');
      expect(session).toMatchObject({ method: 'POST', path: '/google/upload/youtube/v3/videos' });
      expect(Object.fromEntries(session!.query)).toEqual({
        uploadType: 'resumable',
        part: 'snippet,status',
      });
      expect(session!.headers).toMatchObject({
        authorization: 'Bearer ya29.access',
        'content-type': 'application/json',
        'x-upload-content-type': 'video/mp4',
        'x-upload-content-length': String(VIDEO.length),
      });
      expect(bodyOf(session!)).toEqual({
        snippet: {
          title: 'Market btour/b',
          description: `Market btour/b\n\n${post.description}\n\n${fake.url}/media/clip.mp4`,
          categoryId: '22',
        },
        status: { privacyStatus: 'public' },
      });
      expect(upload).toMatchObject({ method: 'PUT', path: '/google/upload/youtube/v3/videos' });
      expect(upload!.query.get('upload_id')).toBe('UP-1');
      expect(upload!.headers).toMatchObject({
        authorization: 'Bearer ya29.access',
        'content-type': 'video/mp4',
        'content-length': String(VIDEO.length),
      });
      expect(upload!.body.equals(VIDEO)).toBe(true);
      expect(await attemptsOf(variant.id)).toEqual([
        expect.objectContaining({ outcome: 'delivered', external_id: 'yt-video-1' }),
      ]);
    });

    it('fails for good when the content reference is not a video', async () => {
      const { variant } = await approvedPost({
        content_reference: `${fake.url}/media/article.html`,
      });
      await detailPublish(variant.id, 'post_to_youtube');
      await failedForGood(variant.id);

      const message = 'YouTube takes videos only: the content reference is not a video (text/html)';
      expect(await variantState(variant.id, 'youtube')).toMatchObject({
        posted: false,
        delivery_status: 'failed',
        delivery_error: message,
      });
      expect(await attemptsOf(variant.id)).toEqual([
        expect.objectContaining({ attempt: 1, outcome: 'failed', error: message }),
      ]);
      expect(fake.received.map((request) => request.path)).toEqual(['/media/article.html']);
    });
  });
});

describe('generic webhook', () => {
  it('replaces the native API when set, signed under its secret', async () => {
    await setSettings({
      'social.facebook.webhook_url': `${fake.url}/hooks/social`,
      'social.facebook.webhook_secret': 'hook-secret',
    });
    const { post, variant } = await approvedPost();
    await detailPublish(variant.id, 'post_to_facebook');
    await posted(variant.id, 'facebook');

    expect(fake.at('/facebook/v23.0/PAGE-1/feed')).toEqual([]);
    const [request] = fake.at('/hooks/social');
    expect(request!.method).toBe('POST');
    const expectedSignature = `sha256=${createHmac('sha256', 'hook-secret').update(request!.body).digest('hex')}`;
    expect(request!.headers['x-sitefleet-signature']).toBe(expectedSignature);
    const payload = bodyOf(request!);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-sitefleet-event': 'social.publish',
      'idempotency-key': `post-${variant.id}-v${variant.version}-facebook`,
      'x-sitefleet-timestamp': String(Math.floor(Date.parse(payload.sent_at) / 1000)),
    });
    expect(payload).toEqual({
      event: 'social.publish',
      idempotency_key: `post-${variant.id}-v${variant.version}-facebook`,
      sent_at: expect.any(String),
      website: { id: website.id, name: 'Alpha Site', url: website.url },
      variant: { id: variant.id, version: variant.version, description: post.description },
      post: {
        id: post.id,
        title: post.title,
        description: post.description,
        content_reference: post.content_reference,
        category: { id: food, name: 'Food', slug: 'food' },
      },
      network: 'facebook',
      text: `${post.title}\n\n${post.description}\n\n${post.content_reference}`,
      link: post.content_reference,
    });
    expect(await attemptsOf(variant.id)).toEqual([
      expect.objectContaining({ outcome: 'delivered', external_id: 'hook-item-1' }),
    ]);
  });

  it('gives the network back to its native API once the URL is cleared', async () => {
    await setSetting(admin, 'social.facebook.webhook_url', '');
    const { variant } = await approvedPost();
    await detailPublish(variant.id, 'post_to_facebook');
    await posted(variant.id, 'facebook');
    expect(fake.received.map((request) => request.path)).toEqual(['/facebook/v23.0/PAGE-1/feed']);
  });

  it('sends an unsigned webhook when the network has no secret', async () => {
    await setSetting(admin, 'social.linkedin.webhook_url', `${fake.url}/hooks/social`);
    const { post, variant } = await approvedPost();
    await bulkPublish(post.id, 'publish_linkedin');
    await posted(variant.id, 'linkedin');
    const [request, ...others] = fake.received;
    expect(others).toEqual([]);
    expect(request!.path).toBe('/hooks/social');
    expect(request!.headers['x-sitefleet-signature']).toBeUndefined();
    expect(bodyOf(request!)).toMatchObject({ network: 'linkedin', post: { id: post.id } });
  });
});
