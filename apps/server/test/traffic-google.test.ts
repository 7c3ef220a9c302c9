import { TRAFFIC_GOOGLE_MESSAGES, TRAFFIC_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { importDaily } from '../src/pipeline/traffic-import/plan.ts';
import { importWebsite } from '../src/pipeline/traffic-import/run.ts';
import { type Ga4Row, reportOf, type SearchRow, startFakeGoogle } from './fake-google-analytics.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  quietTaskContext,
  serverForFile,
} from './fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from './harness.ts';

/**
 * The GA4 and Search Console import against a local fake of both APIs: the properties the grant
 * sees mapped to websites by host (or by a website's settings), a day's rows replacing what was
 * imported for it in the roll-ups, a 429 mid-import resumed from the page it stopped at, and a
 * daily quota that waits for the next UTC day. Reports are asked three rows a page, so that a
 * day takes several pages.
 */

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
const [D1, D2, D3] = [6, 5, 4].map((back) => isoDay(today - back * DAY_MS)) as [
  string,
  string,
  string,
];

const google = await startFakeGoogle();
afterAll(() => google.close());
const server = await serverForFile(
  {
    ...FAST_QUEUE_ENV,
    GOOGLE_CLIENT_ID: 'fleet-client',
    GOOGLE_CLIENT_SECRET: 'fleet-secret',
    GOOGLE_AUTH_URL: `${google.url}/auth`,
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GOOGLE_REPORT_ROWS: '3',
  },
  { workers: true },
);
const admin = await server.admin();
const db = server.database.db;
const context = quietTaskContext(server);

await setSetting(admin, 'google.analytics_admin_url', google.url);
await setSetting(admin, 'google.analytics_data_url', `${google.url}/`);
await setSetting(admin, 'google.search_console_url', google.url);

// Login with Google: the consent, then the code exchanged at the fake's token endpoint.
const consent = new URL((await admin.get('/api/google-auth')).body.auth_url);
const connected = await admin.post('/api/google-callback', {
  code: 'code-1',
  state: consent.searchParams.get('state'),
});
expect(connected.status).toBe(200);

const alpha = await createWebsite(admin, { url: 'https://www.alpha.example' });
const beta = await createWebsite(admin, { url: 'https://beta.example/blog' });
const gamma = await createWebsite(admin, { url: 'https://gamma.example' });
const food = await createCategory(admin, { websites: [alpha.id] });
const hello = await createPost(admin, { category_id: food.id });
await db.execute(
  sql`UPDATE post_variants SET published_path = '/hello' WHERE post_id = ${hello.id}`,
);
await db.execute(
  sql`UPDATE category_variants SET published_path = '/food' WHERE category_id = ${food.id}`,
);

/** `n` pages of a GA4 day, each with views, sessions and users of its own. */
const ga4Rows = (n: number, seed: number): Ga4Row[] =>
  Array.from({ length: n }, (_, index) => ({
    path: index === 0 ? '/hello' : index === 1 ? '/food' : `/page-${index}`,
    views: seed * 10 + index,
    sessions: seed + index,
    users: seed + index + 1,
  }));
const searchRows = (host: string, n: number, seed: number): SearchRow[] =>
  Array.from({ length: n }, (_, index) => ({
    page: `https://${host}/page-${index}`,
    clicks: seed + index,
    impressions: (seed + index) * 20,
    position: 3 + index,
  }));

google.ga4.push(
  {
    id: 'properties/101',
    name: 'Alpha',
    defaultUri: 'https://alpha.example',
    days: { [D1]: ga4Rows(7, 1), [D2]: ga4Rows(7, 2), [D3]: ga4Rows(5, 3) },
  },
  {
    id: 'properties/202',
    name: 'Beta',
    defaultUri: 'https://beta.example',
    days: { [D1]: ga4Rows(2, 4) },
  },
  { id: 'properties/303', name: 'Gamma shop', defaultUri: 'https://shop.gamma.test', days: {} },
);
google.sites.push(
  {
    siteUrl: 'sc-domain:alpha.example',
    days: {
      // The domain property also counts another subdomain's pages: not the website's.
      [D1]: [...searchRows('www.alpha.example', 4, 1), ...searchRows('docs.alpha.example', 1, 9)],
      [D2]: searchRows('alpha.example', 2, 2),
    },
  },
  { siteUrl: 'https://beta.example/', days: {} },
  { siteUrl: 'sc-domain:nobody.example', permissionLevel: 'siteUnverifiedUser', days: {} },
);

