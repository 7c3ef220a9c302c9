import {
  DAY_MS,
  ECONOMICS_MESSAGES,
  IMPORT_MESSAGES,
  type ImportState,
  REVENUE_MAX_ROWS,
  REVENUE_MESSAGES,
  TRAFFIC_MESSAGES,
  utcDay,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { parseCsv } from './csv.ts';
import { createWebsite, serverForFile } from './fixtures.ts';
import { type ApiClient, FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * Revenue other than AdSense's: POST /api/revenue all or none, with a 422 naming each bad row;
 * GET /api/revenue converting each amount at its day's rate into the base currency (INR), a
 * missing rate missing (null, never 0) and listed; and the CSV import of the lists' import
 * screen: dry run, job, refused rows and undo.
 */

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const { db } = server.database;
const alpha = await createWebsite(admin, { name: 'Alpha', url: 'https://www.alpha.example' });
const beta = await createWebsite(admin, { name: 'Beta', url: 'https://beta.example/blog' });

const row = (overrides: Record<string, unknown> = {}) => ({
  website_id: alpha.id,
  date: '2026-03-02',
  source: 'ezoic',
  amount: 10,
  currency: 'USD',
  ...overrides,
});

interface StoredRow {
  website_id: number;
  day: string;
  source: string;
  amount: string;
  currency: string;
}
const stored = () =>
  queryRows<StoredRow>(
    db,
    sql`SELECT website_id, day::text AS day, source, amount::text AS amount, currency
        FROM revenue ORDER BY day, website_id, source`,
  );

/** Sends `content` as the multipart `file` of an import. */
async function upload(client: ApiClient, path: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'revenue.csv');
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: client.cookie ?? '' },
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('POST /api/revenue', () => {
  it('writes every row, and a row of a website, source and day again replaces it', async () => {
    const first = await admin.post('/api/revenue', {
      rows: [row(), row({ website_id: beta.id, source: '  Affiliate ', currency: 'eur' })],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ created: 2, replaced: 0 });
    const again = await admin.post('/api/revenue', {
      rows: [row({ amount: '12.5', currency: 'INR' }), row({ date: '2026-03-03', amount: -1.25 })],
    });
    expect(again.body).toEqual({ created: 1, replaced: 1 });
    expect(await stored()).toEqual([
      {
        website_id: alpha.id,
        day: '2026-03-02',
        source: 'ezoic',
        amount: '12.500000',
        currency: 'INR',
      },
      {
        website_id: beta.id,
        day: '2026-03-02',
        source: 'affiliate',
        amount: '10.000000',
        currency: 'EUR',
      },
      {
        website_id: alpha.id,
        day: '2026-03-03',
        source: 'ezoic',
        amount: '-1.250000',
        currency: 'USD',
      },
    ]);
  });

  it('refuses the whole request for one bad row, naming each bad row and field', async () => {
    const before = await stored();
    const refused = await admin.post('/api/revenue', {
      rows: [
        row({ date: '2026-04-01' }),
        row({ currency: 'dollars', amount: null }),
        row({ source: 'AdSense' }),
        row({ date: '2026-02-30', source: 'x'.repeat(51) }),
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'rows.1.currency': [ECONOMICS_MESSAGES.currencyInvalid],
      'rows.1.amount': [ECONOMICS_MESSAGES.amountInvalid],
      'rows.2.source': [REVENUE_MESSAGES.sourceReserved],
      'rows.3.date': [TRAFFIC_MESSAGES.dateInvalid],
      'rows.3.source': [REVENUE_MESSAGES.sourceInvalid],
    });
    const repeated = await admin.post('/api/revenue', {
      rows: [row({ date: '2026-04-01' }), row(), row({ date: '2026-04-01', amount: 2 })],
    });
    expect(repeated.body.errors).toEqual({ 'rows.2.date': [REVENUE_MESSAGES.repeated(0)] });
    const unknown = await admin.post('/api/revenue', {
      rows: [row({ date: '2026-04-02' }), row({ website_id: 999_999 })],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      'rows.1.website_id': [TRAFFIC_MESSAGES.websiteUnknown],
    });
    expect((await admin.post('/api/revenue', { rows: [] })).body.errors).toEqual({
      rows: [REVENUE_MESSAGES.rowsRequired],
    });
    const tooMany = Array.from({ length: REVENUE_MAX_ROWS + 1 }, (_, index) =>
      row({ source: `s${index}` }),
    );
    expect((await admin.post('/api/revenue', { rows: tooMany })).body.errors).toEqual({
      rows: [REVENUE_MESSAGES.tooManyRows],
    });
    expect(await stored()).toEqual(before);
  });

  it('takes 10,000 rows in one request', async () => {
    const rows = Array.from({ length: REVENUE_MAX_ROWS }, (_, index) =>
      row({
        website_id: beta.id,
        source: `bulk-${index % 100}`,
        date: utcDay(Date.parse('2025-01-01') + Math.floor(index / 100) * DAY_MS),
      }),
    );
    const answer = await admin.post('/api/revenue', { rows });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ created: REVENUE_MAX_ROWS, replaced: 0 });
    await db.execute(sql`DELETE FROM revenue WHERE source LIKE 'bulk-%'`);
  });
});

