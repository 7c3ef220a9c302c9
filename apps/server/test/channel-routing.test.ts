import { readFileSync } from 'node:fs';
import { CHANNEL_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FakeNetworks, json } from './fake-networks.ts';
import {
  createPost,
  insertOldSetting,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from './fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * A variant goes to the channels of its own website: two Facebook Pages, each linked to one
 * website, receive only their website's posts with their own Page token; a website with no
 * channel falls back to the network's default, and with neither is skipped up front.
 */

const fake = new FakeNetworks();
await fake.start();
const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const checker = await server.userWithRoles(['admin']);
const db = server.database.db;

const [alpha, beta] = await insertTestWebsites(db);
const gamma = (
  await admin.post('/api/websites', {
    name: 'Gamma Site',
    url: 'https://gamma.example.com',
    hosting: 'Test',
    cost: 10,
    duration: 12,
  })
).body.id as number;
const food = await insertTestCategory(db, 'Food', [alpha, beta, gamma]);

const app = await admin.post('/api/social-apps', {
  network: 'facebook',
  name: 'Fleet app',
  client_id: 'fb-app',
  is_default: true,
  api_base_url: `${fake.url}/facebook/v23.0`,
});
expect(app.status).toBe(201);

async function page(externalId: string, token: string, websiteIds: number[]) {
  const response = await admin.post('/api/channels', {
    network: 'facebook',
    name: `Page ${externalId}`,
    external_id: externalId,
    access_token: token,
    website_ids: websiteIds,
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}
const page1 = await page('PAGE-1', 'page-1-token', [alpha]);
const page2 = await page('PAGE-2', 'page-2-token', [beta]);

let counter = 0;
/** An approved post of the Food category: one variant on each of the three websites. */
async function approvedPost() {
  counter += 1;
  const post = await createPost(admin, {
    title: `Routing notes ${counter}`,
    description: 'Which Page gets which post.',
    category_id: food,
    content_reference: `https://news.example.com/routing-${counter}`,
  });
  const approved = await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' });
  expect(approved.status).toBe(200);
  const variants = await queryRows<{ id: number; website_id: number }>(
    db,
    sql`SELECT id, website_id FROM post_variants WHERE post_id = ${post.id}`,
  );
  const of = (websiteId: number) => variants.find((v) => v.website_id === websiteId)!.id;
  return { post, alpha: of(alpha), beta: of(beta), gamma: of(gamma) };
}

/** Each Page's requests: the post ids it was sent, by the link they carry, and the token used. */
function pageRequests(pageId: string) {
  return fake.at(`/facebook/v23.0/${pageId}/feed`).map((request) => {
    const body = JSON.parse(request.body.toString('utf8'));
    return { link: body.link, token: body.access_token };
  });
}

function facebookState(variantId: number) {
  return queryRows<{ posted: boolean; status: string | null }>(
    db,
    sql`SELECT is_posted_to_facebook AS posted, deliveries->'facebook'->>'status' AS status
        FROM post_variants WHERE id = ${variantId}`,
  ).then((rows) => rows[0]!);
}

const delivered = (variantId: number) =>
  waitFor(async () => (await facebookState(variantId)).posted, {
    what: `variant ${variantId} posted to Facebook`,
  });

describe('routing a network to its channels', () => {
  it("sends each Page only its website's posts, and skips the website with no channel", async () => {
    fake.received = [];
    const { post, ...variants } = await approvedPost();
    const response = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_facebook',
    });
    expect(response.body).toMatchObject({
      queued: 2,
      skipped: [{ reason: CHANNEL_MESSAGES.noChannel('facebook', 'Gamma Site'), count: 1 }],
    });
    await delivered(variants.alpha);
    await delivered(variants.beta);
    expect(pageRequests('PAGE-1')).toEqual([
      { link: post.content_reference, token: 'page-1-token' },
    ]);
    expect(pageRequests('PAGE-2')).toEqual([
      { link: post.content_reference, token: 'page-2-token' },
    ]);
    expect(await facebookState(variants.gamma)).toEqual({ posted: false, status: null });

    const attempts = await admin.get(`/api/deliveries?target=facebook&channel_id=${page2}`);
    expect(attempts.body.data).toEqual([
      expect.objectContaining({
        pivot_id: variants.beta,
        channel_id: page2,
        channel_name: 'Page PAGE-2',
        outcome: 'delivered',
      }),
    ]);
  });

  it('falls back to the default channel for a website with none of its own', async () => {
    expect((await admin.put(`/api/channels/${page1}`, { is_default: true })).status).toBe(200);
    fake.received = [];
    const { post, ...variants } = await approvedPost();
    const response = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_facebook',
    });
    expect(response.body).toMatchObject({ queued: 3, skipped: [] });
    for (const variantId of Object.values(variants)) await delivered(variantId);
    // Alpha's own Page and Gamma's fallback are the same Page; Beta keeps its own.
    expect(pageRequests('PAGE-1')).toHaveLength(2);
    expect(pageRequests('PAGE-2')).toEqual([
      { link: post.content_reference, token: 'page-2-token' },
    ]);
  });

  it('posts a variant once every channel of its website has it, naming the one that failed', async () => {
    // Beta now has two Pages, and Page PAGE-1 fails.
    expect((await admin.put(`/api/channels/${page1}`, { website_ids: [alpha, beta] })).status).toBe(
      200,
    );
    fake.answers['POST /facebook/v23.0/PAGE-1/feed'] = json(500, { error: 'down' });
    fake.received = [];
    const { post, beta: variant } = await approvedPost();
    const response = await admin.post('/api/posts/details/action', {
      ids: [variant],
      action: 'post_to_facebook',
    });
    expect(response.body).toMatchObject({ queued: 2 });

    const facebookOf = async () => {
      const detail = await admin.get(`/api/posts/details/${post.id}`);
      const row = detail.body.data.find(
        (entry: { pivot_id: number }) => entry.pivot_id === variant,
      );
      return row.deliveries.find((entry: { target: string }) => entry.target === 'facebook');
    };
    const failed = await waitFor(
      async () => {
        const facebook = await facebookOf();
        return facebook.status === 'failed' && facebook;
      },
      { what: 'the failure for good at Page PAGE-1 in Detailed Review' },
    );
    expect(failed.channels).toEqual([
      {
        channel_id: page1,
        channel_name: 'Page PAGE-1',
        status: 'failed',
        error: expect.stringMatching(/^HTTP 500/),
      },
      { channel_id: page2, channel_name: 'Page PAGE-2', status: 'delivered', error: null },
    ]);
    expect(failed.error).toMatch(/^Page PAGE-1: HTTP 500/);
    expect(await facebookState(variant)).toMatchObject({ posted: false });

    // Retried, only the Page that failed is sent the post again.
    delete fake.answers['POST /facebook/v23.0/PAGE-1/feed'];
    fake.received = [];
    const retried = await admin.post(`/api/posts/details/${variant}/retry`, {});
    expect(retried.status).toBe(200);
    await delivered(variant);
    expect(pageRequests('PAGE-1')).toHaveLength(1);
    expect(pageRequests('PAGE-2')).toEqual([]);
    const channels = (await facebookOf()).channels as { status: string }[];
    expect(channels.map((channel) => channel.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('the upgrade from fleet-wide settings', () => {
  const migration = readFileSync(
    new URL('../src/db/migrations/0039_channels.sql', import.meta.url),
    'utf8',
  );
  /** The statements that move the settings; the tables exist already. */
  const upgrade = migration.slice(migration.indexOf('-- Upgrade:'));

  const oldSetting = (fullPath: string, value: string, isSecret = false) =>
    insertOldSetting(server, { fullPath, value, isSecret, groupOf: 'social.facebook.webhook_url' });

  it("makes each network's settings its default app and channel, which publish as before", async () => {
    await db.execute(sql`DELETE FROM channels`);
    await db.execute(sql`DELETE FROM social_apps`);
    await oldSetting('social.facebook.base_url', `${fake.url}/facebook/v23.0`);
    await oldSetting('social.facebook.page_id', 'PAGE-2');
    await oldSetting('social.facebook.page_access_token', 'page-2-token', true);
    await oldSetting('social.twitter.base_url', 'https://api.x.com');
    await oldSetting('social.twitter.access_token', 'x-token', true);
    await oldSetting('social.twitter.refresh_token', 'x-refresh', true);
    await oldSetting('social.twitter.expires_at', '2026-12-01T10:00:00.000Z');
    await oldSetting('social.twitter.client_id', 'x-client');
    await oldSetting('social.twitter.client_secret', 'x-secret', true);
    for (const statement of upgrade.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const channels = (await admin.get('/api/channels?order_key=name&order_dir=asc')).body.data;
    expect(channels).toEqual([
      expect.objectContaining({
        network: 'facebook',
        external_id: 'PAGE-2',
        is_default: true,
        status: 'connected',
        websites: [],
      }),
      expect.objectContaining({
        network: 'twitter',
        external_id: 'settings',
        is_default: true,
        token_expires_at: '2026-12-01T10:00:00.000Z',
      }),
    ]);
    const apps = (await admin.get('/api/social-apps?order_key=name&order_dir=asc')).body.data;
    expect(apps).toEqual([
      expect.objectContaining({
        network: 'facebook',
        api_base_url: `${fake.url}/facebook/v23.0`,
        is_default: true,
      }),
      // X's address was the real one: the app keeps none, and so the real one.
      expect.objectContaining({
        network: 'twitter',
        client_id: 'x-client',
        has_client_secret: true,
        api_base_url: null,
      }),
    ]);
    // The moved settings are gone from the Settings screen; the networks' other settings stay.
    const moved = [
      'social.facebook.base_url',
      'social.facebook.page_id',
      'social.facebook.page_access_token',
      'social.twitter.base_url',
      'social.twitter.access_token',
      'social.twitter.refresh_token',
      'social.twitter.expires_at',
      'social.twitter.client_id',
      'social.twitter.client_secret',
    ];
    const left = await queryRows<{ full_path: string }>(
      db,
      sql`SELECT full_path FROM settings
          WHERE full_path LIKE 'social.facebook.%' OR full_path LIKE 'social.twitter.%'`,
    );
    const paths = left.map((row) => row.full_path);
    expect(paths.filter((path) => moved.includes(path))).toEqual([]);
    expect(paths).toContain('social.facebook.webhook_url');

    fake.received = [];
    const { post, ...variants } = await approvedPost();
    const response = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_facebook',
    });
    expect(response.body).toMatchObject({ queued: 3, skipped: [] });
    for (const variantId of Object.values(variants)) await delivered(variantId);
    expect(pageRequests('PAGE-2')).toEqual(
      Array(3).fill({ link: post.content_reference, token: 'page-2-token' }),
    );
  });
});
