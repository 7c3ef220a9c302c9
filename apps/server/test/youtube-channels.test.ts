import { readFileSync } from 'node:fs';
import { SOCIAL_APP_USAGE_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FakeNetworks } from './fake-networks.ts';
import {
  insertOldSetting,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from './fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * YouTube through channels: an install whose fleet-wide Google connection uploaded every
 * website's videos uploads to the same account after the upgrade, and an app's day takes 100
 * uploads, the next wait for the next day.
 */

const fake = new FakeNetworks();
await fake.start();
const server = await serverForFile(
  {
    ...FAST_QUEUE_ENV,
    // An attempt cut short by a busy machine would take a call of the day: the count is the test.
    DELIVERY_TIMEOUT_MS: '30000',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_TOKEN_URL: `${fake.url}/google/token`,
  },
  { workers: true },
);
const admin = await server.admin();
const checker = await server.userWithRoles(['admin']);
const db = server.database.db;
const [website] = await insertTestWebsites(db);
const category = await insertTestCategory(db, 'Videos', [website]);
const video = `${fake.url}/media/clip.mp4`;

beforeEach(async () => {
  fake.received = [];
  await db.execute(sql`DELETE FROM channels`);
  await db.execute(sql`DELETE FROM social_apps`);
});

/** `count` approved posts of the website with a video, and their variants' ids. */
async function approvedVideos(count: number, name: string) {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const post = await admin.post('/api/posts', {
      title: `${name} ${n}`,
      description: 'A clip of the week.',
      category_id: category,
      content_reference: video,
    });
    ids.push(post.body.id);
  }
  expect((await checker.post('/api/posts/action', { ids, action: 'approve' })).status).toBe(200);
  const variants = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM post_variants WHERE post_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id`,
  );
  return variants.map((variant) => variant.id);
}

const uploadToYouTube = (variantIds: number[]) =>
  admin.post('/api/posts/details/action', { ids: variantIds, action: 'post_to_youtube' });

function youtubeStates() {
  return queryRows<{ status: string; error: string | null; count: number }>(
    db,
    sql`SELECT status, error, count(*)::int AS count FROM variant_channels
        WHERE network = 'youtube' GROUP BY status, error ORDER BY status`,
  );
}

describe('the upgrade of the fleet-wide Google connection', () => {
  const migration = readFileSync(
    new URL('../src/db/migrations/0043_youtube_channels.sql', import.meta.url),
    'utf8',
  );

  const oldSetting = (fullPath: string, value: string, isSecret = false) =>
    insertOldSetting(server, { fullPath, value, isSecret, groupOf: 'social.youtube.webhook_url' });

  it('makes it the default YouTube channel, which uploads to the same account as before', async () => {
    await oldSetting('social.youtube.base_url', `${fake.url}/google`);
    await oldSetting('social.youtube.access_token', 'ya29.before', true);
    await oldSetting('social.youtube.refresh_token', '1//fleet-refresh', true);
    // The access token ended while the install was being upgraded.
    await oldSetting('social.youtube.expires_at', '2026-01-01T00:00:00.000Z');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const channels = (await admin.get('/api/channels?network=youtube')).body.data;
    expect(channels).toEqual([
      expect.objectContaining({
        external_id: 'login-with-google',
        is_default: true,
        status: 'connected',
        token_expires_at: '2026-01-01T00:00:00.000Z',
      }),
    ]);
    const apps = (await admin.get('/api/social-apps?network=youtube')).body.data;
    expect(apps).toEqual([
      expect.objectContaining({
        id: channels[0].app_id,
        client_id: '',
        api_base_url: `${fake.url}/google`,
        is_default: true,
      }),
    ]);
    const left = await queryRows<{ full_path: string }>(
      db,
      sql`SELECT full_path FROM settings WHERE full_path LIKE 'social.youtube.%' ORDER BY 1`,
    );
    expect(left.map((row) => row.full_path)).toEqual([
      'social.youtube.category_id',
      'social.youtube.daily_calls_per_app',
      'social.youtube.privacy_status',
      'social.youtube.webhook_secret',
      'social.youtube.webhook_url',
    ]);

    const [variant] = await approvedVideos(1, 'Upgrade clip');
    expect((await uploadToYouTube([variant!])).body).toMatchObject({ queued: 1, skipped: [] });
    await waitFor(
      async () => (await youtubeStates()).find((state) => state.status === 'delivered'),
      { what: 'the video uploaded' },
    );
    // The same refresh token, refreshed with the fleet's Google client, then the same account.
    const [refresh] = fake.at('/google/token');
    expect(Object.fromEntries(new URLSearchParams(refresh!.body.toString('utf8')))).toMatchObject({
      client_id: 'google-client',
      grant_type: 'refresh_token',
      refresh_token: '1//fleet-refresh',
    });
    const [session] = fake.at('/google/upload/youtube/v3/videos');
    expect(session!.headers.authorization).toBe('Bearer ya29.refreshed');
  });
});

describe("YouTube's daily uploads", () => {
  it('uploads 100 of 150 videos on one app in a day, defers 50 to the next, and fails none', async () => {
    const app = await admin.post('/api/social-apps', {
      network: 'youtube',
      name: 'Fleet Google project',
      client_id: 'project-client',
      is_default: true,
      api_base_url: `${fake.url}/google`,
    });
    expect(app.status).toBe(201);
    const channel = await admin.post('/api/channels', {
      network: 'youtube',
      name: 'Fleet videos',
      external_id: 'UC-fleet-1',
      access_token: 'ya29.valid',
      token_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      website_ids: [website],
    });
    expect(channel.status).toBe(201);

    const variants = await approvedVideos(150, 'Daily clip');
    // No cap was set: YouTube's own, 100 uploads per app a day, is the default.
    expect((await uploadToYouTube(variants)).body).toMatchObject({ queued: 150, skipped: [] });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const settled = await waitFor(
      async () => {
        const states = await youtubeStates();
        return states.every((state) => state.status === 'delivered' || state.error) && states;
      },
      { what: 'every video uploaded or deferred', timeoutMs: 90_000 },
    );
    expect(settled).toEqual([
      { status: 'delivered', error: null, count: 100 },
      {
        status: 'queued',
        error: SOCIAL_APP_USAGE_MESSAGES.deferredUntil(`${tomorrow}T00:00:00.000Z`),
        count: 50,
      },
    ]);
    expect(fake.at('/google/upload/youtube/v3/videos')).toHaveLength(200);
    const usage = await admin.get(
      `/api/social-apps/${app.body.id}/usage?from=${today}&to=${today}`,
    );
    expect(usage.body.data).toEqual([{ date: today, calls: 100, deferred: 50, cost: 0 }]);
    const [failed] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM delivery_attempts WHERE outcome = 'failed'`,
    );
    expect(failed!.count).toBe(0);
  }, 120_000);
});
