import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../../../../test/fixtures.ts';
import { ADMIN, startTestServer } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { LOGIN_WITH_GOOGLE_ACCOUNT } from './google-login.ts';

/** A local stand-in for Google's token endpoint: records each form it receives. */
class FakeTokenEndpoint {
  forms: URLSearchParams[] = [];
  answer: { status: number; body: object } = { status: 200, body: {} };
  private server: Server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    this.forms.push(new URLSearchParams(body));
    response.writeHead(this.answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(this.answer.body));
  });

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/token`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const google = new FakeTokenEndpoint();
const env = {
  GOOGLE_CLIENT_ID: 'client-1',
  GOOGLE_CLIENT_SECRET: 'client-secret-1',
  GOOGLE_AUTH_URL: 'http://127.0.0.1:9/auth',
  GOOGLE_TOKEN_URL: await google.start(),
};
afterAll(() => google.stop());
const server = await serverForFile(env);

/** The channel Login with Google connects, its tokens as stored (sealed) and opened. */
async function fleetChannel() {
  const [row] = await queryRows<{
    id: number;
    access_token: string;
    refresh_token: string | null;
  }>(
    server.database.db,
    sql`SELECT id, access_token, refresh_token FROM channels
        WHERE network = 'youtube' AND external_id = ${LOGIN_WITH_GOOGLE_ACCOUNT}`,
  );
  if (!row) return null;
  const open = (sealed: string | null) => sealed && server.context.secrets.open(sealed);
  return {
    id: row.id,
    sealed: [row.access_token, row.refresh_token],
    accessToken: open(row.access_token),
    refreshToken: open(row.refresh_token),
  };
}

/** A consent's state, started by the admin. */
async function consentState(admin: Awaited<ReturnType<typeof server.admin>>) {
  const { body } = await admin.get('/api/google-auth');
  return new URL(body.auth_url).searchParams.get('state')!;
}

describe('Google authorisation', () => {
  it('says clearly when Google is not configured', async () => {
    const unconfigured = await startTestServer();
    try {
      const response = await (await unconfigured.admin()).get('/api/google-auth');
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(MESSAGES.googleNotConfigured);
      expect(response.body.message).toContain('google.client_id and google.client_secret');
      expect(response.body.message).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    } finally {
      await unconfigured.close();
    }
  });

  it('reads the client from the Google settings at each call, before the environment', async () => {
    const unconfigured = await startTestServer({ GOOGLE_AUTH_URL: 'http://127.0.0.1:9/auth' });
    try {
      const admin = await unconfigured.admin();
      const setSetting = async (fullPath: string, value: string) => {
        const listed = await admin.get(`/api/settings?query=${fullPath}`);
        const setting = listed.body.data.find(
          (row: { full_path: string }) => row.full_path === fullPath,
        );
        expect(setting, fullPath).toMatchObject({ is_secret: true, group: { name: 'Google' } });
        const saved = await admin.put(`/api/settings/${setting.id}`, { value });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      };
      await setSetting('google.client_id', 'client-from-settings');
      // One half of the client is not a client.
      expect((await admin.get('/api/google-auth')).status).toBe(409);
      await setSetting('google.client_secret', 'secret-from-settings');
      const answer = await admin.get('/api/google-auth');
      expect(answer.status).toBe(200);
      expect(new URL(answer.body.auth_url).searchParams.get('client_id')).toBe(
        'client-from-settings',
      );
      // Stored sealed, like every secret setting.
      const rows = await unconfigured.database.db.select().from(settings);
      const stored = rows.find((row) => row.fullPath === 'google.client_secret');
      expect(stored?.value).not.toContain('secret-from-settings');
    } finally {
      await unconfigured.close();
    }
  });

  it('builds a consent URL for YouTube upload, GA4, Search Console and AdSense reads, with offline access and a state', async () => {
    const { body } = await (await server.admin()).get('/api/google-auth');
    const url = new URL(body.auth_url);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/auth');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/youtube.upload',
      'https://www.googleapis.com/auth/analytics.readonly',
      'https://www.googleapis.com/auth/webmasters.readonly',
      'https://www.googleapis.com/auth/adsense.readonly',
    ]);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/youtube/callback`);
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(20);
  });

  it("exchanges the code and connects the fleet's YouTube channel, the default, with sealed tokens", async () => {
    const admin = await server.admin();
    const state = await consentState(admin);
    google.answer = {
      status: 200,
      body: { access_token: 'ya29.access-1', refresh_token: '1//refresh-1', expires_in: 3600 },
    };
    const response = await admin.post('/api/google-callback', { code: 'code-1', state });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(MESSAGES.googleConnected);

    const form = google.forms.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'client-1',
      client_secret: 'client-secret-1',
      redirect_uri: `${server.url}/youtube/callback`,
    });
    const channel = await fleetChannel();
    expect(channel).toMatchObject({ accessToken: 'ya29.access-1', refreshToken: '1//refresh-1' });
    expect(channel!.sealed.join()).not.toMatch(/ya29|refresh-1/);
    const listed = (await admin.get('/api/channels?network=youtube')).body.data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: channel!.id,
        external_id: LOGIN_WITH_GOOGLE_ACCOUNT,
        status: 'connected',
        is_default: true,
        websites: [],
      }),
    ]);
    // Its app is the one whose empty client stands for the Google client of Settings › Google.
    const apps = (await admin.get('/api/social-apps?network=youtube')).body.data;
    expect(apps).toEqual([
      expect.objectContaining({ id: listed[0].app_id, client_id: '', is_default: true }),
    ]);

    const replay = await admin.post('/api/google-callback', { code: 'code-1', state });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.state).toEqual([MESSAGES.googleStateMismatch]);
  });

  it('connects the same channel again, keeping its refresh token and the default it gave up', async () => {
    const admin = await server.admin();
    google.answer = {
      status: 200,
      body: { access_token: 'ya29.first', refresh_token: '1//refresh-first', expires_in: 3600 },
    };
    await admin.post('/api/google-callback', { code: 'code-a', state: await consentState(admin) });
    const { id } = (await fleetChannel())!;
    // Another channel is made the YouTube default.
    const other = await admin.post('/api/channels', {
      network: 'youtube',
      name: 'Videos of their own',
      external_id: 'UC-other',
      access_token: 'ya29.other',
      is_default: true,
    });
    expect(other.status).toBe(201);

    // Google sends a refresh token at consent only: an answer without one keeps the stored one.
    google.answer = { status: 200, body: { access_token: 'ya29.second', expires_in: 3600 } };
    await admin.post('/api/google-callback', { code: 'code-b', state: await consentState(admin) });
    expect(await fleetChannel()).toMatchObject({
      id,
      accessToken: 'ya29.second',
      refreshToken: '1//refresh-first',
    });
    const listed = (await admin.get('/api/channels?network=youtube&order_key=name')).body.data;
    expect(
      listed.map((row: { id: number; is_default: boolean }) => [row.id, row.is_default]),
    ).toEqual(
      expect.arrayContaining([
        [id, false],
        [other.body.id, true],
      ]),
    );
    await admin.delete(`/api/channels/${other.body.id}`);
  });

  it('refuses a state from another session', async () => {
    const first = await server.admin();
    const state = new URL((await first.get('/api/google-auth')).body.auth_url).searchParams.get(
      'state',
    )!;
    const second = server.client();
    await second.login(ADMIN.email, ADMIN.password);
    const response = await second.post('/api/google-callback', { code: 'code-2', state });
    expect(response.status).toBe(422);
    expect(response.body.errors.state).toEqual([MESSAGES.googleStateMismatch]);
  });

  it('refuses a missing state and reports a code Google refuses', async () => {
    const admin = await server.admin();
    expect((await admin.post('/api/google-callback', { code: 'x' })).body.errors.state).toEqual([
      'The state is required',
    ]);
    // An answer no token can be read from, or whose end is beyond belief, saves nothing.
    for (const body of [{ access_token: '' }, { access_token: 'ya29.x', expires_in: 1e23 }]) {
      google.answer = { status: 200, body };
      const odd = await admin.post('/api/google-callback', {
        code: 'odd',
        state: await consentState(admin),
      });
      expect(odd.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const state = await consentState(admin);
    google.answer = { status: 400, body: { error: 'invalid_grant' } };
    const response = await admin.post('/api/google-callback', { code: 'bad', state });
    expect(response.status).toBe(422);
    expect(response.body.errors.code).toEqual([MESSAGES.googleExchangeFailed(400)]);
  });

  it('is refused to a user without setting-update', async () => {
    const editor = await server.userWithRoles(['editor']);
    expect((await editor.get('/api/google-auth')).status).toBe(403);
    expect((await editor.post('/api/google-callback', { code: 'x', state: 'y' })).status).toBe(403);
  });
});
