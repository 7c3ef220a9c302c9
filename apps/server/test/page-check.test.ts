import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { checkPageTokens } from '../src/pipeline/page-check.ts';
import { type FakeAnswer, type ReceivedRequest, startFakeHttp } from './fake-http.ts';
import { insertTestWebsites, quietTaskContext, serverForFile } from './fixtures.ts';

/**
 * The daily check of Facebook Page tokens: a Page whose token Facebook refuses for good (an
 * OAuthException, code 190) waits for a reconnect and those who see the channels are told; a
 * Page that answers, or a Graph API that fails or limits the call, changes nothing.
 */

/** What the Graph API answers each Page's token, by token. */
const ANSWERS: Record<string, FakeAnswer> = {
  'alive-token': { status: 200, json: { id: 'PAGE-ALIVE', name: 'Alive Page' } },
  'dead-token': {
    status: 400,
    json: {
      error: {
        message:
          'Error validating access token: The session has been invalidated because the user changed their password.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 460,
        fbtrace_id: 'A1',
      },
    },
  },
  'busy-token': { status: 500, json: { error: { message: 'Service unavailable', code: 2 } } },
  'limited-token': {
    status: 400,
    json: { error: { message: '(#4) Application request limit reached', code: 4 } },
  },
};

const fake = await startFakeHttp();
fake.answer((request: ReceivedRequest) => {
  const token = request.headers.authorization?.replace('Bearer ', '') ?? '';
  return ANSWERS[token] ?? { status: 404 };
});

const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;
const context = quietTaskContext(server);
const [website] = await insertTestWebsites(db);

const app = await admin.post('/api/social-apps', {
  network: 'facebook',
  name: 'Fleet app',
  client_id: 'fb-app',
  is_default: true,
  api_base_url: `${fake.url}/v23.0`,
});
expect(app.status).toBe(201);
const pages: Record<string, number> = {};
for (const name of ['alive', 'dead', 'busy', 'limited']) {
  const channel = await admin.post('/api/channels', {
    network: 'facebook',
    name: `${name} Page`,
    external_id: `PAGE-${name}`,
    access_token: `${name}-token`,
    website_ids: [website],
  });
  expect(channel.status).toBe(201);
  pages[name] = channel.body.id;
}

describe('the daily check of Facebook Page tokens', () => {
  it('asks for a reconnect of the Page whose token Facebook refused, and of no other', async () => {
    expect(await checkPageTokens(context)).toEqual({ alive: 1, dead: 1, unknown: 2 });
    // Each Page was asked who it is with its own token, as a bearer.
    expect(fake.requests.map((request) => request.url)).toEqual(
      Array(4).fill('/v23.0/me?fields=id,name'),
    );

    const rows = await queryRows<{ id: number; status: string; last_error: string | null }>(
      db,
      sql`SELECT id, status, last_error FROM channels ORDER BY id`,
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[pages.dead!]).toMatchObject({
      status: 'needs_reconnect',
      last_error:
        'Facebook refused the Page token: Error validating access token: The session has been invalidated because the user changed their password.',
    });
    for (const name of ['alive', 'busy', 'limited']) {
      expect(byId[pages[name]!], name).toMatchObject({ status: 'connected', last_error: null });
    }
    const notified = await queryRows<{ title: string }>(
      db,
      sql`SELECT title FROM notifications WHERE kind = 'channel_needs_reconnect'`,
    );
    expect(notified).toEqual([{ title: 'Facebook channel dead Page needs reconnecting' }]);

    // The next day's check leaves the waiting Page alone: it is asked again once reconnected.
    fake.requests.length = 0;
    expect(await checkPageTokens(context)).toEqual({ alive: 1, dead: 0, unknown: 2 });
    expect(fake.requests).toHaveLength(3);
  });
});
