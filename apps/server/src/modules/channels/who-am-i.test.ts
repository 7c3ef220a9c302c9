import { randomBytes } from 'node:crypto';
import { CHANNEL_MESSAGES, type Channel, type SocialNetwork } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type FakeAnswer, startFakeHttp } from '../../../test/fake-http.ts';
import { created, serverForFile } from '../../../test/fixtures.ts';

const server = await serverForFile();
const admin = await server.admin();

/** Each network's "who am I" as the real API answers it, at its path on the fake. */
const WHO_AM_I: Record<SocialNetwork, { url: string; answer: unknown; name: string }> = {
  facebook: {
    url: '/me?fields=id,name',
    answer: { id: '104729384756', name: 'Daily Recipes' },
    name: 'Daily Recipes',
  },
  twitter: {
    url: '/2/users/me',
    answer: { data: { id: '2244994945', name: 'Recipes on X', username: 'recipes' } },
    name: 'Recipes on X',
  },
  linkedin: {
    url: '/v2/userinfo',
    answer: { sub: '782bbtaQ', name: 'Recipes Company', email_verified: true },
    name: 'Recipes Company',
  },
  tiktok: {
    url: '/v2/user/info/?fields=open_id,display_name',
    answer: {
      data: { user: { open_id: '723f24d7-e717-40f8', display_name: 'recipes.tok' } },
      error: { code: 'ok', message: '', log_id: '20231119105547' },
    },
    name: 'recipes.tok',
  },
  youtube: {
    url: '/youtube/v3/channels?part=snippet&mine=true',
    answer: {
      kind: 'youtube#channelListResponse',
      items: [
        {
          kind: 'youtube#channel',
          id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
          snippet: { title: 'Recipes TV' },
        },
      ],
    },
    name: 'Recipes TV',
  },
};

let made = 0;
/** A channel of `network` with a token of its own, on an app whose API is at `apiBaseUrl`. */
async function channelAt(network: SocialNetwork, apiBaseUrl: string | null, token?: string) {
  made += 1;
  const app =
    apiBaseUrl === null
      ? null
      : await created<{ id: number }>(admin, '/api/social-apps', {
          network,
          name: `Test app ${made}`,
          client_id: `client-${made}`,
          api_base_url: apiBaseUrl,
        });
  const accessToken = token ?? `token-${made}-${randomBytes(8).toString('hex')}`;
  const channel = await created<Channel>(admin, '/api/channels', {
    network,
    name: `Tested ${made}`,
    external_id: `tested-${made}`,
    access_token: accessToken,
    app_id: app?.id ?? null,
  });
  return { id: channel.id, token: accessToken };
}

/** A fake network answering the real shapes at its "who am I" path, and 404 elsewhere. */
async function fakeNetwork(answer?: (url: string) => FakeAnswer | undefined) {
  const fake = await startFakeHttp();
  onTestFinished(() => fake.close());
  fake.answer((request) => {
    const own = answer?.(request.url);
    if (own) return own;
    const route = Object.values(WHO_AM_I).find((call) => request.url.endsWith(call.url));
    return route ? { status: 200, json: route.answer } : { status: 404, json: { error: 'none' } };
  });
  return fake;
}

const test = (id: number) => admin.post(`/api/channels/${id}/test`);

describe('POST /api/channels/:id/test', () => {
  it("asks each network who the token's account is, with the token as a bearer", async () => {
    const fake = await fakeNetwork();
    for (const network of Object.keys(WHO_AM_I) as SocialNetwork[]) {
      // The base of the network's API, as an app may set it: a path, a trailing slash.
      const channel = await channelAt(network, `${fake.url}/${network}/`);
      const answer = await test(channel.id);
      expect([network, answer.status, answer.body]).toEqual([
        network,
        200,
        { ok: true, status_code: 200, account_name: WHO_AM_I[network].name, error: null },
      ]);
      const request = fake.requests.at(-1)!;
      expect([request.method, request.url]).toEqual(['GET', `/${network}${WHO_AM_I[network].url}`]);
      expect(request.headers.authorization).toBe(`Bearer ${channel.token}`);
    }
  });

  it("calls through the network's default app when the channel names none", async () => {
    const fake = await fakeNetwork();
    await created(admin, '/api/social-apps', {
      network: 'youtube',
      name: 'Default YouTube app',
      client_id: 'yt-client',
      is_default: true,
      api_base_url: `${fake.url}/google`,
    });
    const channel = await channelAt('youtube', null);
    expect((await test(channel.id)).body.account_name).toBe('Recipes TV');
    expect(fake.requests.at(-1)!.url).toBe(`/google${WHO_AM_I.youtube.url}`);
  });

  it('answers a refused token with its status and error, never the token itself', async () => {
    const fake = await fakeNetwork(() => ({
      status: 401,
      json: { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } },
    }));
    const channel = await channelAt('facebook', fake.url);
    const answer = await test(channel.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: false,
      status_code: 401,
      account_name: null,
      error: `HTTP 401: ${JSON.stringify({ error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } })}`,
    });
    // A network that quotes the request back.
    fake.answer((request) => ({
      status: 403,
      text: `Forbidden for ${request.headers.authorization}`,
    }));
    const quoted = await test(channel.id);
    expect(quoted.body).toMatchObject({
      ok: false,
      status_code: 403,
      error: 'HTTP 403: Forbidden for Bearer [token]',
    });
  });

  it('answers what it could of an odd answer, and a network that cannot be reached, never a 500', async () => {
    const fake = await fakeNetwork((url) => {
      if (url.startsWith('/odd')) return { status: 200, text: 'not json at all' };
      if (url.startsWith('/long'))
        return { status: 200, json: { id: '1', name: `A\u0000${'b'.repeat(500)}` } };
      if (url.startsWith('/shape')) return { status: 200, json: { data: [{ name: 7 }] } };
      return undefined;
    });
    const odd = await channelAt('linkedin', `${fake.url}/odd`);
    expect((await test(odd.id)).body).toEqual({
      ok: true,
      status_code: 200,
      account_name: null,
      error: null,
    });
    const shape = await channelAt('twitter', `${fake.url}/shape`);
    expect((await test(shape.id)).body).toMatchObject({ ok: true, account_name: null });
    const long = await channelAt('facebook', `${fake.url}/long`);
    const name = (await test(long.id)).body.account_name as string;
    expect(name).toBe(`A${'b'.repeat(199)}`);

    const closed = await startFakeHttp();
    await closed.close();
    const unreachable = await channelAt('tiktok', closed.url);
    const refused = await test(unreachable.id);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, status_code: null, account_name: null });
    expect(refused.body.error).toMatch(/^Could not connect/);
  });

  it('answers a channel without an access token yet without calling, and 404 for no channel', async () => {
    const fake = await fakeNetwork();
    const channel = await channelAt('twitter', fake.url);
    await server.database.db.execute(
      sql`UPDATE channels SET access_token = NULL WHERE id = ${channel.id}`,
    );
    expect((await test(channel.id)).body).toEqual({
      ok: false,
      status_code: null,
      account_name: null,
      error: CHANNEL_MESSAGES.noAccessToken,
    });
    expect(fake.requests).toEqual([]);
    const missing = await test(999_999);
    expect([missing.status, missing.body.message]).toEqual([404, CHANNEL_MESSAGES.notFound]);
  });
});
