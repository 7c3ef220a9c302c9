import { TRAFFIC_MAX_DAYS, TRAFFIC_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { refreshViews } from '../src/modules/traffic/views.ts';
import { insertTestCategory, insertTestWebsites, serverForFile, tokenOf } from './fixtures.ts';
import { expectSortsBothWays } from './harness.ts';

/**
 * The traffic reads over roll-up rows written here directly, as the beacon's writer and Google's
 * import would have left them: two websites with views (Alpha, Beta) and one without (Closed).
 */
const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;
const [alpha, beta, closed] = await insertTestWebsites(db);
const food = await insertTestCategory(db, 'Traffic Food', [alpha, beta]);
const drinks = await insertTestCategory(db, 'Traffic Drinks', [alpha]);
await insertTestCategory(db, 'Traffic Quiet', [alpha]);
const insertPost = async (title: string, categoryId: number) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO posts (title, description, category_id)
          VALUES (${title}, ${title}, ${categoryId}) RETURNING id`,
    )
  )[0]!.id;
const soup = await insertPost('Traffic Soup', food);
const tea = await insertPost('Traffic Tea', drinks);
await insertPost('Traffic Unread', food);

type Daily = [website: number, source: string, day: string, views: number, visitors: number];
const daily = async (rows: Daily[], clicks = 0, impressions = 0) => {
  for (const [website, source, day, views, visitors] of rows) {
    await db.execute(
      sql`INSERT INTO traffic_daily (website_id, source, day, views, visitors, clicks, impressions)
          VALUES (${website}, ${source}, ${day}, ${views}, ${visitors}, ${clicks}, ${impressions})`,
    );
  }
};
await daily([
  [alpha, 'beacon', '2026-09-28', 15, 3],
  [alpha, 'beacon', '2026-10-01', 10, 4],
  [alpha, 'beacon', '2026-10-03', 20, 5],
  [alpha, 'beacon', '2026-10-08', 7, 2],
  [beta, 'beacon', '2026-09-30', 12, 6],
  [beta, 'beacon', '2026-10-02', 5, 1],
  [beta, 'beacon', '2026-10-07', 1, 1],
  [alpha, 'ga4', '2026-10-02', 100, 50],
]);
await daily([[alpha, 'search_console', '2026-10-02', 0, 0]], 3, 40);
await db.execute(
  sql`INSERT INTO traffic_hourly (website_id, hour, views, visitors) VALUES
        (${alpha}, '2026-10-01T05:00:00Z', 6, 3), (${alpha}, '2026-10-01T23:00:00Z', 4, 2),
        (${beta}, '2026-10-02T00:00:00Z', 5, 1)`,
);
type Page = [number, string, string, string, number | null, number | null, number];
const pages: Page[] = [
  [alpha, 'beacon', '2026-10-01', '/', null, null, 4],
  [alpha, 'beacon', '2026-10-01', '/food', null, food, 2],
  // A post's page that names no category: the category counts it through its post.
  [alpha, 'beacon', '2026-10-01', '/soup', soup, null, 3],
  [beta, 'beacon', '2026-10-02', '/soup', soup, food, 5],
  [alpha, 'beacon', '2026-10-03', '/tea', tea, drinks, 1],
  [alpha, 'ga4', '2026-10-02', '/tea', tea, drinks, 60],
];
for (const [website, source, day, path, post, category, views] of pages) {
  await db.execute(
    sql`INSERT INTO traffic_pages (website_id, source, day, path, post_id, category_id, views,
                                   visitors)
        VALUES (${website}, ${source}, ${day}, ${path}, ${post}, ${category}, ${views}, 1)`,
  );
}
await db.execute(
  sql`INSERT INTO traffic_pages (website_id, source, day, path, post_id, views, clicks, impressions)
      VALUES (${alpha}, 'search_console', '2026-10-02', '/soup', ${soup}, 0, 3, 40)`,
);
await db.execute(
  sql`INSERT INTO traffic_referrers (website_id, day, domain, views) VALUES
        (${alpha}, '2026-10-01', 'news.example', 6), (${beta}, '2026-10-02', 'news.example', 2),
        (${alpha}, '2026-10-03', 'search.example', 3)`,
);

const WEEK = 'from=2026-10-01&to=2026-10-07';
const day = (date: string, hour = '00') => `${date}T${hour}:00:00.000Z`;
const traffic = async (query: string) => {
  const response = await admin.get(`/api/traffic?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const views = (body: { series: { views: number }[] }) => body.series.map((point) => point.views);

describe('GET /api/traffic', () => {
  it("answers the fleet's days, zero-filled, with totals, top pages and top referrers", async () => {
    const body = await traffic(WEEK);
    expect(body.series.map((point: { t: string }) => point.t)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => day(`2026-10-${d}`)),
    );
    expect(views(body)).toEqual([10, 5, 20, 0, 0, 0, 1]);
    expect(body.series[0]).toEqual({ t: day('2026-10-01'), views: 10, visitors: 4 });
    expect(body.totals).toEqual({ views: 36, visitors: 11 });
    expect(body.top_pages).toEqual([
      { website_id: beta, path: '/soup', post_id: soup, views: 5 },
      { website_id: alpha, path: '/', post_id: null, views: 4 },
      { website_id: alpha, path: '/soup', post_id: soup, views: 3 },
      { website_id: alpha, path: '/food', post_id: null, views: 2 },
      { website_id: alpha, path: '/tea', post_id: tea, views: 1 },
    ]);
    expect(body.top_referrers).toEqual([
      { domain: 'news.example', views: 8 },
      { domain: 'search.example', views: 3 },
    ]);
  });

  it('answers weeks (from Monday) and months, counting only the days of the period', async () => {
    const weeks = await traffic('from=2026-10-01&to=2026-10-14&interval=week');
    expect(weeks.series.map((point: { t: string }) => point.t)).toEqual([
      day('2026-09-28'),
      day('2026-10-05'),
      day('2026-10-12'),
    ]);
    // 28 September is in the first week but not in the period.
    expect(views(weeks)).toEqual([35, 8, 0]);
    // A week's visitors are the sum of its days'.
    expect(weeks.series[0].visitors).toBe(10);
    const months = await traffic('from=2026-09-15&to=2026-10-31&interval=month');
    expect(months.series.map((point: { t: string }) => point.t)).toEqual([
      day('2026-09-01'),
      day('2026-10-01'),
    ]);
    expect(views(months)).toEqual([27, 43]);
  });

  it("answers a website's hours, with its days' visitors as totals", async () => {
    const body = await traffic(`website_id=${alpha}&from=2026-10-01&to=2026-10-01&interval=hour`);
    expect(body.series).toHaveLength(24);
    expect(body.series[0].t).toBe(day('2026-10-01', '00'));
    expect(body.series[5]).toEqual({ t: day('2026-10-01', '05'), views: 6, visitors: 3 });
    expect(body.series[23]).toEqual({ t: day('2026-10-01', '23'), views: 4, visitors: 2 });
    expect(views(body).reduce((a: number, b: number) => a + b)).toBe(10);
    // The day's 4 visitors, not the 5 of its hours added up.
    expect(body.totals).toEqual({ views: 10, visitors: 4 });
    const fleet = await traffic('from=2026-10-01&to=2026-10-02&interval=hour');
    expect(fleet.series).toHaveLength(48);
    expect(fleet.series[24]).toEqual({ t: day('2026-10-02', '00'), views: 5, visitors: 1 });
  });

  it("answers one website's days, pages and referrers", async () => {
    const body = await traffic(`website_id=${beta}&${WEEK}`);
    expect(views(body)).toEqual([0, 5, 0, 0, 0, 0, 1]);
    expect(body.totals).toEqual({ views: 6, visitors: 2 });
    expect(body.top_pages).toEqual([{ website_id: beta, path: '/soup', post_id: soup, views: 5 }]);
    expect(body.top_referrers).toEqual([{ domain: 'news.example', views: 2 }]);
  });

  it("answers a category's pages and its posts' pages, and a post's", async () => {
    const category = await traffic(`category_id=${food}&${WEEK}`);
    expect(views(category)).toEqual([5, 5, 0, 0, 0, 0, 0]);
    expect(category.totals.views).toBe(10);
    expect(category.top_pages.map((page: { path: string }) => page.path)).toEqual([
      '/soup',
      '/soup',
      '/food',
    ]);
    // Referrers are kept per website, not per page.
    expect(category.top_referrers).toEqual([]);
    expect((await traffic(`category_id=${food}&website_id=${alpha}&${WEEK}`)).totals.views).toBe(5);
    expect((await traffic(`category_id=${drinks}&${WEEK}`)).totals.views).toBe(1);
    const post = await traffic(`post_id=${soup}&${WEEK}`);
    expect(views(post)).toEqual([3, 5, 0, 0, 0, 0, 0]);
    expect(post.totals.views).toBe(8);
    expect((await traffic(`post_id=${tea}&category_id=${food}&${WEEK}`)).totals.views).toBe(0);
  });

  it("answers Google's sources, Search Console's with clicks and impressions", async () => {
    const ga4 = await traffic(`source=ga4&${WEEK}`);
    expect(ga4.totals).toEqual({ views: 100, visitors: 50 });
    expect(ga4.top_pages).toEqual([{ path: '/tea', post_id: tea, views: 60, website_id: alpha }]);
    expect(ga4.top_referrers).toEqual([]);
    const search = await traffic(`source=search_console&${WEEK}`);
    expect(search.series[1]).toEqual({
      t: day('2026-10-02'),
      views: 0,
      visitors: 0,
      clicks: 3,
      impressions: 40,
    });
    expect(search.series[0]).toMatchObject({ clicks: 0, impressions: 0 });
    expect(search.totals).toEqual({ views: 0, visitors: 0, clicks: 3, impressions: 40 });
    expect(search.top_pages).toEqual([
      { website_id: alpha, path: '/soup', post_id: soup, views: 0 },
    ]);
    const post = await traffic(`source=search_console&post_id=${soup}&${WEEK}`);
    expect(post.totals).toMatchObject({ clicks: 3, impressions: 40 });
  });

  it('reads the last 30 days, today included, when no period is named', async () => {
    const body = await traffic('');
    expect(body.series).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.series.at(-1).t).toBe(day(today));
    expect((await traffic(`from=2026-10-01`)).series.at(-1).t).toBe(day('2026-10-30'));
    expect((await traffic(`to=2026-10-30`)).series[0].t).toBe(day('2026-10-01'));
  });

  it('refuses a reversed or too long period, hours of Google or of pages, an unknown website', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const response = await admin.get(`/api/traffic?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors[field], query).toEqual([message]);
    };
    await refused('from=2026-10-07&to=2026-10-01', 'to', TRAFFIC_MESSAGES.rangeReversed);
    await refused(
      'from=2025-01-01&to=2026-10-01',
      'from',
      TRAFFIC_MESSAGES.rangeTooLong(TRAFFIC_MAX_DAYS),
    );
    await refused('from=2026-13-01', 'from', TRAFFIC_MESSAGES.dateInvalid);
    await refused('from=0000-01-01', 'from', TRAFFIC_MESSAGES.dateInvalid);
    await refused('to=9999-12-31', 'to', TRAFFIC_MESSAGES.dateInvalid);
    await refused('interval=hour&source=ga4', 'interval', TRAFFIC_MESSAGES.hourBeaconOnly);
    await refused('website_id=999999', 'website_id', TRAFFIC_MESSAGES.websiteUnknown);
    expect((await admin.get('/api/traffic?interval=year')).status).toBe(422);
    expect((await admin.get('/api/traffic/websites?to=2026-01-01&from=2026-02-01')).status).toBe(
      422,
    );
    expect((await admin.get('/api/traffic/websites?order_key=cost')).status).toBe(422);
  });

  it('shows a token limited to some websites their traffic only', async () => {
    const { client } = await tokenOf(admin, { abilities: ['website-list'], website_ids: [beta] });
    const fleet = await client.get(`/api/traffic?${WEEK}`);
    expect(fleet.status).toBe(200);
    expect(fleet.body.totals).toEqual({ views: 6, visitors: 2 });
    expect(fleet.body.top_pages.map((page: { website_id: number }) => page.website_id)).toEqual([
      beta,
    ]);
    expect(fleet.body.top_referrers).toEqual([{ domain: 'news.example', views: 2 }]);
    expect((await client.get(`/api/traffic?category_id=${food}&${WEEK}`)).body.totals.views).toBe(
      5,
    );
    const outside = await client.get(`/api/traffic?website_id=${alpha}&${WEEK}`);
    expect(outside.status).toBe(422);
    expect(outside.body.errors.website_id).toEqual([TRAFFIC_MESSAGES.websiteUnknown]);
    const table = await client.get(`/api/traffic/websites?${WEEK}`);
    expect(table.body.data.map((row: { id: number }) => row.id)).toEqual([beta]);
    expect(table.body.total).toBe(1);
  });
});

describe('GET /api/traffic/websites', () => {
  const table = async (query: string) => {
    const response = await admin.get(`/api/traffic/websites?${WEEK}&${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('lists every website with its views, visitors, change and daily views', async () => {
    const body = await table('');
    expect(body.total).toBe(3);
    expect(body.data).toEqual([
      {
        id: alpha,
        name: 'Alpha Site',
        url: 'https://site0.example.com',
        views: 30,
        visitors: 9,
        change: 1,
        sparkline: [10, 0, 20, 0, 0, 0, 0],
      },
      {
        id: beta,
        name: 'Beta Site',
        url: 'https://site1.example.com',
        views: 6,
        visitors: 2,
        change: -0.5,
        sparkline: [0, 5, 0, 0, 0, 0, 1],
      },
      {
        id: closed,
        name: 'Closed Site',
        url: 'https://site2.example.com',
        views: 0,
        visitors: 0,
        change: null,
        sparkline: [0, 0, 0, 0, 0, 0, 0],
      },
    ]);
    const ga4 = await table('source=ga4');
    expect(ga4.data[0]).toMatchObject({ id: alpha, views: 100, change: null });
    expect(ga4.data[0].sparkline).toEqual([0, 100, 0, 0, 0, 0, 0]);
    const defaults = await admin.get('/api/traffic/websites');
    expect(defaults.body.data[0].sparkline).toHaveLength(30);
  });

  it('sorts by each key both ways, a website without a change last either way', async () => {
    const name = (row: { name: string }) => row.name;
    await expectSortsBothWays(admin, `/api/traffic/websites?${WEEK}`, name, {
      views: ['Closed Site', 'Beta Site', 'Alpha Site'],
      visitors: ['Closed Site', 'Beta Site', 'Alpha Site'],
      name: ['Alpha Site', 'Beta Site', 'Closed Site'],
    });
    const byChange = async (direction: string) =>
      (await table(`order_key=change&order_dir=${direction}`)).data.map(name);
    expect(await byChange('desc')).toEqual(['Alpha Site', 'Beta Site', 'Closed Site']);
    expect(await byChange('asc')).toEqual(['Beta Site', 'Alpha Site', 'Closed Site']);
  });

  it('answers from the days and the websites as they are now, however they were written', async () => {
    const closedViews = async () =>
      (await table('')).data.find((row: { id: number }) => row.id === closed);
    expect(await closedViews()).toMatchObject({ views: 0, name: 'Closed Site' });
    // Days written straight into the roll-up, as an import or a repair would, count at once.
    await daily([[closed, 'beacon', '2026-10-05', 40, 8]]);
    expect(await closedViews()).toMatchObject({ views: 40, visitors: 8 });
    await db.execute(sql`UPDATE traffic_daily SET views = 4 WHERE website_id = ${closed}`);
    expect(await closedViews()).toMatchObject({ views: 4 });
    await db.execute(sql`DELETE FROM traffic_daily WHERE website_id = ${closed}`);
    expect(await closedViews()).toMatchObject({ views: 0 });
    // A renamed website shows its new name, its sums kept.
    await db.execute(sql`UPDATE websites SET name = 'Closed Site Renamed' WHERE id = ${closed}`);
    expect(await closedViews()).toMatchObject({ name: 'Closed Site Renamed' });
    await db.execute(sql`UPDATE websites SET name = 'Closed Site' WHERE id = ${closed}`);
    // A website added or removed is in the table, or gone from it, at once.
    const [added] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO websites (name, url, hosting, cost, duration, webhook_secret)
          VALUES ('Added Site', 'https://added.example.com', 'Test', 1, 1, 'secret')
          RETURNING id`,
    );
    expect((await table('')).total).toBe(4);
    await db.execute(sql`DELETE FROM websites WHERE id = ${added!.id}`);
    expect((await table('')).total).toBe(3);
  });

  it('searches by name or address, and pages', async () => {
    expect((await table('query=beta')).data.map((row: { id: number }) => row.id)).toEqual([beta]);
    expect((await table('query=site2.example')).data.map((row: { id: number }) => row.id)).toEqual([
      closed,
    ]);
    const second = await table('per_page=2&page=2');
    expect(second.data.map((row: { id: number }) => row.id)).toEqual([closed]);
    expect(second).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    expect((await table('per_page=2&page=3')).data).toEqual([]);
  });
});

describe('the views task', () => {
  const viewsOf = async (
    table: 'websites' | 'categories' | 'posts',
    ids: number[],
    column: 'views' | 'ga4_views' = 'views',
  ) => {
    const rows = await queryRows<{ id: number; views: number }>(
      db,
      sql`SELECT id, ${sql.identifier(column)} AS views FROM ${sql.identifier(table)} ORDER BY id`,
    );
    return ids.map((id) => rows.find((row) => row.id === id)?.views);
  };

  it("keeps the beacon's last 30 days, writing only what changed, and the lists sort by them", async () => {
    // What the demo data or an earlier run left: a number with no page views behind it.
    await db.execute(sql`UPDATE websites SET views = 99 WHERE id = ${closed}`);
    const oct7 = new Date('2026-10-07T12:00:00Z');
    expect(await refreshViews(db, oct7)).toEqual({
      beacon: { websites: 3, categories: 2, posts: 2 },
      ga4: { websites: 1, categories: 1, posts: 1 },
    });
    expect(await viewsOf('websites', [alpha, beta, closed])).toEqual([45, 18, 0]);
    expect(await viewsOf('categories', [food, drinks])).toEqual([10, 1]);
    expect(await viewsOf('posts', [soup, tea])).toEqual([8, 1]);
    // What GA4 counted is kept beside them, never added to them.
    expect(await viewsOf('websites', [alpha, beta], 'ga4_views')).toEqual([100, 0]);
    expect(await viewsOf('categories', [food, drinks], 'ga4_views')).toEqual([0, 60]);
    expect(await viewsOf('posts', [soup, tea], 'ga4_views')).toEqual([0, 60]);
    const unchanged = { websites: 0, categories: 0, posts: 0 };
    expect(await refreshViews(db, oct7)).toEqual({ beacon: unchanged, ga4: unchanged });

    const websites = await admin.get('/api/websites?order_key=views&order_dir=desc');
    expect(websites.body.data.map((row: { id: number }) => row.id)).toEqual([alpha, beta, closed]);
    const categories = await admin.get(
      '/api/categories?query=Traffic&order_key=views&order_dir=desc',
    );
    expect(categories.status, JSON.stringify(categories.body)).toBe(200);
    expect(
      categories.body.data.map((row: { name: string; views: number }) => [row.name, row.views]),
    ).toEqual([
      ['Traffic Food', 10],
      ['Traffic Drinks', 1],
      ['Traffic Quiet', 0],
    ]);
    const title = (row: { title: string }) => row.title;
    await expectSortsBothWays(admin, '/api/posts?query=Traffic', title, {
      views: ['Traffic Unread', 'Traffic Tea', 'Traffic Soup'],
    });
    const posts = await admin.get('/api/posts?order_key=views');
    expect(posts.body.data[0]).toMatchObject({ id: soup, views: 8 });
    const top = await admin.get('/api/stats/top-websites');
    expect(top.body[0]).toMatchObject({ id: alpha, views: 45 });
    // Each list shows and sorts by GA4's figure too.
    const byGa4 = await admin.get('/api/websites?order_key=ga4_views&order_dir=desc');
    expect(byGa4.body.data[0]).toMatchObject({ id: alpha, views: 45, ga4_views: 100 });
    const categoriesByGa4 = await admin.get(
      '/api/categories?query=Traffic&order_key=ga4_views&order_dir=desc',
    );
    expect(categoriesByGa4.body.data[0]).toMatchObject({ name: 'Traffic Drinks', ga4_views: 60 });
    await expectSortsBothWays(admin, '/api/posts?query=Traffic', title, {
      ga4_views: ['Traffic Soup', 'Traffic Unread', 'Traffic Tea'],
    });

    // Six weeks on, the window holds none of these days: every number goes back to 0.
    expect(await refreshViews(db, new Date('2026-11-20T00:00:00Z'))).toEqual({
      beacon: { websites: 2, categories: 2, posts: 2 },
      ga4: { websites: 1, categories: 1, posts: 1 },
    });
    expect(await viewsOf('websites', [alpha, beta, closed])).toEqual([0, 0, 0]);
    expect(await viewsOf('posts', [soup, tea])).toEqual([0, 0]);
  });
});
