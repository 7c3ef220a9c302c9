import { SOCIAL_APP_USAGE_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FakeNetworks } from './fake-networks.ts';
import { insertTestCategory, insertTestWebsites, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from './harness.ts';

/**
 * The networks' quotas, kept per app and day: a publish that would break one waits for the next
 * day (deferred, never failed), and the app's usage answers its calls, deferrals and cost.
 */

const fake = new FakeNetworks();
await fake.start();
const server = await serverForFile(
  // An attempt cut short by a busy machine would take a call of the day: the count is the test.
  { ...FAST_QUEUE_ENV, DELIVERY_TIMEOUT_MS: '30000' },
  { workers: true },
);
const admin = await server.admin();
const checker = await server.userWithRoles(['admin']);
const db = server.database.db;
const [website] = await insertTestWebsites(db);
const category = await insertTestCategory(db, 'Quota', [website]);

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A network's default app pointed at the fakes, with the given channels linked to the website. */
async function appWithChannels(network: string, api: string, accounts: string[]) {
  const app = await admin.post('/api/social-apps', {
    network,
    name: `${network} quota app`,
    client_id: `${network}-client`,
    is_default: true,
    api_base_url: `${fake.url}${api}`,
  });
  expect(app.status).toBe(201);
  for (const account of accounts) {
    const channel = await admin.post('/api/channels', {
      network,
      name: `${network} ${account}`,
      external_id: account,
      access_token: `${account}-token`,
      website_ids: [website],
    });
    expect(channel.status).toBe(201);
  }
  return app.body.id as number;
}

/** `count` approved posts of the website, published to `network` in one bulk action. */
async function publishPosts(count: number, action: string) {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const post = await admin.post('/api/posts', {
      title: `Quota post ${action} ${n}`,
      description: 'Counted against the day.',
      category_id: category,
      content_reference: `https://news.example.com/quota-${action}-${n}`,
    });
    ids.push(post.body.id);
  }
  expect((await checker.post('/api/posts/action', { ids, action: 'approve' })).status).toBe(200);
  const published = await admin.post('/api/posts/action', { ids, action });
  expect(published.status).toBe(200);
  return published.body as { queued: number };
}

/** The channels' deliveries of the network, by status, with the errors they show. */
function channelStates(network: string) {
  return queryRows<{ status: string; error: string | null; count: number }>(
    db,
    sql`SELECT status, error, count(*)::int AS count FROM variant_channels
        WHERE network = ${network} GROUP BY status, error ORDER BY status`,
  );
}

const usageOf = async (appId: number, from = today, to = tomorrow) =>
  (await admin.get(`/api/social-apps/${appId}/usage?from=${from}&to=${to}`)).body.data;

