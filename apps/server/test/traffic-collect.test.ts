import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { posts, postVariants } from '../src/db/schema.ts';
import { keepTrafficPartitions, partitionDays } from '../src/modules/traffic/partitions.ts';
import { insertTestCategory, insertTestWebsites, serverForFile } from './fixtures.ts';
import { waitFor } from './harness.ts';

/**
 * The page-view beacon: `/t.js`, and `POST /api/collect` as a browser's `sendBeacon` sends it
 * (text/plain, from any origin, no cookie). Each view taken reaches the raw table and the
 * roll-ups within the writer's tick; each one dropped is answered 202 all the same and counted in
 * /metrics by its reason; neither an IP nor a user agent is kept.
 */

const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;
const [site, otherSite] = await insertTestWebsites(db);
const keyOf = async (id: number) =>
  (
    await queryRows<{ tracking_key: string }>(
      db,
      sql`SELECT tracking_key FROM websites WHERE id = ${id}`,
    )
  )[0]!.tracking_key;
const key = await keyOf(site);
const categoryId = await insertTestCategory(db, 'Travel', [site]);
const [post] = await db
  .insert(posts)
  .values({ title: 'Lisbon', description: 'Lisbon', categoryId })
  .returning({ id: posts.id });
await db.insert(postVariants).values({
  postId: post!.id,
  websiteId: site,
  publishedUrl: 'https://site0.example.com/travel/lisbon/',
  publishedPath: '/travel/lisbon',
});

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
/** Where the tests' requests come from: the address a visitor hash is made of. */
const IP = '127.0.0.1';

/** A beacon as sendBeacon sends it: text/plain, an Origin, no cookie and no CSRF header. */
function beacon(
  body: unknown,
  { userAgent = DESKTOP, headers = {} as Record<string, string> } = {},
) {
  return fetch(`${server.url}/api/collect`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'https://site0.example.com',
      'user-agent': userAgent,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const rawCount = async () =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM traffic_events`))[0]!.n;

/** The number of `reason` drops /metrics counts. */
async function dropped(reason: string) {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((row) =>
      row.startsWith(`sitefleet_page_views_total{outcome="dropped",reason="${reason}"}`),
    );
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe('the beacon script', () => {
  it('is served to any origin, under 1 kB gzip, and posts to this server', async () => {
    const response = await fetch(`${server.url}/t.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('set-cookie')).toBeNull();
    const script = await response.text();
    expect(gzipSync(script).length).toBeLessThanOrEqual(1024);
    expect(script).toContain('/api/collect');
    expect(script).toContain('sendBeacon');
    expect(script).toContain('doNotTrack');
    expect(script).not.toMatch(/cookie|localStorage|sessionStorage/);
  });
});

