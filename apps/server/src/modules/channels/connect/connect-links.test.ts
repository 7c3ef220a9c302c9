import { type Channel, CONNECT_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeOAuth } from '../../../../test/fake-oauth.ts';
import { createWebsite, serverForFile } from '../../../../test/fixtures.ts';
import { queryRows } from '../../../db/client.ts';

/**
 * Connect links: a website's owner who holds the account but has no login opens the link (no
 * session), reads who asks for what, gives the network's consent and, for Facebook, chooses the
 * Pages on a public page. Once a consent came back through it, or once it ended, the link
 * answers 410.
 */

const fake = await new FakeOAuth().start();
afterAll(() => fake.stop());
const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;
const owner = server.client();
const alpha = await createWebsite(admin, { name: 'Alpha linked' });
const beta = await createWebsite(admin, { name: 'Beta linked' });
for (const network of ['facebook', 'twitter'] as const) {
  const made = await admin.post('/api/social-apps', {
    ...fake.app(network),
    name: `Fleet ${network} app`,
    is_default: true,
  });
  expect(made.status).toBe(201);
}

async function link(network: 'facebook' | 'twitter', hours = 24) {
  const response = await admin.post('/api/channels/connect-links', {
    network,
    website_ids: [beta.id, alpha.id],
    expires_in_hours: hours,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const url = new URL(response.body.url as string);
  expect(url.origin).toBe(server.url);
  expect(Date.parse(response.body.expires_at) - Date.now()).toBeGreaterThan(
    (hours - 1) * 3_600_000,
  );
  return url.pathname;
}

/** The link's button, the network's consent, and the callback, as the owner's browser goes. */
async function consentThrough(path: string) {
  const started = await owner.get(`${path}/start`);
  expect(started.status, String(started.body)).toBe(302);
  const callback = new URL(await fake.consent(started.headers.get('location')!));
  return owner.get(callback.pathname + callback.search);
}

describe('a connect link', () => {
  it('refuses a link without websites or with hours out of range, with messages per field', async () => {
    const bad = await admin.post('/api/channels/connect-links', {
      network: 'facebook',
      website_ids: [],
      expires_in_hours: 169,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      website_ids: [CONNECT_MESSAGES.websitesRequired],
      expires_in_hours: [CONNECT_MESSAGES.hoursInvalid],
    });
    const noApp = await admin.post('/api/channels/connect-links', {
      network: 'linkedin',
      website_ids: [alpha.id],
      expires_in_hours: 1,
    });
    expect(noApp.body.errors).toEqual({ app_id: [CONNECT_MESSAGES.noDefaultApp('linkedin')] });
  });

  it('shows who asks for what, leads to the consent, lets the owner choose Pages, then answers 410', async () => {
    const path = await link('facebook');
    const page = await owner.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const text of [
      'Administrator asks you',
      'to Fleet facebook app,',
      'Facebook',
      'Alpha linked',
      'Beta linked',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain(`href="${path}/start"`);

    const back = await consentThrough(path);
    expect(back.status).toBe(302);
    const choose = back.headers.get('location')!;
    expect(choose).toMatch(/^\/connect\/choose\/[\w-]{43}$/);
    const state = choose.split('/').pop()!;

    // The consent came back: the link is used, and the Pages are chosen on the public page.
    expect((await owner.get(path)).status).toBe(410);
    expect((await owner.get(`${path}/start`)).status).toBe(410);
    const offered = await owner.get(`/api/connect-links/pending/${state}`);
    expect(offered.body).toEqual({
      network: 'facebook',
      candidates: [
        { external_id: 'PAGE-1', name: 'Alpha Page' },
        { external_id: 'PAGE-2', name: 'Beta Page' },
      ],
    });
    expect(JSON.stringify(offered.body)).not.toContain('token');
    const chosen = await owner.post(`/api/connect-links/pending/${state}`, {
      external_ids: ['PAGE-2'],
    });
    expect(chosen.status).toBe(201);
    expect(
      (chosen.body.data as Channel[]).map((channel) => [channel.external_id, channel.websites]),
    ).toEqual([
      [
        'PAGE-2',
        [
          { id: alpha.id, name: 'Alpha linked' },
          { id: beta.id, name: 'Beta linked' },
        ],
      ],
    ]);
    expect(
      (await owner.post(`/api/connect-links/pending/${state}`, { external_ids: ['PAGE-1'] }))
        .status,
    ).toBe(410);
    const [entry] = await queryRows<{ user_name: string; details: unknown }>(
      db,
      sql`SELECT user_name, details FROM audit_log
          WHERE subject_type = 'channel' AND subject_name = 'Beta Page'`,
    );
    expect(entry).toMatchObject({
      user_name: 'Administrator',
      details: { connect: 'connect_link' },
    });
  });

  it("connects an X account through a link on the link's own page, and is used from then on", async () => {
    const path = await link('twitter');
    const back = await consentThrough(path);
    expect(back.status).toBe(200);
    expect(back.body).toContain(CONNECT_MESSAGES.connected('twitter', ['Fleet on X']));
    expect(back.body).not.toContain('/admin/channels');
    const gone = await owner.get(path);
    expect(gone.status).toBe(410);
    expect(gone.body).toContain(CONNECT_MESSAGES.linkGone);
  });

  it('stays usable after a declined consent, answers 410 once it ends and 404 when it never was', async () => {
    const path = await link('twitter', 1);
    fake.decline = true;
    try {
      const declined = await consentThrough(path);
      expect(declined.status).toBe(200);
      expect(declined.body).toContain(CONNECT_MESSAGES.denied('twitter'));
    } finally {
      fake.decline = false;
    }
    expect((await owner.get(path)).status).toBe(200);
    await db.execute(
      sql`UPDATE channel_connect_links SET expires_at = now() - interval '1 second'
          WHERE id = (SELECT max(id) FROM channel_connect_links)`,
    );
    expect((await owner.get(path)).status).toBe(410);
    expect((await owner.get(`${path}/start`)).status).toBe(410);
    const unknown = await owner.get('/connect/no-such-link');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(CONNECT_MESSAGES.linkUnknown);
  });

  it('ends a consent whose link was used meanwhile without connecting anything', async () => {
    const path = await link('twitter');
    const first = await owner.get(`${path}/start`);
    const second = await owner.get(`${path}/start`);
    const firstBack = new URL(await fake.consent(first.headers.get('location')!));
    const secondBack = new URL(await fake.consent(second.headers.get('location')!));
    expect((await owner.get(firstBack.pathname + firstBack.search)).status).toBe(200);
    const late = await owner.get(secondBack.pathname + secondBack.search);
    expect(late.status).toBe(410);
    expect(late.body).toContain(CONNECT_MESSAGES.linkGone);
  });

  it('offers a consent started on the Channels screen on the public page to no one', async () => {
    const started = await admin.post('/api/channels/connect', { network: 'facebook' });
    const callback = new URL(await fake.consent(started.body.authorize_url));
    const back = await owner.get(callback.pathname + callback.search);
    const state = new URL(back.headers.get('location')!, server.url).searchParams.get('pending')!;
    expect((await owner.get(`/api/connect-links/pending/${state}`)).status).toBe(404);
    expect((await owner.get(`/api/channels/pending/${state}`)).status).toBe(401);
    expect((await admin.get(`/api/channels/pending/${state}`)).status).toBe(200);
  });
});