interface DailyRow {
  website_id: number;
  source: string;
  day: string;
  views: number;
  visitors: number;
  clicks: number;
  impressions: number;
}
const dailyRows = (websiteId: number) =>
  queryRows<DailyRow>(
    db,
    sql`SELECT website_id, source, day::text AS day, views, visitors, clicks, impressions
        FROM traffic_daily WHERE website_id = ${websiteId} ORDER BY source, day`,
  );
const pageRows = (websiteId: number, source: string, day: string) =>
  queryRows<{
    path: string;
    post_id: number | null;
    category_id: number | null;
    views: number;
    visitors: number;
    clicks: number;
    impressions: number;
    position: number | null;
  }>(
    db,
    sql`SELECT path, post_id, category_id, views, visitors, clicks, impressions, position
        FROM traffic_pages WHERE website_id = ${websiteId} AND source = ${source}
          AND day = ${day}::date ORDER BY path`,
  );
const sum = <T>(rows: readonly T[], of: (row: T) => number) =>
  rows.reduce((total, row) => total + of(row), 0);

/** The GA4 day as it should be in traffic_daily: its visitors GA4's total for the day. */
const ga4Daily = (websiteId: number, day: string, rows: Ga4Row[], users?: number) => ({
  website_id: websiteId,
  source: 'ga4',
  day,
  views: sum(rows, (row) => row.views),
  visitors: users ?? sum(rows, (row) => row.users),
  clicks: 0,
  impressions: 0,
});
const searchDaily = (websiteId: number, day: string, rows: SearchRow[]) => ({
  website_id: websiteId,
  source: 'search_console',
  day,
  views: 0,
  visitors: 0,
  clicks: sum(rows, (row) => row.clicks),
  impressions: sum(rows, (row) => row.impressions),
});