describe('POST /api/collect', () => {
  it('answers a preflight and every post with CORS open to any origin', async () => {
    const preflight = await fetch(`${server.url}/api/collect`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const response = await beacon({ k: 'unknown-key', u: 'https://site0.example.com/' });
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('writes a page view to the raw table and every roll-up, keeping no IP and no user agent', async () => {
    const before = await rawCount();
    for (const userAgent of [DESKTOP, DESKTOP, PHONE]) {
      const response = await beacon(
        {
          k: key,
          u: 'https://www.site0.example.com/about?utm_source=x#team',
          r: 'https://news.example.org/story',
        },
        { userAgent },
      );
      expect(response.status).toBe(202);
    }
    await waitFor(async () => (await rawCount()) === before + 3, { what: 'three raw views' });

    const raw = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT * FROM traffic_events WHERE path = '/about' ORDER BY at`,
    );
    expect(raw).toHaveLength(3);
    expect(Object.keys(raw[0]!).sort()).toEqual(
      [
        'at',
        'category_id',
        'device',
        'path',
        'post_id',
        'referrer',
        'visitor',
        'website_id',
      ].sort(),
    );
    const stored = JSON.stringify(raw, (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(stored).not.toContain(IP);
    expect(stored).not.toContain('Chrome');
    expect(stored).not.toContain('iPhone');
    expect(raw.map((row) => [row.website_id, row.referrer, row.device])).toEqual([
      [site, 'news.example.org', 'desktop'],
      [site, 'news.example.org', 'desktop'],
      [site, 'news.example.org', 'mobile'],
    ]);
    // The same IP and user agent is one visitor; another user agent is another.
    expect(new Set(raw.map((row) => String(row.visitor))).size).toBe(2);

    const [daily] = await queryRows<{ views: number; visitors: number }>(
      db,
      sql`SELECT views, visitors FROM traffic_daily WHERE website_id = ${site} AND source = 'beacon'`,
    );
    expect(daily).toEqual({ views: 3, visitors: 2 });
    const [hourly] = await queryRows<{ views: number; visitors: number }>(
      db,
      sql`SELECT sum(views)::int AS views, sum(visitors)::int AS visitors FROM traffic_hourly
          WHERE website_id = ${site}`,
    );
    expect(hourly).toEqual({ views: 3, visitors: 2 });
    const pages = await queryRows<{ path: string; views: number; visitors: number }>(
      db,
      sql`SELECT path, views, visitors FROM traffic_pages WHERE website_id = ${site}`,
    );
    expect(pages).toEqual([{ path: '/about', views: 3, visitors: 2 }]);
    const referrers = await queryRows(
      db,
      sql`SELECT domain, views FROM traffic_referrers WHERE website_id = ${site}`,
    );
    expect(referrers).toEqual([{ domain: 'news.example.org', views: 3 }]);
    const devices = await queryRows(
      db,
      sql`SELECT device, views FROM traffic_devices WHERE website_id = ${site} ORDER BY device`,
    );
    expect(devices).toEqual([
      { device: 'desktop', views: 2 },
      { device: 'mobile', views: 1 },
    ]);
  });

  it("attributes a page to the post its meta tag names and to the post published at its path, with the post's category", async () => {
    const before = await rawCount();
    // The meta tag: on a page whose path no variant was published at.
    expect(
      (await beacon({ k: key, u: 'https://site0.example.com/?p=12', p: post!.id })).status,
    ).toBe(202);
    // The published URL, with its trailing slash and a query, read on a phone.
    expect(
      (
        await beacon(
          {
            k: key,
            u: 'https://site0.example.com/travel/lisbon/?ref=x',
            r: 'https://social.example.net/post/1',
          },
          { userAgent: PHONE },
        )
      ).status,
    ).toBe(202);
    // A category page, by its meta tag.
    expect(
      (await beacon({ k: key, u: 'https://site0.example.com/travel', c: categoryId })).status,
    ).toBe(202);
    // A post that has no variant on this website is not this website's: no attribution.
    expect(
      (await beacon({ k: key, u: 'https://site0.example.com/x', p: post!.id + 1000 })).status,
    ).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 4, { what: 'four raw views' });
    const pages = await queryRows<{
      path: string;
      post_id: number | null;
      category_id: number | null;
    }>(
      db,
      sql`SELECT path, post_id, category_id FROM traffic_pages
          WHERE website_id = ${site} AND path <> '/about' ORDER BY path`,
    );
    // The post's and its category's referrers and devices are its pages'.
    for (const [filter, desktop] of [
      [`post_id=${post!.id}`, 1],
      [`category_id=${categoryId}`, 2],
    ] as const) {
      const referred = await admin.get(`/api/traffic?${filter}`);
      expect(referred.body.top_referrers).toEqual([{ domain: 'social.example.net', views: 1 }]);
      expect(referred.body.devices).toEqual([
        { device: 'desktop', views: desktop },
        { device: 'mobile', views: 1 },
      ]);
    }
    // The post's hours: its two pages' views, by the hour, for the post and for its category.
    const day = new Date().toISOString().slice(0, 10);
    for (const filter of [`post_id=${post!.id}`, `category_id=${categoryId}`]) {
      const hours = await admin.get(`/api/traffic?${filter}&interval=hour&from=${day}&to=${day}`);
      expect(hours.status, JSON.stringify(hours.body)).toBe(200);
      const counted = filter.startsWith('post') ? 2 : 3;
      expect(
        hours.body.series.reduce((sum: number, point: { views: number }) => sum + point.views, 0),
      ).toBe(counted);
    }
    const hourly = await queryRows<{
      path: string;
      post_id: number | null;
      views: number;
      visitors: number;
    }>(
      db,
      sql`SELECT path, post_id, sum(views)::int AS views, sum(visitors)::int AS visitors
          FROM traffic_pages_hourly WHERE website_id = ${site} AND path <> '/about'
          GROUP BY path, post_id ORDER BY path`,
    );
    expect(hourly).toEqual([
      { path: '/', post_id: post!.id, views: 1, visitors: 1 },
      { path: '/travel', post_id: null, views: 1, visitors: 1 },
      { path: '/travel/lisbon', post_id: post!.id, views: 1, visitors: 1 },
      { path: '/x', post_id: null, views: 1, visitors: 1 },
    ]);
    expect(pages).toEqual([
      { path: '/', post_id: post!.id, category_id: categoryId },
      { path: '/travel', post_id: null, category_id: categoryId },
      { path: '/travel/lisbon', post_id: post!.id, category_id: categoryId },
      { path: '/x', post_id: null, category_id: null },
    ]);
  });

  it('attributes a page to the variant whose published URL was set by hand, and refuses what is not an http(s) URL', async () => {
    const [other] = await db
      .insert(posts)
      .values({ title: 'Porto', description: 'Porto', categoryId })
      .returning({ id: posts.id });
    const [variant] = await db
      .insert(postVariants)
      .values({ postId: other!.id, websiteId: site })
      .returning({ id: postVariants.id });
    const path = `/api/variants/post/${variant!.id}/published-url`;
    const saved = await admin.put(path, {
      published_url: 'https://site0.example.com/travel/porto',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Published URL saved',
      published_url: 'https://site0.example.com/travel/porto',
      published_path: '/travel/porto',
    });
    for (const published_url of [
      'ftp://site0.example.com/x',
      'porto',
      `https://x.example/${'a'.repeat(2100)}`,
    ]) {
      const refused = await admin.put(path, { published_url });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.published_url).toEqual([
        'Must be an http(s) URL of at most 2,048 characters',
      ]);
    }
    expect(
      (await admin.put('/api/variants/post/999999/published-url', { published_url: null })).status,
    ).toBe(404);
    // A NUL is refused; one escaped in the path is left out of it, as the beacon's paths leave it.
    const nul = await admin.put(path, { published_url: 'https://site0.example.com/a\u0000b' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.published_url).toEqual(['Must not contain the NUL character']);
    const escaped = await admin.put(path, { published_url: 'https://site0.example.com/a%00b' });
    expect(escaped.body.published_path).toBe('/ab');
    await admin.put(path, { published_url: 'https://site0.example.com/travel/porto' });

    const before = await rawCount();
    expect((await beacon({ k: key, u: 'https://site0.example.com/travel/porto/' })).status).toBe(
      202,
    );
    await waitFor(async () => (await rawCount()) === before + 1, { what: 'the view of Porto' });
    const [page] = await queryRows<{ post_id: number }>(
      db,
      sql`SELECT post_id FROM traffic_pages WHERE website_id = ${site} AND path = '/travel/porto'`,
    );
    expect(page).toEqual({ post_id: other!.id });
  });

  it('drops a wrong key, a foreign host, a bot, an oversized or malformed body and Do Not Track with 202, counting each', async () => {
    const reasons = ['key', 'host', 'bot', 'size', 'invalid', 'dnt'] as const;
    const counted = Object.fromEntries(
      await Promise.all(reasons.map(async (reason) => [reason, await dropped(reason)] as const)),
    );
    const before = await rawCount();
    const page = 'https://site0.example.com/dropped';
    const answers = await Promise.all([
      beacon({ k: 'not-a-key', u: page }),
      beacon({ k: key, u: 'https://site1.example.com/dropped' }),
      beacon({ k: key, u: page }, { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
      beacon({ k: key, u: page, r: 'x'.repeat(3000) }),
      beacon('{"k": "'),
      beacon({ k: key, u: page }, { headers: { dnt: '1' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(202));
    for (const reason of reasons) expect(await dropped(reason)).toBe(counted[reason]! + 1);
    // A view taken after them is written: the dropped ones never were.
    expect((await beacon({ k: key, u: 'https://site0.example.com/after' })).status).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 1, { what: 'the one view taken' });
    const paths = await queryRows(
      db,
      sql`SELECT path FROM traffic_events WHERE path LIKE '/dropped%'`,
    );
    expect(paths).toEqual([]);
  });
});

describe('what a page may send', () => {
  it('writes a view whose path carries an escaped NUL without it, and the views after it', async () => {
    const before = await rawCount();
    expect((await beacon({ k: key, u: 'https://site0.example.com/nul%00here' })).status).toBe(202);
    expect((await beacon({ k: key, u: 'https://site0.example.com/after-nul' })).status).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 2, { what: 'both views' });
    const paths = await queryRows<{ path: string }>(
      db,
      sql`SELECT path FROM traffic_pages WHERE path IN ('/nulhere', '/after-nul') ORDER BY path`,
    );
    expect(paths).toEqual([{ path: '/after-nul' }, { path: '/nulhere' }]);
  });

  it('drops a key with a NUL or of any other shape than a tracking key as a wrong key, with 202', async () => {
    const keyDrops = await dropped('key');
    // As JSON escapes, which the server reads into a NUL and a lone surrogate.
    for (const k of [`${key.slice(0, 16)}\\u0000${key.slice(17)}`, '\\ud800', 'x'.repeat(64)]) {
      const answer = await fetch(`${server.url}/api/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP },
        body: `{"k":"${k}","u":"https://site0.example.com/"}`,
      });
      expect(answer.status, k).toBe(202);
    }
    expect(await dropped('key')).toBe(keyDrops + 3);
  });
});

describe('the tracking key', () => {
  it("is in the website's answers, and a rotation makes the old one count for nothing", async () => {
    const website = await admin.get(`/api/websites/${otherSite}`);
    expect(website.body.tracking_key).toBe(await keyOf(otherSite));
    const settings = await admin.get(`/api/websites/${otherSite}/settings`);
    expect(settings.body.tracking_key).toBe(website.body.tracking_key);

    const rotated = await admin.post(`/api/websites/${otherSite}/tracking-key/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.message).toBe('Tracking key rotated: update the snippet on the website');
    expect(rotated.body.tracking_key).toMatch(/^[0-9a-f]{32}$/);
    expect(rotated.body.tracking_key).not.toBe(website.body.tracking_key);
    expect((await admin.get(`/api/websites/${otherSite}`)).body.tracking_key).toBe(
      rotated.body.tracking_key,
    );

    const keyDrops = await dropped('key');
    expect(
      (await beacon({ k: website.body.tracking_key, u: 'https://site1.example.com/' })).status,
    ).toBe(202);
    expect(await dropped('key')).toBe(keyDrops + 1);
    const before = await rawCount();
    expect(
      (await beacon({ k: rotated.body.tracking_key, u: 'https://site1.example.com/' })).status,
    ).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 1, {
      what: 'the view with the new key',
    });

    expect((await admin.post('/api/websites/999999/tracking-key/rotate')).status).toBe(404);
  });

  it("counts a new website's first view, sent at once after a wrong key was looked up", async () => {
    // The wrong key makes the process read the keys: the website is made just after that read.
    expect((await beacon({ k: 'no-such-key', u: 'https://site0.example.com/' })).status).toBe(202);
    const created = await admin.post('/api/websites', {
      name: 'Fresh Beacon Site',
      url: 'https://fresh-beacon.example.com',
      hosting: 'Test',
      cost: 10,
      duration: 12,
    });
    expect(created.status).toBe(201);
    const keyDrops = await dropped('key');
    const before = await rawCount();
    const sent = await beacon(
      { k: created.body.tracking_key, u: 'https://fresh-beacon.example.com/' },
      { headers: { origin: 'https://fresh-beacon.example.com' } },
    );
    expect(sent.status).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 1, {
      what: "the new website's first view",
    });
    expect(await dropped('key')).toBe(keyDrops);
  });
});

describe('the raw views partitions', () => {
  it("makes today's and the next days' partitions, moves the views the default one took, and drops those past retention", async () => {
    const context = { db, secrets: server.context.secrets };
    const inDefault = (
      await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM traffic_events_default`)
    )[0]!.n;
    expect(inDefault).toBeGreaterThan(0);
    const total = await rawCount();

    const today = new Date();
    const made = await keepTrafficPartitions(context, today);
    expect(made.made).toHaveLength(4);
    expect(made.made[0]).toBe(today.toISOString().slice(0, 10));
    expect(made.dropped).toEqual([]);
    // Every view moved to its day's partition, none lost.
    expect(await rawCount()).toBe(total);
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM traffic_events_default`,
    );
    expect(left[0]!.n).toBe(0);
    // A second run makes nothing.
    expect((await keepTrafficPartitions(context, today)).made).toEqual([]);

    // Views keep arriving into today's partition.
    const before = await rawCount();
    expect((await beacon({ k: key, u: 'https://site0.example.com/partitioned' })).status).toBe(202);
    await waitFor(async () => (await rawCount()) === before + 1, {
      what: 'a view in the partition',
    });

    // Forty days on, with the default retention of 30 days, today's partitions go; the roll-ups stay.
    const later = new Date(today.getTime() + 40 * 86_400_000);
    const run = await keepTrafficPartitions(context, later);
    expect(run.dropped).toEqual(made.made);
    expect(await partitionDays(db)).toEqual(run.made);
    expect(await rawCount()).toBe(0);
    const [daily] = await queryRows<{ views: number }>(
      db,
      sql`SELECT sum(views)::int AS views FROM traffic_daily WHERE website_id = ${site}`,
    );
    expect(daily!.views).toBeGreaterThan(0);
  });
});
