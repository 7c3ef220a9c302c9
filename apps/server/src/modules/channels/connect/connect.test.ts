import {
  CHANNEL_MESSAGES,
  type Channel,
  CONNECT_MESSAGES,
  type SocialNetwork,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { type FakeAnswer, startFakeHttp } from '../../../../test/fake-http.ts';
import { FakeOAuth } from '../../../../test/fake-oauth.ts';
import { createWebsite, insertTestCategory, serverForFile } from '../../../../test/fixtures.ts';
import { queryRows } from '../../../db/client.ts';

/**
 * Connecting accounts through each network's consent, over real HTTP against local stand-ins of
 * the networks (their consent page, token endpoint and API): X with PKCE, TikTok, YouTube and
 * LinkedIn's organisations; a reconnect of the same account; the state's single use and end; a
 * declined consent; and no token in any answer, page or audit entry.
 */

const fake = await new FakeOAuth().start();
afterAll(() => fake.stop());
const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;
const alpha = await createWebsite(admin, { name: 'Alpha connect' });
const beta = await createWebsite(admin, { name: 'Beta connect' });

const apps: Partial<Record<SocialNetwork, number>> = {};
for (const network of ['facebook', 'twitter', 'linkedin', 'tiktok', 'youtube'] as const) {
  const made = await admin.post('/api/social-apps', {
    ...fake.app(network),
    name: `Fleet ${network}`,
    is_default: true,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  apps[network] = made.body.id;
}

/** Starts a consent from the Channels screen: its authorize URL. */
async function start(network: SocialNetwork, websiteIds: number[] = []) {
  const response = await admin.post('/api/channels/connect', { network, website_ids: websiteIds });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new URL(response.body.authorize_url as string);
}

/** The network's consent, then the server's callback as the browser follows it. */
async function consentAndReturn(authorizeUrl: URL) {
  const callback = new URL(await fake.consent(authorizeUrl.toString()));
  expect(callback.origin).toBe(server.url);
  return server.client().get(callback.pathname + callback.search);
}

const channelOf = async (network: SocialNetwork, externalId: string) => {
  const list = await admin.get(`/api/channels?network=${network}&per_page=100`);
  return (list.body.data as Channel[]).find((channel) => channel.external_id === externalId);
};

/** Everything the server keeps or answers about channels, as text: no token may be in it. */
async function everythingSaid() {
  const audit = await queryRows<{ changes: unknown; details: unknown }>(
    db,
    sql`SELECT changes, details FROM audit_log WHERE subject_type = 'channel'`,
  );
  const channels = await admin.get('/api/channels?per_page=100');
  return JSON.stringify({ audit, channels: channels.body });
}

describe('starting a connection', () => {
  it('asks for the scopes a channel needs, with a single-use state, and PKCE for X and TikTok', async () => {
    const x = await start('twitter');
    expect(`${x.origin}${x.pathname}`).toBe(`${fake.url}/x/i/oauth2/authorize`);
    expect(Object.fromEntries(x.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: `${server.url}/oauth/twitter/callback`,
      scope: 'tweet.read tweet.write users.read offline.access',
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const tiktok = await start('tiktok');
    expect(tiktok.searchParams.get('client_key')).toBe('tt-client');
    expect(tiktok.searchParams.get('scope')).toBe('user.info.basic,video.publish');
    expect(tiktok.searchParams.get('code_challenge_method')).toBe('S256');
    const facebook = await start('facebook');
    expect(facebook.searchParams.get('scope')).toBe(
      'pages_show_list,pages_manage_posts,pages_read_engagement',
    );
    expect(facebook.searchParams.has('code_challenge')).toBe(false);
    const linkedin = await start('linkedin');
    expect(linkedin.searchParams.get('scope')).toBe(
      'w_organization_social r_organization_admin w_member_social',
    );
    const youtube = await start('youtube');
    expect(Object.fromEntries(youtube.searchParams)).toMatchObject({
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(x.searchParams.get('state')).not.toBe(tiktok.searchParams.get('state'));
  });

  it('refuses what it cannot ask for with messages per field, never a server error', async () => {
    const bad = await admin.post('/api/channels/connect', {
      network: 'myspace',
      website_ids: 'all',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.network).toEqual([CHANNEL_MESSAGES.networkInvalid]);
    expect(bad.body.errors.website_ids).toBeDefined();
    const unknown = await admin.post('/api/channels/connect', {
      network: 'twitter',
      website_ids: [999_999],
      app_id: apps.facebook,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      website_ids: [CHANNEL_MESSAGES.websitesUnknown([999_999])],
      app_id: [CHANNEL_MESSAGES.appOtherNetwork],
    });
    await admin.put(`/api/social-apps/${apps.youtube}`, { is_default: false });
    const noDefault = await admin.post('/api/channels/connect', { network: 'youtube' });
    expect(noDefault.status).toBe(422);
    expect(noDefault.body.errors.app_id).toEqual([CONNECT_MESSAGES.noDefaultApp('youtube')]);
    const named = await admin.post('/api/channels/connect', {
      network: 'youtube',
      app_id: apps.youtube,
    });
    expect(named.status).toBe(200);
    await admin.put(`/api/social-apps/${apps.youtube}`, { is_default: true });
    // The app Login with Google made stands for the fleet's Google client: it asks no consent here.
    const [googleClientApp] = await queryRows<{ id: number }>(
      server.database.db,
      sql`INSERT INTO social_apps (network, name, client_id) VALUES ('youtube', 'Google client', '')
          RETURNING id`,
    );
    onTestFinished(async () => {
      await server.database.db.execute(
        sql`DELETE FROM social_apps WHERE id = ${googleClientApp!.id}`,
      );
    });
    const viaGoogleClient = await admin.post('/api/channels/connect', {
      network: 'youtube',
      app_id: googleClientApp!.id,
    });
    expect(viaGoogleClient.status).toBe(422);
    expect(viaGoogleClient.body.errors).toEqual({ app_id: [CONNECT_MESSAGES.googleClientApp] });
  });
});

describe('the callback', () => {
  it('connects an X account at once, with PKCE checked by the network, and goes back to the Channels screen', async () => {
    fake.received = [];
    const back = await consentAndReturn(await start('twitter', [alpha.id]));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(
      '/admin/channels?connect=connected&connect_network=twitter&connect_detail=Fleet+on+X',
    );
    const [exchange] = fake.at('/x/2/oauth2/token');
    const form = new URLSearchParams(exchange!.body);
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(exchange!.headers.authorization).toMatch(/^Basic /);
    const channel = await channelOf('twitter', fake.xUser.id);
    expect(channel).toMatchObject({
      name: 'Fleet on X',
      status: 'connected',
      app_id: apps.twitter,
      websites: [{ id: alpha.id, name: 'Alpha connect' }],
    });
    expect(Date.parse(channel!.token_expires_at!) - Date.now()).toBeGreaterThan(7000_000);
    const stored = await queryRows<{ access_token: string }>(
      db,
      sql`SELECT access_token FROM channels WHERE id = ${channel!.id}`,
    );
    expect(server.context.secrets.open(stored[0]!.access_token)).toMatch(/^twitter-access-/);
    expect(await everythingSaid()).not.toMatch(/twitter-(access|refresh|code)-/);
  });

  it('connects a TikTok account by its open_id and a YouTube channel by its id', async () => {
    expect((await consentAndReturn(await start('tiktok'))).status).toBe(302);
    expect(await channelOf('tiktok', 'tt-open-1')).toMatchObject({ name: 'Fleet Clips' });
    expect(
      new URLSearchParams(fake.at('/tiktok/v2/oauth/token/').at(-1)!.body).get('client_key'),
    ).toBe('tt-client');
    expect((await consentAndReturn(await start('youtube', [beta.id]))).status).toBe(302);
    expect(await channelOf('youtube', 'UC-fleet-1')).toMatchObject({
      name: 'Fleet Videos',
      websites: [{ id: beta.id, name: 'Beta connect' }],
    });
  });

  it("offers a LinkedIn member's organisations to choose, each a channel that posts as its URN", async () => {
    const back = await consentAndReturn(await start('linkedin', [beta.id]));
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/admin/channels');
    const state = location.searchParams.get('pending')!;
    expect(fake.at('/linkedin/rest/organizationAcls')[0]!.headers).toMatchObject({
      'linkedin-version': '202605',
      'x-restli-protocol-version': '2.0.0',
    });
    const offered = await admin.get(`/api/channels/pending/${state}`);
    expect(offered.body).toEqual({
      network: 'linkedin',
      candidates: [
        { external_id: 'urn:li:organization:2414183', name: 'Acme Corp' },
        { external_id: 'urn:li:organization:5515715', name: 'Acme Labs' },
      ],
    });
    const wrong = await admin.post(`/api/channels/pending/${state}`, {
      external_ids: ['urn:li:organization:1'],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.external_ids).toEqual([
      CONNECT_MESSAGES.notOffered(['urn:li:organization:1']),
    ]);
    const chosen = await admin.post(`/api/channels/pending/${state}`, {
      external_ids: ['urn:li:organization:5515715'],
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toEqual([
      expect.objectContaining({
        network: 'linkedin',
        name: 'Acme Labs',
        external_id: 'urn:li:organization:5515715',
        websites: [{ id: beta.id, name: 'Beta connect' }],
      }),
    ]);
    expect(
      (await admin.post(`/api/channels/pending/${state}`, { external_ids: ['x'] })).status,
    ).toBe(410);
    expect((await admin.get(`/api/channels/pending/${state}`)).status).toBe(410);
    expect(await everythingSaid()).not.toMatch(/linkedin-(access|refresh)-/);
  });

  it('refuses an unknown, a used and an expired state with a page, and says so when access was denied', async () => {
    const unknown = await server.client().get('/oauth/twitter/callback?code=c&state=nope');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(unknown.body).toContain(CONNECT_MESSAGES.stateUnknown);
    expect((await server.client().get('/oauth/myspace/callback?state=x')).status).toBe(404);

    const authorize = await start('twitter');
    const callback = new URL(await fake.consent(authorize.toString()));
    const path = callback.pathname + callback.search;
    expect((await server.client().get(path)).status).toBe(302);
    const used = await server.client().get(path);
    expect(used.status).toBe(410);
    expect(used.body).toContain(CONNECT_MESSAGES.stateGone);
    // Another network's callback for the state is no use of it.
    const elsewhere = await server.client().get(path.replace('/twitter/', '/tiktok/'));
    expect(elsewhere.status).toBe(400);

    const late = await start('twitter');
    await db.execute(
      sql`UPDATE channel_connects SET expires_at = now() - interval '1 minute'
          WHERE id = (SELECT max(id) FROM channel_connects)`,
    );
    const expired = await consentAndReturn(late);
    expect(expired.status).toBe(410);

    fake.decline = true;
    try {
      const declined = await consentAndReturn(await start('facebook'));
      expect(declined.status).toBe(200);
      expect(declined.body).toContain(CONNECT_MESSAGES.denied('facebook'));
      expect(declined.body).toContain(
        '/admin/channels?connect=denied&amp;connect_network=facebook',
      );
    } finally {
      fake.decline = false;
    }
  });

  it('tells why when the network refuses the code, without the secrets it was sent', async () => {
    const authorize = await start('linkedin');
    const callback = new URL(await fake.consent(authorize.toString()));
    callback.searchParams.set('code', 'li-client-forged-code');
    const refused = await server.client().get(callback.pathname + callback.search);
    expect(refused.status).toBe(502);
    expect(refused.body).toContain(
      'LinkedIn could not be connected: the network answered HTTP 400',
    );
    expect(refused.body).not.toContain('li-client-forged-code');
    expect(refused.body).not.toContain('li-secret');

    // A challenge that is not the verifier's (a consent request changed on its way): X refuses.
    const tampered = await start('twitter');
    tampered.searchParams.set('code_challenge', 'A'.repeat(43));
    const mismatch = await consentAndReturn(tampered);
    expect(mismatch.status).toBe(502);
    expect(mismatch.body).toContain('code_verifier does not match the challenge');
  });
});

describe('whatever a network answers', () => {
  it('ends on a page, never a server error, and keeps only what is fit to keep', async () => {
    const raw = await startFakeHttp();
    onTestFinished(() => raw.close());
    const odd = await admin.post('/api/social-apps', {
      ...fake.app('twitter'),
      name: 'Odd X',
      token_url: `${raw.url}/token`,
      api_base_url: raw.url,
    });
    const consent = async (answers: Record<string, FakeAnswer>) => {
      raw.answer((request) => answers[request.url.split('?')[0]!] ?? { status: 404 });
      const started = await admin.post('/api/channels/connect', {
        network: 'twitter',
        app_id: odd.body.id,
      });
      return consentAndReturn(new URL(started.body.authorize_url));
    };
    const token = { status: 200, json: { access_token: 'odd-token', expires_in: 'soon' } };
    const answers: FakeAnswer[] = [
      { status: 200, text: '<html>not json</html>' },
      { status: 200, json: { access_token: 42 } },
      { status: 200, json: { access_token: 'x'.repeat(10_000) } },
      { status: 200, json: [1, 2, 3] },
      { status: 500, text: 'upstream down' },
    ];
    for (const answer of answers) {
      const end = await consent({ '/token': answer });
      expect(end.status).toBe(502);
      expect(end.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const nameless = await consent({
      '/token': token,
      '/2/users/me': { status: 200, json: { data: { id: {} } } },
    });
    expect(nameless.status).toBe(502);
    expect(nameless.body).toContain(CONNECT_MESSAGES.noAccounts('twitter'));

    const withNul = await consent({
      '/token': token,
      '/2/users/me': {
        status: 200,
        json: { data: { id: 'odd\u0000-1', name: 'Odd\u0000 <b>one</b>' } },
      },
    });
    expect(withNul.status).toBe(302);
    const channel = await channelOf('twitter', 'odd-1');
    // Kept as text (the list answers it as such) and without NUL; an expiry said badly is none.
    expect(channel).toMatchObject({ name: 'Odd <b>one</b>', token_expires_at: null });
  });
});

describe('a second connection of the same account', () => {
  it('renews its tokens, keeps its refresh token when none comes, links the websites given and releases what it held', async () => {
    await consentAndReturn(await start('twitter', [alpha.id]));
    const channel = (await channelOf('twitter', fake.xUser.id))!;
    const tokens = () =>
      queryRows<{ access_token: string; refresh_token: string; status: string }>(
        db,
        sql`SELECT access_token, refresh_token, status FROM channels WHERE id = ${channel.id}`,
      ).then(([row]) => ({
        access: server.context.secrets.open(row!.access_token),
        refresh: server.context.secrets.open(row!.refresh_token),
        status: row!.status,
      }));
    const before = await tokens();

    const category = await insertTestCategory(db, 'Held for X', [alpha.id]);
    await db.execute(
      sql`WITH held AS (UPDATE channels SET status = 'needs_reconnect', last_error = 'HTTP 400: invalid_grant'
                        WHERE id = ${channel.id})
          INSERT INTO variant_channels (kind, variant_id, channel_id, network, status, error)
          SELECT 'category', v.id, ${channel.id}, 'twitter', 'paused', ${CHANNEL_MESSAGES.heldNote}
          FROM category_variants v WHERE v.category_id = ${category}`,
    );
    fake.sendRefreshToken = false;
    try {
      const back = await consentAndReturn(await start('twitter', [beta.id]));
      expect(back.status).toBe(302);
    } finally {
      fake.sendRefreshToken = true;
    }
    const after = await tokens();
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).toBe(before.refresh);
    expect(after.status).toBe('connected');
    const again = (await channelOf('twitter', fake.xUser.id))!;
    expect(again.id).toBe(channel.id);
    expect(again.last_error).toBeNull();
    expect(again.websites.map((website) => website.id)).toEqual([alpha.id, beta.id]);
    const held = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM variant_channels WHERE channel_id = ${channel.id}`,
    );
    expect(held).toEqual([{ status: 'queued' }]);
    const twitters = await admin.get('/api/channels?network=twitter');
    const accounts = (twitters.body.data as Channel[]).map((twitter) => twitter.external_id);
    expect(accounts.filter((id) => id === fake.xUser.id)).toHaveLength(1);
  });
});