describe("an app's daily quota", () => {
  it('sends 100 of 150 posts on the day, defers 50 to the next, and fails none', async () => {
    const appId = await appWithChannels('facebook', '/facebook/v23.0', ['PAGE-1']);
    await setSetting(admin, 'social.facebook.daily_calls_per_app', '100');
    expect(await publishPosts(150, 'publish_facebook')).toMatchObject({ queued: 150 });
    const deferredUntil = SOCIAL_APP_USAGE_MESSAGES.deferredUntil(`${tomorrow}T00:00:00.000Z`);
    await waitFor(
      async () => {
        const states = await channelStates('facebook');
        return states.every((state) => state.status === 'delivered' || state.error) && states;
      },
      { what: 'every post sent or deferred', timeoutMs: 60_000 },
    );
    expect(await channelStates('facebook')).toEqual([
      { status: 'delivered', error: null, count: 100 },
      { status: 'queued', error: deferredUntil, count: 50 },
    ]);
    expect(fake.at('/facebook/v23.0/PAGE-1/feed')).toHaveLength(100);
    expect(await usageOf(appId)).toEqual([
      { date: today, calls: 100, deferred: 50, cost: 0 },
      { date: tomorrow, calls: 0, deferred: 0, cost: 0 },
    ]);

    // The next day comes: the deferred publishes go, counted against it.
    await db.execute(
      sql`UPDATE pgboss.job SET start_after = now()
          WHERE name = 'social-publish' AND state = 'created' AND data->>'quotaDay' = ${tomorrow}`,
    );
    await waitFor(
      async () => {
        const states = await channelStates('facebook');
        return states.length === 1 && states[0]!.count === 150 && states;
      },
      { what: 'the deferred posts sent the next day', timeoutMs: 60_000 },
    );
    expect(await channelStates('facebook')).toEqual([
      { status: 'delivered', error: null, count: 150 },
    ]);
    const [day1, day2] = await usageOf(appId);
    expect(day1).toEqual({ date: today, calls: 100, deferred: 50, cost: 0 });
    // Each of the 50 took a call of the next day. A job the queue runs again (it delivers at
    // least once) takes one more: the ledger may count over what the network saw, never under.
    expect(day2).toMatchObject({ date: tomorrow, deferred: 0 });
    expect(day2.calls).toBeGreaterThanOrEqual(50);
    const failed = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM delivery_attempts WHERE outcome = 'failed'`,
    );
    expect(failed[0]!.count).toBe(0);
  }, 120_000);

  it('posts for at most 5 TikTok accounts a day on an unaudited app', async () => {
    const accounts = ['tt-1', 'tt-2', 'tt-3', 'tt-4', 'tt-5', 'tt-6', 'tt-7'];
    const appId = await appWithChannels('tiktok', '/tiktok', accounts);
    await setSetting(admin, 'social.tiktok.photo_url', 'https://media.example.com/cover.jpg');
    expect(await publishPosts(1, 'publish_tiktok')).toMatchObject({ queued: 7 });
    const settled = await waitFor(
      async () => {
        const states = await channelStates('tiktok');
        const sent = states.find((state) => state.status === 'delivered')?.count ?? 0;
        const deferred = states.find((state) => state.error !== null)?.count ?? 0;
        return sent + deferred === accounts.length && states;
      },
      { what: 'every TikTok account posted for or deferred', timeoutMs: 30_000 },
    );
    expect(settled).toEqual([
      { status: 'delivered', error: null, count: 5 },
      {
        status: 'queued',
        error: SOCIAL_APP_USAGE_MESSAGES.deferredUntil(`${tomorrow}T00:00:00.000Z`),
        count: 2,
      },
    ]);
    expect((await usageOf(appId))[0]).toEqual({ date: today, calls: 5, deferred: 2, cost: 0 });
  }, 60_000);

  it("adds what X bills for each post to the app's day", async () => {
    const appId = await appWithChannels('twitter', '/x', ['x-quota']);
    expect(await publishPosts(2, 'publish_twitter')).toMatchObject({ queued: 2 });
    await waitFor(
      async () =>
        (await channelStates('twitter')).find((state) => state.status === 'delivered')?.count === 2,
      { what: 'two tweets delivered', timeoutMs: 10_000 },
    );
    expect((await usageOf(appId))[0]).toEqual({ date: today, calls: 2, deferred: 0, cost: 0.4 });
  });

  it('answers a bad usage range with a 422 on its field, and an unknown app with a 404', async () => {
    const appId = (await admin.get('/api/social-apps')).body.data[0].id as number;
    const usage = (query: string, id: number | string = appId) =>
      admin.get(`/api/social-apps/${id}/usage?${query}`);
    const notADate = await usage('from=2026-13-45');
    expect(notADate.status).toBe(422);
    expect(JSON.stringify(notADate.body)).toContain(SOCIAL_APP_USAGE_MESSAGES.dateInvalid);
    const reversed = await usage(`from=${tomorrow}&to=${today}`);
    expect(reversed.status).toBe(422);
    expect(JSON.stringify(reversed.body)).toContain(SOCIAL_APP_USAGE_MESSAGES.rangeReversed);
    const tooLong = await usage('from=2020-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(422);
    expect(JSON.stringify(tooLong.body)).toContain(SOCIAL_APP_USAGE_MESSAGES.rangeTooLong);
    expect((await usage('', 2_000_000_000)).status).toBe(404);
    expect((await usage('', '1e12')).status).toBeGreaterThanOrEqual(400);
    expect((await usage('', '1e12')).status).toBeLessThan(500);
  });
});
