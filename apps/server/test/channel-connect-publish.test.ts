import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FakeOAuth } from './fake-oauth.ts';
import { createPost, insertTestCategory, insertTestWebsites, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * Facebook Pages connected through the network's consent publish as channels added by hand do:
 * two consents of one Facebook account, each for one website, each Page chosen from the Pages it
 * manages; a post of each website then reaches its own Page only, with that Page's own token.
 */

const fake = await new FakeOAuth().start();
afterAll(() => fake.stop());
const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const checker = await server.userWithRoles(['admin']);
const { db } = server.database;
const [alpha, beta] = await insertTestWebsites(db);
const category = await insertTestCategory(db, 'Connected news', [alpha, beta]);
expect(
  (
    await admin.post('/api/social-apps', {
      ...fake.app('facebook'),
      name: 'Graph',
      is_default: true,
    })
  ).status,
).toBe(201);

/** A consent for `websiteId`, then the Page chosen on the Channels screen. */
async function connectPage(websiteId: number, pageId: string) {
  const started = await admin.post('/api/channels/connect', {
    network: 'facebook',
    website_ids: [websiteId],
  });
  const callback = new URL(await fake.consent(started.body.authorize_url));
  const back = await server.client().get(callback.pathname + callback.search);
  expect(back.status).toBe(302);
  const state = new URL(back.headers.get('location')!, server.url).searchParams.get('pending')!;
  const chosen = await admin.post(`/api/channels/pending/${state}`, { external_ids: [pageId] });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
  return chosen.body.data[0] as { id: number; websites: { id: number }[] };
}

describe('Pages connected through Facebook', () => {
  it("each receive only their own website's posts, with their own Page token", async () => {
    const page1 = await connectPage(alpha, 'PAGE-1');
    const page2 = await connectPage(beta, 'PAGE-2');
    expect(page1.websites.map((website) => website.id)).toEqual([alpha]);
    expect(page2.websites.map((website) => website.id)).toEqual([beta]);
    const [longLived] = fake
      .at('/facebook/v23.0/oauth/access_token')
      .filter((r) => r.method === 'GET');
    expect(longLived!.query.get('grant_type')).toBe('fb_exchange_token');

    const post = await createPost(admin, {
      title: 'Connected Pages',
      description: 'Which Page gets which post.',
      category_id: category,
      content_reference: 'https://news.example.com/connected-pages',
    });
    expect(
      (await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' })).status,
    ).toBe(200);
    const published = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_facebook',
    });
    expect(published.body).toMatchObject({ queued: 2, skipped: [] });
    const variants = await queryRows<{ id: number; website_id: number }>(
      db,
      sql`SELECT id, website_id FROM post_variants WHERE post_id = ${post.id} ORDER BY website_id`,
    );
    for (const variant of variants) {
      await waitFor(
        async () =>
          (
            await queryRows<{ posted: boolean }>(
              db,
              sql`SELECT is_posted_to_facebook AS posted FROM post_variants WHERE id = ${variant.id}`,
            )
          )[0]!.posted,
        { what: `variant ${variant.id} posted to its Page` },
      );
    }
    const sent = (pageId: string) =>
      fake.at(`/facebook/v23.0/${pageId}/feed`).map((request) => {
        const body = JSON.parse(request.body);
        return { link: body.link, token: body.access_token };
      });
    expect(sent('PAGE-1')).toEqual([{ link: post.content_reference, token: 'page-1-token' }]);
    expect(sent('PAGE-2')).toEqual([{ link: post.content_reference, token: 'page-2-token' }]);

    const detail = await admin.get(`/api/posts/details/${post.id}`);
    const outcomes = (
      detail.body.data as {
        website_id?: number;
        deliveries: { target: string; channels?: unknown[] }[];
      }[]
    ).map((row) => row.deliveries.find((entry) => entry.target === 'facebook')?.channels);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        [
          expect.objectContaining({
            channel_id: page1.id,
            channel_name: 'Alpha Page',
            status: 'delivered',
          }),
        ],
        [
          expect.objectContaining({
            channel_id: page2.id,
            channel_name: 'Beta Page',
            status: 'delivered',
          }),
        ],
      ]),
    );
  });
});
