import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { refreshEndingTokens } from '../src/pipeline/channel-care.ts';
import { type FakeAnswer, type ReceivedRequest, startFakeHttp } from './fake-http.ts';
import { quietTaskContext, serverForFile } from './fixtures.ts';

/**
 * Token care over 90 simulated days: X and TikTok access tokens that end within hours and rotate
 * their refresh tokens, and LinkedIn's of 60 days, are each renewed before they end by the
 * scheduled refresh (run as late as its five-minute interval allows), so that no channel lapses
 * while its refresh token is valid; a refused refresh asks for a reconnect, a 500 changes nothing.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The task runs every five minutes: at worst this long after a token became due. */
const TASK_INTERVAL_MS = 5 * MINUTE_MS;
/** The refresh renews a token this long before its end (channel-care.ts). */
const REFRESH_AHEAD_MS = 30 * MINUTE_MS;

/**
 * The networks' token endpoints: each keeps the one refresh token it takes, issues a new one on
 * every refresh where the network rotates them, and refuses any other (a used or revoked one).
 */
const networks = {
  twitter: { rotates: true, expiresIn: 7_200, refresh: 'x-refresh-0', issued: 0 },
  tiktok: { rotates: true, expiresIn: 86_400, refresh: 'tt-refresh-0', issued: 0 },
  linkedin: { rotates: false, expiresIn: 60 * 86_400, refresh: 'li-refresh-0', issued: 0 },
};
type Network = keyof typeof networks;
/** Answers the token endpoints give instead of their own, for the failure cases. */
const override: Partial<Record<Network, FakeAnswer>> = {};

const fake = await startFakeHttp();
fake.answer((request: ReceivedRequest) => {
  const network = request.url.split('/')[1] as Network;
  const state = networks[network];
  if (override[network]) return override[network];
  const form = new URLSearchParams(request.body);
  if (!state || form.get('refresh_token') !== state.refresh) {
    return { status: 400, json: { error: 'invalid_grant', error_description: 'Token revoked' } };
  }
  state.issued += 1;
  if (state.rotates) state.refresh = `${network}-refresh-${state.issued}`;
  return {
    status: 200,
    json: {
      access_token: `${network}-access-${state.issued}`,
      expires_in: state.expiresIn,
      token_type: 'Bearer',
      ...(state.rotates && { refresh_token: state.refresh }),
    },
  };
});

const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;
const context = quietTaskContext(server);

const start = Date.parse('2027-01-01T00:00:00Z');
const channels: Record<Network, number> = { twitter: 0, tiktok: 0, linkedin: 0 };
for (const network of Object.keys(networks) as Network[]) {
  const app = await admin.post('/api/social-apps', {
    network,
    name: `${network} app`,
    client_id: `${network}-client`,
    client_secret: `${network}-secret`,
    is_default: true,
    token_url: `${fake.url}/${network}/token`,
  });
  expect(app.status).toBe(201);
  const channel = await admin.post('/api/channels', {
    network,
    name: `${network} account`,
    external_id: `${network}-1`,
    access_token: `${network}-access-0`,
    refresh_token: networks[network].refresh,
    token_expires_at: new Date(start + networks[network].expiresIn * 1000).toISOString(),
    refresh_expires_at: new Date(start + 365 * DAY_MS).toISOString(),
    is_default: true,
  });
  expect(channel.status).toBe(201);
  channels[network] = channel.body.id;
}

interface ChannelRow {
  id: number;
  status: string;
  token_expires_at: string;
  last_error: string | null;
}
const channelRows = () =>
  queryRows<ChannelRow>(
    db,
    sql`SELECT id, status, token_expires_at::text AS token_expires_at, last_error
        FROM channels ORDER BY id`,
  );

describe('renewing channel tokens over 90 days', () => {
  it('renews every token before it ends, and no channel lapses', async () => {
    let now = start;
    let refreshed = 0;
    const end = start + 90 * DAY_MS;
    while (now < end) {
      const rows = await channelRows();
      const firstEnd = Math.min(...rows.map((row) => Date.parse(row.token_expires_at)));
      // The first run that finds a token due, as late as the task's interval lets it come.
      now = Math.max(now + TASK_INTERVAL_MS, firstEnd - REFRESH_AHEAD_MS + TASK_INTERVAL_MS);
      expect(firstEnd, `a token lapsed at ${new Date(now).toISOString()}`).toBeGreaterThan(now);
      const run = await refreshEndingTokens(context, new Date(now));
      expect(run).toMatchObject({ refused: 0, failed: 0 });
      refreshed += run.refreshed;
    }
    const rows = await channelRows();
    expect(rows.map((row) => row.status)).toEqual(['connected', 'connected', 'connected']);
    for (const row of rows) expect(Date.parse(row.token_expires_at)).toBeGreaterThan(end);
    // X every 1.5 hours, TikTok daily, LinkedIn once in 60 days.
    expect(networks.twitter.issued).toBeGreaterThan(1300);
    expect(networks.tiktok.issued).toBeGreaterThanOrEqual(89);
    expect(networks.linkedin.issued).toBe(1);
    expect(refreshed).toBe(
      networks.twitter.issued + networks.tiktok.issued + networks.linkedin.issued,
    );
    // Some 1,400 runs of the task, each with its requests: more than a default test's time.
  }, 120_000);

  it('changes nothing when the token endpoint answers 500, and tries again later', async () => {
    const [before] = (await channelRows()).filter((row) => row.id === channels.twitter);
    override.twitter = { status: 500, json: { error: 'server_error' } };
    const due = new Date(Date.parse(before!.token_expires_at) - MINUTE_MS);
    const run = await refreshEndingTokens(context, due);
    expect(run).toMatchObject({ refreshed: 0, refused: 0, failed: 1 });
    const [after] = (await channelRows()).filter((row) => row.id === channels.twitter);
    expect(after).toEqual(before);
    delete override.twitter;
    expect(await refreshEndingTokens(context, due)).toMatchObject({ refreshed: 1, failed: 0 });
  });

  it('asks for a reconnect when the network refuses a revoked refresh token', async () => {
    networks.tiktok.refresh = 'revoked-elsewhere';
    const [tiktok] = (await channelRows()).filter((row) => row.id === channels.tiktok);
    const run = await refreshEndingTokens(
      context,
      new Date(Date.parse(tiktok!.token_expires_at) - MINUTE_MS),
    );
    expect(run).toMatchObject({ refused: 1 });
    const channel = (await admin.get(`/api/channels/${channels.tiktok}`)).body;
    expect(channel).toMatchObject({ status: 'needs_reconnect' });
    expect(channel.last_error).toMatch(/^TikTok refused to refresh the access token: HTTP 400/);
    const notes = await queryRows<{ title: string }>(
      db,
      sql`SELECT title FROM notifications WHERE kind = 'channel_needs_reconnect'`,
    );
    expect(notes.map((note) => note.title)).toContain(
      'TikTok channel tiktok account needs reconnecting',
    );
  });
});
