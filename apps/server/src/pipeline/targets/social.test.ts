import { createHmac } from 'node:crypto';
import { CHANNEL_MESSAGES, PUBLISH_TARGET_LABELS, SOCIAL_NETWORKS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeNetworks, type Received, VIDEO } from '../../../test/fake-networks.ts';
import {
  createPost,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

const fake = new FakeNetworks();
await fake.start();
afterAll(() => fake.stop());
const server = await serverForFile(
  {
    ...FAST_QUEUE_ENV,
    // The tests count attempts: one cut short by a busy machine would be one more.
    DELIVERY_TIMEOUT_MS: '30000',
    GOOGLE_CLIENT_ID: 'client-1',
    GOOGLE_CLIENT_SECRET: 'client-secret-1',
    GOOGLE_TOKEN_URL: `${fake.url}/google/token`,
  },
  { workers: true },
);
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const [active, , inactive] = await insertTestWebsites(server.database.db);
const website = { id: active, url: 'https://site0.example.com' };
const food = await insertTestCategory(server.database.db, 'Food', [active, inactive]);
beforeEach(async () => {
  fake.received = [];
  // Each test connects the accounts it publishes through.
  await server.database.db.execute(sql`DELETE FROM channels`);
  await server.database.db.execute(sql`DELETE FROM social_apps`);
});

async function setSettings(values: Record<string, string>) {
  for (const [fullPath, value] of Object.entries(values)) await setSetting(admin, fullPath, value);
}

/** A network's account as a test connects it: its channel's fields, and its app's. */
interface Account {
  external_id: string;
  access_token: string;
  refresh_token?: string;
  token_expires_at?: string;
  client_id?: string;
  client_secret?: string;
  /** Where the fake answers the network's API and, when it refreshes tokens, its token endpoint. */
  api: string;
  token?: string;
}

/** The network's default app (pointed at the fake) and default channel, made through the API. */
async function connect(network: string, account: Account) {
  const app = await admin.post('/api/social-apps', {
    network,
    name: `${network} app`,
    client_id: account.client_id ?? `${network}-client`,
    client_secret: account.client_secret ?? null,
    is_default: true,
    api_base_url: `${fake.url}${account.api}`,
    token_url: account.token ? `${fake.url}${account.token}` : null,
  });
  expect(app.status).toBe(201);
  const channel = await admin.post('/api/channels', {
    network,
    name: `${network} account`,
    external_id: account.external_id,
    access_token: account.access_token,
    refresh_token: account.refresh_token ?? null,
    token_expires_at: account.token_expires_at ?? null,
    is_default: true,
  });
  expect(channel.status).toBe(201);
  return channel.body as { id: number };
}

/** A channel's tokens as stored, opened. */
async function storedTokens(channelId: number) {
  const [row] = await queryRows<{
    access_token: string;
    refresh_token: string | null;
    token_expires_at: Date | string | null;
  }>(
    server.database.db,
    sql`SELECT access_token, refresh_token, token_expires_at FROM channels WHERE id = ${channelId}`,
  );
  const open = (sealed: string | null) => sealed && server.context.secrets.open(sealed);
  return {
    access_token: open(row!.access_token),
    refresh_token: open(row!.refresh_token),
    token_expires_at: row!.token_expires_at === null ? null : new Date(row!.token_expires_at),
  };
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

/**
 * Waits until the variant's social job has ended (completed, failed for good or cancelled) and
 * returns how. The job ends only after its handler has written the delivery's state, so a test
 * that saw that state must still wait here before it reads the job.
 */
async function jobEnded(variantId: number) {
  const [job] = await waitFor(
    async () => {
      const jobs = await queryRows<{ state: string }>(
        server.database.db,
        sql`SELECT state FROM pgboss.job
            WHERE name = 'social-publish' AND (data->>'variantId')::int = ${variantId}`,
      );
      return (
        jobs.length === 1 && ['completed', 'failed', 'cancelled'].includes(jobs[0]!.state) && jobs
      );
    },
    { what: `the job of variant ${variantId} to end` },
  );
  return job!.state;
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

describe('a network with no channel', () => {
  it('skips the website up front, naming it, and sends nothing', async () => {
    for (const network of SOCIAL_NETWORKS) {
      const { variant } = await approvedPost();
      const response = await admin.post('/api/posts/details/action', {
        ids: [variant.id],
        action: `post_to_${network}`,
      });
      expect(response.body).toMatchObject({
        queued: 0,
        skipped: [{ reason: CHANNEL_MESSAGES.noChannel(network, 'Alpha Site'), count: 1 }],
      });
      expect(await variantState(variant.id, network)).toEqual({
        posted: false,
        delivery_status: null,
        delivery_error: null,
      });
    }
    expect(fake.received).toEqual([]);
  });
});

describe('native connectors', () => {
  it('posts a link post on the Facebook Page feed', async () => {
    await connect('facebook', {
      api: '/facebook/v23.0/',
      external_id: 'PAGE-1',
      access_token: 'fb-page-token',
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
    await connect('twitter', { api: '/x', external_id: 'x-1', access_token: 'x-user-token' });
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
    await connect('linkedin', {
      api: '/linkedin',
      external_id: 'urn:li:organization:5515715',
      access_token: 'li-token',
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
    await connect('tiktok', { api: '/tiktok', external_id: 'open-1', access_token: 'tt-token' });
    await setSettings({ 'social.tiktok.photo_url': 'https://media.example.com/cover.jpg' });
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
    /** X's app, pointed at the fake, with the client that refreshes its tokens. */
    const X_APP = {
      api: '/x',
      token: '/x/2/oauth2/token',
      client_id: 'x-client',
      client_secret: 'x-secret',
    };
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

    it('refreshes an ended X token with the refresh token, then tweets with the new one', async () => {
      const channel = await connect('twitter', {
        ...X_APP,
        external_id: 'x-1',
        access_token: 'x-ended-token',
        token_expires_at: hoursFromNow(-1),
        refresh_token: 'x-refresh-1',
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
      const stored = await storedTokens(channel.id);
      expect(stored).toMatchObject({ access_token: 'x-fresh-token', refresh_token: 'x-refresh-2' });
      expect(stored.token_expires_at!.getTime()).toBeGreaterThan(Date.now());
    });

    it('refreshes once more when X refuses a token it had not said was ending', async () => {
      await connect('twitter', {
        ...X_APP,
        external_id: 'x-1',
        access_token: 'x-ended-token',
        refresh_token: 'x-refresh-2',
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_twitter');
      await posted(variant.id, 'twitter');
      expect(fake.at('/x/2/tweets').map((tweet) => tweet.headers.authorization)).toEqual([
        'Bearer x-ended-token',
        'Bearer x-fresh-token',
      ]);
      expect(fake.at('/x/2/oauth2/token')).toHaveLength(1);
    });

    it('holds the delivery and asks for a reconnect when X refuses the refresh token', async () => {
      const channel = await connect('twitter', {
        ...X_APP,
        external_id: 'x-1',
        access_token: 'x-ended-token',
        token_expires_at: hoursFromNow(-1),
        refresh_token: 'x-revoked',
      });
      const { post, variant } = await approvedPost();
      await bulkPublish(post.id, 'publish_twitter');
      const held = await waitFor(
        async () => {
          const state = await variantState(variant.id, 'twitter');
          return state.delivery_status === 'paused' && state;
        },
        { what: 'the delivery held for the reconnect' },
      );
      expect(held).toEqual({
        posted: false,
        delivery_status: 'paused',
        delivery_error: `twitter account: ${CHANNEL_MESSAGES.heldNote}`,
      });
      const refusal =
        `${PUBLISH_TARGET_LABELS.twitter} refused to refresh the access token: HTTP 400: ` +
        '{"error":"invalid_request","error_description":"Value passed for the token was invalid."}';
      expect(await attemptsOf(variant.id)).toEqual([
        expect.objectContaining({ attempt: 1, outcome: 'failed', error: refusal }),
      ]);
      expect((await admin.get(`/api/channels/${channel.id}`)).body).toMatchObject({
        status: 'needs_reconnect',
        last_error: refusal,
      });
      expect(await jobEnded(variant.id)).toBe('completed');
      expect(fake.at('/x/2/tweets')).toHaveLength(0);

      // Reconnected with new tokens, the held delivery goes out with them.
      const reconnected = await admin.put(`/api/channels/${channel.id}`, {
        access_token: 'x-user-token',
        refresh_token: 'x-refresh-3',
        token_expires_at: hoursFromNow(2),
      });
      expect(reconnected.body).toMatchObject({ status: 'connected' });
      await posted(variant.id, 'twitter');
      expect(fake.at('/x/2/tweets').map((tweet) => tweet.headers.authorization)).toEqual([
        'Bearer x-user-token',
      ]);
    });

    it('refreshes an ended TikTok token with the app key and secret', async () => {
      const channel = await connect('tiktok', {
        api: '/tiktok',
        token: '/tiktok/v2/oauth/token/',
        client_id: 'tt-key',
        client_secret: 'tt-secret',
        external_id: 'open-1',
        access_token: 'tt-ended-token',
        token_expires_at: hoursFromNow(-2),
        refresh_token: 'tt-refresh-1',
      });
      await setSettings({ 'social.tiktok.photo_url': 'https://media.example.com/cover.jpg' });
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
      await setSettings({ 'social.tiktok.photo_url': 'https://media.example.com/cover.jpg' });
      const [init] = fake.at('/tiktok/v2/post/publish/content/init/');
      expect(init!.headers.authorization).toBe('Bearer tt-fresh-token');
      expect(await storedTokens(channel.id)).toMatchObject({
        access_token: 'tt-fresh-token',
        refresh_token: 'tt-refresh-2',
      });
    });

    it('keeps the stored token when it has not ended', async () => {
      await connect('tiktok', {
        api: '/tiktok',
        token: '/tiktok/v2/oauth/token/',
        external_id: 'open-1',
        access_token: 'tt-token',
        token_expires_at: hoursFromNow(3),
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
    /** A YouTube channel whose access token is still valid, on an app pointed at the fake. */
    const connectYouTube = () =>
      connect('youtube', {
        external_id: 'UC-fleet-1',
        access_token: 'ya29.access',
        refresh_token: 'refresh-1',
        token_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        api: '/google',
      });

    it('uploads the video of the content reference with the resumable protocol', async () => {
      await connectYouTube();
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

    it("refreshes an ended token of the Login with Google channel with the fleet's Google client", async () => {
      // The app Login with Google makes: no client of its own, the Google client of Settings.
      const [app] = await queryRows<{ id: number }>(
        server.database.db,
        sql`INSERT INTO social_apps (network, name, client_id, is_default, api_base_url)
            VALUES ('youtube', 'Google client', '', true, ${`${fake.url}/google`}) RETURNING id`,
      );
      const channel = await admin.post('/api/channels', {
        network: 'youtube',
        name: 'Fleet videos',
        external_id: 'login-with-google',
        access_token: 'ya29.ended',
        refresh_token: 'refresh-1',
        token_expires_at: new Date(Date.now() - 60_000).toISOString(),
        app_id: app!.id,
        is_default: true,
      });
      expect(channel.status).toBe(201);
      const { variant } = await approvedPost({ content_reference: `${fake.url}/media/clip.mp4` });
      await detailPublish(variant.id, 'post_to_youtube');
      await posted(variant.id, 'youtube');

      const [refresh] = fake.at('/google/token');
      expect(Object.fromEntries(new URLSearchParams(refresh!.body.toString('utf8')))).toEqual({
        client_id: 'client-1',
        client_secret: 'client-secret-1',
        grant_type: 'refresh_token',
        refresh_token: 'refresh-1',
      });
      const [session] = fake.at('/google/upload/youtube/v3/videos');
      expect(session!.headers.authorization).toBe('Bearer ya29.refreshed');
      // Google sends no new refresh token: the channel keeps its own.
      expect(await storedTokens(channel.body.id)).toMatchObject({
        access_token: 'ya29.refreshed',
        refresh_token: 'refresh-1',
      });
    });

    it('fails for good when the content reference is not a video', async () => {
      await connectYouTube();
      const { variant } = await approvedPost({
        content_reference: `${fake.url}/media/article.html`,
      });
      await detailPublish(variant.id, 'post_to_youtube');
      expect(await jobEnded(variant.id)).toBe('failed');

      const message = 'YouTube takes videos only: the content reference is not a video (text/html)';
      expect(await variantState(variant.id, 'youtube')).toMatchObject({
        posted: false,
        delivery_status: 'failed',
        // The variant's error names the channel that failed.
        delivery_error: `youtube account: ${message}`,
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
    await connect('facebook', {
      api: '/facebook/v23.0',
      external_id: 'PAGE-1',
      access_token: 'fb-page-token',
    });
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
