import { DAY_MS, REVENUE_MESSAGES, TRAFFIC_MESSAGES, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { importDaily } from '../src/pipeline/revenue-import/plan.ts';
import { importAccount } from '../src/pipeline/revenue-import/run.ts';
import { reportOf, type SiteDay, startFakeAdsense } from './fake-adsense.ts';
import { createWebsite, quietTaskContext, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from './harness.ts';

/**
 * The AdSense import against a local fake of the AdSense Management API: the accounts the grant
 * sees (two pages of them), each report's sites mapped to websites by host with or without
 * `www.` (an unknown domain's rows left out and counted), the last three days taken again each
 * day and replacing what they had, a report cut at its cap asked again for fewer days, and a
 * 429 resumed by itself from the first day not written, at the time a test sets.
 */

const today = Date.parse(`${utcDay(Date.now())}T00:00:00Z`);
const [D1, D2, D3, D4, D5] = [5, 4, 3, 2, 1].map((back) => utcDay(today - back * DAY_MS)) as [
  string,
  string,
  string,
  string,
  string,
];
const DAYS = [D1, D2, D3, D4, D5];
const PUB = 'accounts/pub-1111111111';
const EURO_PUB = 'accounts/pub-2222222222';

const adsense = await startFakeAdsense();
afterAll(() => adsense.close());
const server = await serverForFile(
  {
    ...FAST_QUEUE_ENV,
    GOOGLE_CLIENT_ID: 'fleet-client',
    GOOGLE_CLIENT_SECRET: 'fleet-secret',
    GOOGLE_AUTH_URL: `${adsense.url}/auth`,
    GOOGLE_TOKEN_URL: adsense.tokenUrl,
  },
  { workers: true },
);
const admin = await server.admin();
const { db } = server.database;
const context = quietTaskContext(server);
await setSetting(admin, 'google.adsense_url', `${adsense.url}/`);

// Login with Google: the consent, then the code exchanged at the fake's token endpoint.
const consent = new URL((await admin.get('/api/google-auth')).body.auth_url);
const connected = await admin.post('/api/google-callback', {
  code: 'code-1',
  state: consent.searchParams.get('state'),
});
expect(connected.status).toBe(200);

const alpha = await createWebsite(admin, { name: 'Alpha', url: 'https://www.alpha.example' });
const beta = await createWebsite(admin, { name: 'Beta', url: 'https://beta.example/blog' });
const gamma = await createWebsite(admin, { name: 'Gamma', url: 'https://gamma.example' });
const quiet = await createWebsite(admin, { name: 'Quiet', url: 'https://quiet.example' });

/** A site's day, its figures following `seed`. */
const site = (domain: string, seed: number): SiteDay => ({
  domain,
  earnings: (seed * 1.23).toFixed(2),
  pageViews: seed * 100,
  impressions: seed * 300,
  clicks: seed,
});
/** Alpha's (without `www.`), Beta's (with it) and an unknown domain's rows of each day. */
const usdDays = (seed: number) =>
  Object.fromEntries(
    DAYS.map((day, index) => [
      day,
      [
        site('alpha.example', seed + index),
        site('www.beta.example', seed + index + 10),
        site('unknown.example', 1),
      ],
    ]),
  );
adsense.accounts.push(
  { name: PUB, displayName: 'The fleet', currency: 'USD', days: usdDays(1) },
  {
    name: EURO_PUB,
    displayName: 'Euro sites',
    currency: 'EUR',
    days: { [D2]: [site('gamma.example', 7)] },
  },
);
adsense.accountsPerPage = 1;

interface Stored {
  website_id: number;
  day: string;
  amount: string;
  currency: string;
  page_views: number;
  impressions: number;
  clicks: number;
}
const adsenseRows = (websiteId: number) =>
  queryRows<Stored>(
    db,
    sql`SELECT website_id, day::text AS day, amount::text AS amount, currency, page_views,
               impressions, clicks
        FROM revenue WHERE source = 'adsense' AND website_id = ${websiteId} ORDER BY day`,
  );
/** A fake site's day as the revenue table keeps it. */
const kept = (websiteId: number, day: string, row: SiteDay, currency = 'USD'): Stored => ({
  website_id: websiteId,
  day,
  amount: Number(row.earnings).toFixed(6),
  currency,
  page_views: row.pageViews,
  impressions: row.impressions,
  clicks: row.clicks,
});
const accountRows = (account: string, domain: string) => {
  const { days } = adsense.accounts.find((one) => one.name === account)!;
  return DAYS.flatMap((day) => {
    const found = (days[day] ?? []).find((row) => row.domain === domain);
    return found ? [[day, found] as const] : [];
  });
};

/** Starts an import and waits for it to end; answers its progress. */
async function imported(body: Record<string, unknown>) {
  const started = await admin.post('/api/revenue/adsense/import', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitFor(
    async () => {
      const progress = await admin.get(`/api/revenue/adsense/import/${started.body.import_id}`);
      return ['done', 'failed'].includes(progress.body.status) && progress.body;
    },
    { what: 'the AdSense import', timeoutMs: 60_000 },
  );
}

const pendingOf = async (account: string) =>
  (
    await queryRows<{ pending_from: string | null; retry_at: Date | null }>(
      db,
      sql`SELECT pending_from::text AS pending_from, retry_at FROM adsense_accounts
          WHERE name = ${account}`,
    )
  )[0]!;

describe('the AdSense import', () => {
  it('maps each site to the website of its domain, with or without www., and counts the others', async () => {
    const progress = await imported({ from: D1, to: D5 });
    expect(progress).toMatchObject({
      status: 'done',
      from: D1,
      to: D5,
      total: 10,
      processed: 10,
      failed: 0,
      skipped: 5,
      message: null,
    });
    expect(await adsenseRows(alpha.id)).toEqual(
      accountRows(PUB, 'alpha.example').map(([day, row]) => kept(alpha.id, day, row)),
    );
    expect(await adsenseRows(beta.id)).toEqual(
      accountRows(PUB, 'www.beta.example').map(([day, row]) => kept(beta.id, day, row)),
    );
    expect(await adsenseRows(gamma.id)).toEqual([
      kept(gamma.id, D2, adsense.accounts[1]!.days[D2]![0]!, 'EUR'),
    ]);
    // One report per account for the five days; the accounts listed a page at a time.
    expect(adsense.reportCalls()).toHaveLength(2);
    expect(adsense.reportCalls()).toEqual(
      expect.arrayContaining([
        [PUB, D1, D5],
        [EURO_PUB, D1, D5],
      ]),
    );
    const listed = adsense.requests.filter((request) => request.url.startsWith('/v2/accounts?'));
    expect(
      listed.map((request) => new URL(request.url, adsense.url).searchParams.get('pageToken')),
    ).toEqual([null, '1']);

    const status = (await admin.get('/api/revenue/adsense/status')).body;
    expect(status.map((row: { name: string }) => row.name)).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
      'Quiet',
    ]);
    expect(status[0]).toMatchObject({ website_id: alpha.id, account: PUB, last_error: null });
    expect(status[0].last_imported_at).not.toBeNull();
    expect(status[2]).toMatchObject({ website_id: gamma.id, account: EURO_PUB });
    expect(status[3]).toEqual({
      website_id: quiet.id,
      name: 'Quiet',
      account: null,
      last_imported_at: null,
      last_error: null,
    });
    // Read as revenue, converted at their day's rate.
    const read = await admin.get(`/api/revenue?from=${D1}&to=${D5}&website_id=${gamma.id}`);
    expect(read.body).toMatchObject({
      rows: [{ source: 'adsense', amount: 8.61, currency: 'EUR', amount_base: null }],
      missing_rates: ['EUR'],
    });
  });

  it('takes the last three days again each day: a changed estimate replaces, a day gone is gone', async () => {
    const before = await adsenseRows(alpha.id);
    const account = adsense.accounts[0]!;
    account.days = usdDays(20);
    account.days[D4] = [site('www.beta.example', 3)];
    const from = adsense.requests.length;
    const run = await importDaily(context, new Date(today + 3_600_000));
    expect(run).toEqual({ accounts: 2, queued: 2 });
    await waitFor(
      async () =>
        (await pendingOf(PUB)).pending_from === null &&
        (await pendingOf(EURO_PUB)).pending_from === null,
      {
        what: 'the daily import',
        timeoutMs: 60_000,
      },
    );
    expect(adsense.reportCalls(from)).toEqual(
      expect.arrayContaining([
        [PUB, D3, D5],
        [EURO_PUB, D3, D5],
      ]),
    );
    expect(adsense.reportCalls(from)).toHaveLength(2);
    expect(await adsenseRows(alpha.id)).toEqual([
      before[0],
      before[1],
      kept(alpha.id, D3, account.days[D3]![0]!),
      kept(alpha.id, D5, account.days[D5]![0]!),
    ]);
    const betaRows = await adsenseRows(beta.id);
    expect(betaRows.find((row) => row.day === D4)).toEqual(
      kept(beta.id, D4, account.days[D4]![0]!),
    );
    // Again: the same rows, not twice as much.
    const again = await adsenseRows(alpha.id);
    await importDaily(context, new Date(today + 7_200_000));
    await waitFor(async () => (await pendingOf(PUB)).pending_from === null, {
      what: 'the second run',
    });
    expect(await adsenseRows(alpha.id)).toEqual(again);
  });

  it('asks again for fewer days when a report is cut at its cap', async () => {
    adsense.rowCap = 7;
    const from = adsense.requests.length;
    const progress = await imported({ from: D1, to: D5 });
    expect(progress).toMatchObject({ status: 'done', total: 10, processed: 10, skipped: 4 });
    // Thirteen rows (D4 has one), over the cap of seven: two days fit.
    expect(adsense.reportCalls(from).filter(([account]) => account === PUB)).toEqual([
      [PUB, D1, D5],
      [PUB, D1, D2],
      [PUB, D3, D4],
      [PUB, D5, D5],
    ]);
    expect(await adsenseRows(alpha.id)).toEqual(
      accountRows(PUB, 'alpha.example').map(([day, row]) => kept(alpha.id, day, row)),
    );
    adsense.rowCap = 100_000;
  });

  it('resumes after a 429 from the first day not written, counting no day twice', async () => {
    const account = adsense.accounts[0]!;
    account.days = usdDays(40);
    adsense.rowCap = 3;
    let limited = false;
    adsense.intercept = (request) => {
      const report = reportOf(request);
      if (limited || report?.account !== PUB || report.from !== D3) return undefined;
      limited = true;
      return {
        status: 429,
        headers: { 'retry-after': '3600' },
        json: { error: { code: 429, message: 'Too many requests.', status: 'RESOURCE_EXHAUSTED' } },
      };
    };
    const before = await adsenseRows(alpha.id);
    const started = await admin.post('/api/revenue/adsense/import', { from: D1, to: D5 });
    expect(started.status).toBe(202);
    const waiting = await waitFor(
      async () => {
        const status = (await admin.get('/api/revenue/adsense/status')).body;
        const row = status.find((one: { website_id: number }) => one.website_id === alpha.id);
        return row.last_error?.includes('resumes at') && row;
      },
      { what: 'the 429 to show', timeoutMs: 60_000 },
    );
    expect(waiting.last_error).toContain('Google answered 429: Too many requests.');
    const { retry_at: retryAt, pending_from: pendingFrom } = await pendingOf(PUB);
    expect(pendingFrom).toBe(D3);
    expect(waiting.last_error).toContain(new Date(retryAt!).toISOString());
    // Its job goes on by itself at the end of the wait.
    const jobs = await queryRows<{ start_after: Date }>(
      db,
      sql`SELECT start_after FROM pgboss.job WHERE name = 'revenue-import' AND state = 'created'
            AND data->>'account' = ${PUB}`,
    );
    expect(jobs.map((job) => new Date(job.start_after).getTime())).toEqual([
      new Date(retryAt!).getTime(),
    ]);
    // D1 and D2 are the new estimates; D3 on still the last import's.
    const halfway = await adsenseRows(alpha.id);
    expect(halfway.slice(0, 2)).toEqual(
      accountRows(PUB, 'alpha.example')
        .slice(0, 2)
        .map(([day, row]) => kept(alpha.id, day, row)),
    );
    expect(halfway.slice(2)).toEqual(before.slice(2));
    const progress = await admin.get(`/api/revenue/adsense/import/${started.body.import_id}`);
    expect(progress.body).toMatchObject({ status: 'running', total: 10 });
    expect(progress.body.processed).toBeGreaterThanOrEqual(2);

    // Before the wait is over nothing is asked; after it, the import goes on from D3.
    const resumedAt = adsense.requests.length;
    const at = new Date(retryAt!).getTime();
    expect(await importAccount(context, PUB, new Date(at - 1000))).toBe('waiting');
    expect(adsense.requests.length).toBe(resumedAt);
    expect(await importAccount(context, PUB, new Date(at + 1000))).toBe('done');
    expect(adsense.reportCalls(resumedAt)).toEqual([
      [PUB, D3, D5],
      [PUB, D3, D3],
      [PUB, D4, D4],
      [PUB, D5, D5],
    ]);
    expect(await adsenseRows(alpha.id)).toEqual(
      accountRows(PUB, 'alpha.example').map(([day, row]) => kept(alpha.id, day, row)),
    );
    expect(await pendingOf(PUB)).toEqual({ pending_from: null, retry_at: null });
    const status = (await admin.get('/api/revenue/adsense/status')).body;
    expect(status[0]).toMatchObject({ website_id: alpha.id, last_error: null });
    expect(
      (await admin.get(`/api/revenue/adsense/import/${started.body.import_id}`)).body,
    ).toMatchObject({
      status: 'done',
      total: 10,
      processed: 10,
      failed: 0,
    });
    adsense.intercept = null;
    adsense.rowCap = 100_000;
  });

  it('waits for the next UTC day when the daily quota is spent', async () => {
    const at = new Date(today + 15.5 * 3_600_000);
    adsense.intercept = (request) =>
      reportOf(request)
        ? {
            status: 429,
            json: {
              error: {
                code: 429,
                message:
                  "Quota exceeded for quota metric 'Reports' and limit 'Reports per day per user' of service 'adsense.googleapis.com'.",
                status: 'RESOURCE_EXHAUSTED',
              },
            },
          }
        : undefined;
    await db.execute(
      sql`UPDATE adsense_accounts SET pending_from = ${D5}::date, pending_to = ${D5}::date
          WHERE name = ${EURO_PUB}`,
    );
    expect(await importAccount(context, EURO_PUB, at)).toBe('waiting');
    const nextDay = new Date(today + DAY_MS).toISOString();
    const status = (await admin.get('/api/revenue/adsense/status')).body;
    expect(status[2].last_error).toContain(`resumes at ${nextDay}`);
    adsense.intercept = null;
    expect(await importAccount(context, EURO_PUB, new Date(today + DAY_MS))).toBe('done');
    expect((await pendingOf(EURO_PUB)).pending_from).toBeNull();
  });

  it('refuses a period AdSense does not keep', async () => {
    const longAgo = utcDay(today - 4 * 366 * DAY_MS);
    const refused = await admin.post('/api/revenue/adsense/import', { from: longAgo, to: D1 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ from: [REVENUE_MESSAGES.tooFarBack] });
    const future = await admin.post('/api/revenue/adsense/import', {
      from: D1,
      to: utcDay(today + DAY_MS),
    });
    expect(future.body.errors).toEqual({ to: [REVENUE_MESSAGES.inTheFuture] });
    const reversed = await admin.post('/api/revenue/adsense/import', { from: D2, to: D1 });
    expect(reversed.body.errors).toEqual({ to: [TRAFFIC_MESSAGES.rangeReversed] });
    expect((await admin.get('/api/revenue/adsense/import/999999')).status).toBe(404);
  });
});