describe('GET /api/revenue', () => {
  it('converts each amount at the rate in force on its day, a missing one null and listed', async () => {
    await admin.post('/api/revenue', {
      rows: [
        row({ date: '2026-05-04', source: 'network', amount: 10 }),
        row({ date: '2026-05-05', source: 'network', amount: 3.333 }),
        row({
          website_id: beta.id,
          date: '2026-05-04',
          source: 'affiliate',
          amount: 7,
          currency: 'EUR',
        }),
        row({
          website_id: beta.id,
          date: '2026-05-05',
          source: 'affiliate',
          amount: 100,
          currency: 'INR',
        }),
      ],
    });
    // The rate of the 4th is in force on the 5th, which has none of its own; EUR has none.
    await db.execute(
      sql`INSERT INTO exchange_rates (currency, day, rate) VALUES ('USD', '2026-05-04', 83.5)`,
    );
    const period = 'from=2026-05-01&to=2026-05-31';
    const answer = await admin.get(`/api/revenue?${period}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const revenue = (websiteId: number, date: string, source: string, rest: object) => ({
      website_id: websiteId,
      date,
      source,
      page_views: null,
      impressions: null,
      clicks: null,
      ...rest,
    });
    expect(answer.body).toEqual({
      currency: 'INR',
      rows: [
        revenue(alpha.id, '2026-05-04', 'network', {
          amount: 10,
          currency: 'USD',
          amount_base: 835,
        }),
        revenue(beta.id, '2026-05-04', 'affiliate', {
          amount: 7,
          currency: 'EUR',
          amount_base: null,
        }),
        revenue(alpha.id, '2026-05-05', 'network', {
          amount: 3.333,
          currency: 'USD',
          amount_base: 278.31,
        }),
        revenue(beta.id, '2026-05-05', 'affiliate', {
          amount: 100,
          currency: 'INR',
          amount_base: 100,
        }),
      ],
      totals: [
        { source: 'affiliate', amount_base: null },
        { source: 'network', amount_base: 1113.31 },
      ],
      missing_rates: ['EUR'],
      current_page: 1,
      last_page: 1,
      per_page: 100,
      total: 4,
    });

    const network = await admin.get(`/api/revenue?${period}&source=Network`);
    expect(network.body).toMatchObject({
      totals: [{ source: 'network', amount_base: 1113.31 }],
      missing_rates: [],
      total: 2,
    });
    const ofBeta = await admin.get(`/api/revenue?${period}&website_id=${beta.id}`);
    expect(ofBeta.body.rows.map((one: { amount: number }) => one.amount)).toEqual([7, 100]);
    expect(ofBeta.body.missing_rates).toEqual(['EUR']);
    const page = await admin.get(`/api/revenue?${period}&per_page=1&page=2`);
    expect(page.body).toMatchObject({ current_page: 2, last_page: 4, per_page: 1, total: 4 });
    expect(page.body.rows).toEqual([answer.body.rows[1]]);
    // A rate given for EUR applies at once.
    await db.execute(
      sql`INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-05-01', 90.25)`,
    );
    expect((await admin.get(`/api/revenue?${period}`)).body).toMatchObject({
      totals: [
        { source: 'affiliate', amount_base: 731.75 },
        { source: 'network', amount_base: 1113.31 },
      ],
      missing_rates: [],
    });
  });

  it('reads the last 30 days when no period is given, and refuses a reversed one', async () => {
    const today = utcDay(Date.now());
    await admin.post('/api/revenue', {
      rows: [row({ date: today, source: 'today', currency: 'INR' })],
    });
    const recent = await admin.get('/api/revenue?source=today');
    expect(recent.body.rows).toHaveLength(1);
    const reversed = await admin.get('/api/revenue?from=2026-05-10&to=2026-05-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: [TRAFFIC_MESSAGES.rangeReversed] });
  });
});

describe('POST /api/revenue/import', () => {
  const file = (rows: readonly string[]) =>
    ['website,website_id,date,source,amount,currency', ...rows].join('\r\n');
  const lines = [
    'Alpha,,2026-06-01,Partner,5,USD',
    'alpha.example,,2026-06-01,partner-two,6,USD',
    'https://beta.example/other,,2026-06-01,partner,7,EUR',
    `,${beta.id},2026-06-02,partner,8,EUR`,
    'Nobody,,2026-06-01,partner,1,USD',
    ',999999,2026-06-01,partner,1,USD',
    'Alpha,,2026-06-01,adsense,1,USD',
    'Alpha,,2026-06-03,partner,,USD',
    // Replaces the 12.5 INR of POST /api/revenue's test.
    'www.alpha.example,,2026-03-02,ezoic,20,USD',
  ];
  const refused = [
    {
      line: 6,
      column: 'website',
      message: IMPORT_MESSAGES.referenceMissing('website', ['Nobody']),
    },
    { line: 7, column: 'website_id', message: TRAFFIC_MESSAGES.websiteUnknown },
    { line: 8, column: 'source', message: REVENUE_MESSAGES.sourceReserved },
    { line: 9, column: 'amount', message: ECONOMICS_MESSAGES.amountInvalid },
  ];
  const june = async () =>
    (await stored()).filter(
      (one) =>
        one.day.startsWith('2026-06') || (one.day === '2026-03-02' && one.source === 'ezoic'),
    );

  it('checks every row in a dry run, writing nothing', async () => {
    const before = await june();
    const checked = await upload(admin, '/api/revenue/import?dry_run=1', file(lines));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toEqual({ rows: 9, valid: 5, invalid: 4, errors: refused });
    expect(await june()).toEqual(before);
    const missing = await upload(
      admin,
      '/api/revenue/import?dry_run=1',
      'website,date,source,amount\r\n',
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: [IMPORT_MESSAGES.missingColumns([['currency']])] });
  });

  it('writes the rows by a job, lists the refused ones, and undoes it', async () => {
    const before = await june();
    const started = await upload(admin, '/api/revenue/import', file(lines));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.import_id as number;
    const state = await waitFor(
      async () => {
        const found = await admin.get<ImportState>(`/api/imports/${id}`);
        return ['done', 'failed'].includes(found.body.status) && found.body;
      },
      { what: 'the revenue import' },
    );
    expect(state).toMatchObject({
      resource: 'revenue',
      status: 'done',
      total: 9,
      created: 4,
      updated: 1,
      failed: 4,
    });
    expect(await june()).toEqual([
      {
        website_id: alpha.id,
        day: '2026-03-02',
        source: 'ezoic',
        amount: '20.000000',
        currency: 'USD',
      },
      {
        website_id: alpha.id,
        day: '2026-06-01',
        source: 'partner',
        amount: '5.000000',
        currency: 'USD',
      },
      {
        website_id: alpha.id,
        day: '2026-06-01',
        source: 'partner-two',
        amount: '6.000000',
        currency: 'USD',
      },
      {
        website_id: beta.id,
        day: '2026-06-01',
        source: 'partner',
        amount: '7.000000',
        currency: 'EUR',
      },
      {
        website_id: beta.id,
        day: '2026-06-02',
        source: 'partner',
        amount: '8.000000',
        currency: 'EUR',
      },
    ]);

    const errors = await admin.get(`/api/imports/${id}/errors.csv`);
    expect(errors.status).toBe(200);
    const [header, ...rows] = parseCsv(errors.body as string);
    expect(header).toEqual([
      'line',
      'website',
      'website_id',
      'date',
      'source',
      'amount',
      'currency',
      'error',
    ]);
    expect(rows.map((one) => [Number(one[0]), one.at(-1)])).toEqual(
      refused.map((error) => [error.line, error.message]),
    );

    const undo = await admin.post(`/api/imports/${id}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.message).toBe(IMPORT_MESSAGES.undone(4, 1, false));
    expect(await june()).toEqual(before);
  });
});