/** Starts a backfill and waits for it to end; answers its progress. */
async function backfill(body: Record<string, unknown>) {
  const started = await admin.post('/api/traffic/import', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitFor(
    async () => {
      const progress = await admin.get(`/api/traffic/import/${started.body.import_id}`);
      return ['done', 'failed'].includes(progress.body.status) && progress.body;
    },
    { what: 'the backfill', timeoutMs: 60_000 },
  );
}

const property = async (id: string) =>
  (await admin.get('/api/traffic/google/properties')).body.find(
    (row: { id: string }) => row.id === id,
  );

describe('the GA4 and Search Console import', () => {
  it('lists what the grant sees, each property mapped to the website of its host', async () => {
    expect((await admin.get('/api/traffic/google/properties')).body).toEqual([]);
    const progress = await backfill({ website_ids: [alpha.id, beta.id], from: D1, to: D3 });
    expect(progress).toMatchObject({ status: 'done', from: D1, to: D3, failed: 0 });
    const listed = (await admin.get('/api/traffic/google/properties')).body;
    const mapped = (kind: string, id: string) =>
      listed.find((row: { kind: string; id: string }) => row.kind === kind && row.id === id);
    expect(listed).toHaveLength(5);
    expect(mapped('ga4', 'properties/101')).toMatchObject({
      name: 'Alpha',
      host: 'alpha.example',
      website_id: alpha.id,
      last_error: null,
    });
    expect(mapped('ga4', 'properties/202')).toMatchObject({
      host: 'beta.example',
      website_id: beta.id,
    });
    expect(mapped('ga4', 'properties/303')).toMatchObject({
      host: 'shop.gamma.test',
      website_id: null,
      last_imported_at: null,
    });
    expect(mapped('search_console', 'sc-domain:alpha.example')).toMatchObject({
      host: 'alpha.example',
      website_id: alpha.id,
    });
    expect(mapped('search_console', 'https://beta.example/')).toMatchObject({
      website_id: beta.id,
    });
    // A site its user has not verified answers nothing: it is not listed.
    expect(mapped('search_console', 'sc-domain:nobody.example')).toBeUndefined();
    // Alpha: GA4 and Search Console, three days each; Beta: the same.
    expect(progress).toMatchObject({ total: 12, processed: 12 });
  });

  it('writes each day into the roll-ups, pages matched to the post and category published there', async () => {
    const [site] = google.sites;
    expect(await dailyRows(alpha.id)).toEqual([
      ga4Daily(alpha.id, D1, google.ga4[0]!.days[D1]!),
      ga4Daily(alpha.id, D2, google.ga4[0]!.days[D2]!),
      ga4Daily(alpha.id, D3, google.ga4[0]!.days[D3]!),
      searchDaily(alpha.id, D1, site!.days[D1]!.slice(0, 4)),
      searchDaily(alpha.id, D2, site!.days[D2]!),
    ]);
    const pages = await pageRows(alpha.id, 'ga4', D1);
    expect(pages).toHaveLength(7);
    expect(pages.find((row) => row.path === '/hello')).toMatchObject({
      post_id: hello.id,
      category_id: food.id,
      views: 10,
      visitors: 2,
    });
    expect(pages.find((row) => row.path === '/food')).toMatchObject({
      post_id: null,
      category_id: food.id,
      views: 11,
    });
    expect(pages.find((row) => row.path === '/page-6')).toMatchObject({
      post_id: null,
      category_id: null,
    });
    const search = await pageRows(alpha.id, 'search_console', D1);
    expect(search.map((row) => row.path)).toEqual(['/page-0', '/page-1', '/page-2', '/page-3']);
    expect(search[0]).toMatchObject({ clicks: 1, impressions: 20, views: 0 });
    expect(search[0]!.position).toBeCloseTo(3);
    expect(await dailyRows(beta.id)).toEqual([ga4Daily(beta.id, D1, google.ga4[1]!.days[D1]!)]);
    expect((await property('properties/101')).last_imported_at).not.toBeNull();
  });

  it('resumes after a 429 from the page it stopped at, counting no day twice', async () => {
    // Google counted more since: every day of Alpha's is new. D2's readers read several pages
    // each: its day counts fewer users than its pages do.
    const [alphaGa4] = google.ga4;
    alphaGa4!.days = { [D1]: ga4Rows(7, 5), [D2]: ga4Rows(8, 6), [D3]: ga4Rows(4, 7) };
    alphaGa4!.users = { [D2]: 4 };
    google.sites[0]!.days = { [D2]: searchRows('alpha.example', 5, 8) };
    const before = await dailyRows(alpha.id);
    const from = google.requests.length;
    let limited = false;
    google.intercept = (request) => {
      const report = reportOf(request);
      const isSecondPageOfD2 =
        report?.property === 'properties/101' && report.day === D2 && report.offset === 3;
      if (!isSecondPageOfD2 || limited) return undefined;
      limited = true;
      return {
        status: 429,
        headers: { 'retry-after': '3600' },
        json: { error: { code: 429, message: 'Too many requests.', status: 'RESOURCE_EXHAUSTED' } },
      };
    };
    const started = await admin.post('/api/traffic/import', {
      website_ids: [alpha.id],
      from: D1,
      to: D3,
    });
    expect(started.status).toBe(202);
    const waiting = await waitFor(
      async () => {
        const found = await property('properties/101');
        return found.last_error?.includes('resumes at') && found;
      },
      { what: 'the 429 to show', timeoutMs: 60_000 },
    );
    expect(waiting.last_error).toContain('Google answered 429: Too many requests.');
    const [{ retry_at: retryAt }] = (await queryRows<{ retry_at: Date }>(
      db,
      sql`SELECT retry_at FROM traffic_google_properties WHERE id = 'properties/101'`,
    )) as [{ retry_at: Date }];
    expect(waiting.last_error).toContain(new Date(retryAt).toISOString());
    // Its job goes on by itself at the end of the wait.
    const jobs = await queryRows<{ start_after: Date }>(
      db,
      sql`SELECT start_after FROM pgboss.job WHERE name = 'traffic-import' AND state = 'created'
            AND (data->>'websiteId')::int = ${alpha.id}`,
    );
    expect(jobs.map((job) => new Date(job.start_after).getTime())).toEqual([
      new Date(retryAt).getTime(),
    ]);
    // D1 is the new count; D2 is still the last import's, not part of the new one.
    const halfway = await dailyRows(alpha.id);
    expect(halfway.find((row) => row.source === 'ga4' && row.day === D1)).toEqual(
      ga4Daily(alpha.id, D1, alphaGa4!.days[D1]!),
    );
    expect(halfway.find((row) => row.source === 'ga4' && row.day === D2)).toEqual(
      before.find((row) => row.source === 'ga4' && row.day === D2),
    );
    const progress = await admin.get(`/api/traffic/import/${started.body.import_id}`);
    expect(progress.body).toMatchObject({ status: 'running', total: 6, processed: 1 });
    expect(google.reportCalls(from)).toEqual([
      ['properties/101', D1, 0],
      ['properties/101', D1, 3],
      ['properties/101', D1, 6],
      ['properties/101', D2, 0],
      ['properties/101', D2, 3],
    ]);

    // Before the wait is over nothing is asked; after it, the import goes on from that page.
    const resumedAt = google.requests.length;
    expect(
      await importWebsite(context, alpha.id, new Date(new Date(retryAt).getTime() - 1000)),
    ).toBe('waiting');
    expect(google.requests.length).toBe(resumedAt);
    expect(
      await importWebsite(context, alpha.id, new Date(new Date(retryAt).getTime() + 1000)),
    ).toBe('done');
    expect(google.reportCalls(resumedAt)).toEqual([
      ['properties/101', D2, 3],
      ['properties/101', D2, 6],
      ['properties/101', D3, 0],
      ['properties/101', D3, 3],
      ['sc-domain:alpha.example', D1, 0],
      ['sc-domain:alpha.example', D2, 0],
      ['sc-domain:alpha.example', D2, 3],
      ['sc-domain:alpha.example', D3, 0],
    ]);
    // D2's users came with its first page, before the 429, and are its visitors.
    expect(await dailyRows(alpha.id)).toEqual([
      ga4Daily(alpha.id, D1, alphaGa4!.days[D1]!),
      ga4Daily(alpha.id, D2, alphaGa4!.days[D2]!, 4),
      ga4Daily(alpha.id, D3, alphaGa4!.days[D3]!),
      searchDaily(alpha.id, D2, google.sites[0]!.days[D2]!),
    ]);
    expect(sum(await pageRows(alpha.id, 'ga4', D2), (row) => row.views)).toBe(
      sum(alphaGa4!.days[D2]!, (row) => row.views),
    );
    expect(await property('properties/101')).toMatchObject({ last_error: null });
    expect((await admin.get(`/api/traffic/import/${started.body.import_id}`)).body).toMatchObject({
      status: 'done',
      total: 6,
      processed: 6,
      failed: 0,
    });
    google.intercept = null;
    alphaGa4!.users = undefined;
  });

  it('waits for the next UTC day when GA4 says its daily quota is spent', async () => {
    const at = new Date(`${isoDay(Date.now())}T15:30:00Z`);
    google.intercept = (request) =>
      request.url.includes(':runReport')
        ? {
            status: 429,
            json: {
              error: {
                code: 429,
                message: 'Exhausted property tokens per day for this property.',
                status: 'RESOURCE_EXHAUSTED',
              },
            },
          }
        : undefined;
    await db.execute(
      sql`INSERT INTO traffic_google_days (website_id, source, day) VALUES (${beta.id}, 'ga4', ${D3}::date)`,
    );
    expect(await importWebsite(context, beta.id, at)).toBe('waiting');
    const nextDay = new Date(`${isoDay(at.getTime() + DAY_MS)}T00:00:00Z`).toISOString();
    expect((await property('properties/202')).last_error).toContain(`resumes at ${nextDay}`);
    google.intercept = null;
    const asked = google.requests.length;
    expect(await importWebsite(context, beta.id, new Date(Date.parse(nextDay) - 60_000))).toBe(
      'waiting',
    );
    expect(google.requests.length).toBe(asked);
    expect(await importWebsite(context, beta.id, new Date(nextDay))).toBe('done');
    expect(google.reportCalls(asked)).toEqual([['properties/202', D3, 0]]);
    expect(await property('properties/202')).toMatchObject({ last_error: null });
  });

  it('replaces a day imported again: a page gone is gone, the totals are the new ones', async () => {
    const [alphaGa4] = google.ga4;
    alphaGa4!.days[D1] = [{ path: '/hello', views: 3, sessions: 2, users: 2 }];
    const d2 = await pageRows(alpha.id, 'ga4', D2);
    expect(await backfill({ website_ids: [alpha.id], from: D1, to: D1 })).toMatchObject({
      status: 'done',
      total: 2,
      processed: 2,
    });
    expect(await pageRows(alpha.id, 'ga4', D1)).toEqual([
      {
        path: '/hello',
        post_id: hello.id,
        category_id: food.id,
        views: 3,
        visitors: 2,
        clicks: 0,
        impressions: 0,
        position: null,
      },
    ]);
    const daily = await dailyRows(alpha.id);
    expect(daily.find((row) => row.source === 'ga4' && row.day === D1)).toEqual(
      ga4Daily(alpha.id, D1, alphaGa4!.days[D1]!),
    );
    // Search Console has nothing for D1 any more: the day is empty.
    expect(daily.find((row) => row.source === 'search_console' && row.day === D1)).toBeUndefined();
    expect(await pageRows(alpha.id, 'ga4', D2)).toEqual(d2);
  });

  it('maps a property to the website whose settings name it, checking what they say', async () => {
    const bad = await admin.patch(`/api/websites/${gamma.id}/update-settings`, {
      ga4_property_id: '303',
      search_console_site: 'gamma.example',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      ga4_property_id: [TRAFFIC_GOOGLE_MESSAGES.ga4PropertyInvalid],
      search_console_site: [TRAFFIC_GOOGLE_MESSAGES.searchConsoleSiteInvalid],
    });
    const saved = await admin.patch(`/api/websites/${gamma.id}/update-settings`, {
      ga4_property_id: 'properties/303',
      search_console_site: 'https://beta.example/',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      ga4_property_id: 'properties/303',
      search_console_site: 'https://beta.example/',
    });
    expect((await property('properties/303')).website_id).toBe(gamma.id);
    // Named by Gamma, Beta's site counts for Gamma now.
    expect((await property('https://beta.example/')).website_id).toBe(gamma.id);
    google.ga4[2]!.days[D2] = ga4Rows(4, 9);
    await backfill({ website_ids: [gamma.id], from: D2, to: D2 });
    expect(await dailyRows(gamma.id)).toEqual([ga4Daily(gamma.id, D2, google.ga4[2]!.days[D2]!)]);
    // Cleared, the site goes back to the website of its host.
    await admin.patch(`/api/websites/${gamma.id}/update-settings`, { search_console_site: '' });
    expect((await property('https://beta.example/')).website_id).toBe(beta.id);
  });

  it('takes the last three days again each day', async () => {
    const from = google.requests.length;
    const run = await importDaily(context, new Date(Date.parse(D3) + DAY_MS + 60_000));
    expect(run).toEqual({ properties: 5, websites: 3 });
    await waitFor(
      async () => {
        const [left] = await queryRows<{ count: number }>(
          db,
          sql`SELECT count(*)::int AS count FROM traffic_google_days`,
        );
        return left!.count === 0;
      },
      { what: 'the daily import', timeoutMs: 60_000 },
    );
    const days = new Set(google.reportCalls(from).map(([, day]) => day));
    expect([...days].sort()).toEqual([D1, D2, D3]);
  });

  it('refuses a period Google does not keep, or a website that does not exist', async () => {
    const longAgo = isoDay(today - 500 * DAY_MS);
    const refused = await admin.post('/api/traffic/import', { from: longAgo, to: D1 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ from: [TRAFFIC_GOOGLE_MESSAGES.tooFarBack] });
    const future = await admin.post('/api/traffic/import', {
      from: D1,
      to: isoDay(today + DAY_MS),
    });
    expect(future.body.errors).toEqual({ to: [TRAFFIC_GOOGLE_MESSAGES.inTheFuture] });
    const reversed = await admin.post('/api/traffic/import', { from: D2, to: D1 });
    expect(reversed.body.errors).toEqual({ to: [TRAFFIC_MESSAGES.rangeReversed] });
    const unknown = await admin.post('/api/traffic/import', {
      website_ids: [999_999],
      from: D1,
      to: D1,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ website_ids: [TRAFFIC_MESSAGES.websiteUnknown] });
    expect((await admin.get('/api/traffic/import/999999')).status).toBe(404);
  });
});
