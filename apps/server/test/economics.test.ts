import type { EconomicsSummary, EconomicsWebsiteRow } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { parseCsv } from './csv.ts';
import { serverForFile, tokenOf } from './fixtures.ts';

/**
 * The economics list and summary over revenue, costs, rates, views and delivery attempts written
 * here in SQL. Base currency INR (the default); USD has rates, JPY and GBP none. The websites have
 * no renewal date (so no hosting) and the fleet no instance: their costs are the stored ones.
 */
const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;

const website = async (name: string, cost = 10) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO websites (name, url, hosting, cost, duration, webhook_secret, created_at)
          VALUES (${name}, ${`https://${name.toLowerCase().replace(' ', '-')}.example`}, 'Test',
                  ${cost}, 12, md5(${name}), '2024-01-01T00:00:00Z')
          RETURNING id`,
    )
  )[0]!.id;
const alpha = await website('Econ Alpha');
const beta = await website('Econ Beta');
const gamma = await website('Econ Gamma');

type Amount = [website: number, day: string, amount: number, currency: string];
const revenue = async (source: string, rows: Amount[]) => {
  for (const [id, day, amount, currency] of rows) {
    await db.execute(sql`INSERT INTO revenue (website_id, day, source, amount, currency)
                         VALUES (${id}, ${day}, ${source}, ${amount}, ${currency})`);
  }
};
const costs = async (kind: string, rows: [number | null, string, number, string][]) => {
  for (const [id, day, amount, currency] of rows) {
    await db.execute(sql`INSERT INTO costs (website_id, day, kind, source, amount, currency)
                         VALUES (${id}, ${day}, ${kind}, 'test', ${amount}, ${currency})`);
  }
};
const views = async (rows: [number, string, number][]) => {
  for (const [id, day, count] of rows) {
    await db.execute(sql`INSERT INTO traffic_daily (website_id, source, day, views, visitors)
                         VALUES (${id}, 'beacon', ${day}, ${count}, 1)`);
  }
};
const attempt = async (variant: number, target: string, outcome: string, at: string) =>
  db.execute(sql`INSERT INTO delivery_attempts (kind, variant_id, website_id, target, job_id,
                                                attempt, version, outcome, duration_ms, created_at)
                 VALUES ('post', ${variant}, ${alpha}, ${target}, ${`job-${variant}`}, 1, 1,
                         ${outcome}, 10, ${at})`);

await db.execute(sql`INSERT INTO exchange_rates (currency, day, rate) VALUES
                       ('USD', '2025-02-28', 83.3333333333), ('USD', '2025-03-07', 84.1)`);

// March 1–10: every amount converts. 1.5 USD at 83.3333333333 is 124.99999999995 (125.00);
// the three 0.333333… of ezoic sum to 1.00 where each rounds to 0.33; 0.005 rounds up.
await revenue('adsense', [
  [alpha, '2025-03-01', 1.5, 'USD'],
  [alpha, '2025-03-07', 2, 'USD'],
  [alpha, '2025-02-25', 7, 'INR'],
]);
await revenue('ezoic', [
  [alpha, '2025-03-02', 0.333333, 'INR'],
  [alpha, '2025-03-03', 0.333333, 'INR'],
  [alpha, '2025-03-04', 0.333334, 'INR'],
  [beta, '2025-03-02', 0.005, 'INR'],
  [gamma, '2025-03-03', 0.005, 'INR'],
]);
await costs('generation', [
  [alpha, '2025-03-01', 0.004, 'INR'],
  [alpha, '2025-03-02', 0.004, 'INR'],
  [alpha, '2025-03-03', 0.004, 'INR'],
]);
await costs('social', [
  [alpha, '2025-03-05', 1.005, 'INR'],
  [gamma, '2025-03-05', 5, 'INR'],
]);
// The fleet's 3 INR of March 1 is shared by that day's views: 2.50 to Alpha, 0.50 to Gamma.
await costs('other', [
  [alpha, '2025-03-06', 2.5, 'INR'],
  [beta, '2025-03-08', 1, 'INR'],
  [null, '2025-03-01', 3, 'INR'],
]);
await views([
  [alpha, '2025-03-01', 1000],
  [alpha, '2025-03-02', 500],
  [gamma, '2025-03-01', 200],
  [alpha, '2025-02-25', 100],
]);
// Two posts first published in March (one after a failed try), one republished; a failed share.
await attempt(9001, 'website', 'delivered', '2025-03-02T10:00:00Z');
await attempt(9001, 'facebook', 'failed', '2025-03-02T10:05:00Z');
await attempt(9002, 'website', 'failed', '2025-03-03T10:00:00Z');
await attempt(9002, 'website', 'delivered', '2025-03-04T10:00:00Z');
await attempt(9003, 'website', 'delivered', '2025-02-20T10:00:00Z');
await attempt(9003, 'website', 'delivered', '2025-03-05T23:59:59Z');

// April 1–10: Beta's JPY and Alpha's GBP have no rate.
await revenue('adsense', [
  [alpha, '2025-04-01', 3, 'INR'],
  [beta, '2025-04-02', 100, 'JPY'],
  [gamma, '2025-04-03', 5, 'INR'],
]);
await costs('social', [[alpha, '2025-04-03', 2, 'GBP']]);
await costs('other', [[beta, '2025-04-02', 1, 'INR']]);
await costs('generation', [[gamma, '2025-04-03', 1, 'INR']]);
await views([
  [alpha, '2025-04-01', 10],
  [gamma, '2025-04-03', 50],
]);

const MARCH = 'from=2025-03-01&to=2025-03-10';
const APRIL = 'from=2025-04-01&to=2025-04-10';

type Answer = { data: EconomicsWebsiteRow[]; total: number; currency: string };
const list = async (query: string) => {
  const response = await admin.get<Answer>(`/api/economics/websites?${query}&query=Econ`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const rowOf = (answer: Answer, id: number) => answer.data.find((row) => row.id === id)!;
const summary = async (query: string) => {
  const response = await admin.get<EconomicsSummary>(`/api/economics/summary?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe('GET /api/economics/websites', () => {
  it('answers each figure in the base currency, profit = revenue − cost to the paisa', async () => {
    const march = await list(MARCH);
    expect(march.currency).toBe('INR');
    expect(march.total).toBe(3);
    const a = rowOf(march, alpha);
    expect(a).toMatchObject({
      name: 'Econ Alpha',
      revenue: 294.2,
      costs: { hosting: 0, instances: 0, generation: 0.01, social: 1.01, other: 5 },
      cost: 6.02,
      profit: 288.18,
      views: 1500,
      rpm: 196.13,
      posts_published: 2,
      cost_per_post: 3.01,
      delivery_success_rate: 0.6,
      next_renewal_date: null,
      renewal_cost: 10,
      missing_rates: [],
    });
    expect(a.margin).toBeCloseTo(288.18 / 294.2, 12);
    expect(a.sparkline).toEqual([122.5, 0.33, 0.33, 0.33, -1.01, -2.5, 168.2, 0, 0, 0]);
    expect(rowOf(march, beta)).toMatchObject({
      revenue: 0.01,
      cost: 1,
      profit: -0.99,
      margin: -99,
      views: 0,
      rpm: null,
      posts_published: 0,
      cost_per_post: null,
      delivery_success_rate: null,
    });
    expect(rowOf(march, gamma)).toMatchObject({
      revenue: 0.01,
      costs: { social: 5, other: 0.5 },
      cost: 5.5,
      profit: -5.49,
      margin: -549,
      views: 200,
      rpm: 0.05,
    });
  });

  it('answers a figure with an amount of no known rate as null, its currency listed', async () => {
    const april = await list(APRIL);
    expect(rowOf(april, alpha)).toMatchObject({
      revenue: 3,
      costs: { social: null, other: 0 },
      cost: null,
      profit: null,
      margin: null,
      rpm: 300,
      missing_rates: ['GBP'],
    });
    expect(rowOf(april, alpha).sparkline.slice(0, 4)).toEqual([3, 0, null, 0]);
    expect(rowOf(april, beta)).toMatchObject({
      revenue: null,
      cost: 1,
      profit: null,
      rpm: null,
      missing_rates: ['JPY'],
    });
    expect(rowOf(april, gamma)).toMatchObject({ revenue: 5, cost: 1, profit: 4, margin: 0.8 });
  });

  it('sorts by every key both ways, nulls last, the id breaking ties', async () => {
    const name = new Map([
      [alpha, 'a'],
      [beta, 'b'],
      [gamma, 'c'],
    ]);
    const label = (row: EconomicsWebsiteRow) => name.get(row.id)!;
    const orders: Record<string, [string[], string[]]> = {
      // [ascending, descending]
      profit: [
        ['c', 'a', 'b'],
        ['c', 'b', 'a'],
      ],
      revenue: [
        ['a', 'c', 'b'],
        ['c', 'a', 'b'],
      ],
      cost: [
        ['b', 'c', 'a'],
        ['c', 'b', 'a'],
      ],
      margin: [
        ['c', 'a', 'b'],
        ['c', 'b', 'a'],
      ],
      rpm: [
        ['c', 'a', 'b'],
        ['a', 'c', 'b'],
      ],
      views: [
        ['b', 'a', 'c'],
        ['c', 'a', 'b'],
      ],
      name: [
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
      ],
    };
    for (const [key, [ascending, descending]] of Object.entries(orders)) {
      for (const [direction, expected] of [
        ['asc', ascending],
        ['desc', descending],
      ] as const) {
        const answer = await list(`${APRIL}&order_key=${key}&order_dir=${direction}`);
        expect(answer.data.map(label), `${key} ${direction}`).toEqual(expected);
      }
    }
    const paged = await list(`${MARCH}&order_key=profit&per_page=2&page=2`);
    expect(paged.data.map(label)).toEqual(['c']);
    expect(paged.total).toBe(3);
  });

  it('sees a new revenue row at the next read', async () => {
    const period = 'from=2025-05-01&to=2025-05-10';
    expect(rowOf(await list(period), alpha).revenue).toBe(0);
    await revenue('adsense', [[alpha, '2025-05-05', 4.2, 'INR']]);
    expect(rowOf(await list(period), alpha)).toMatchObject({ revenue: 4.2, profit: 4.2 });
  });

  it('exports the list as CSV, costs by kind in columns of their own', async () => {
    const response = await admin.get(
      `/api/economics/websites/export?${MARCH}&query=Econ&order_key=name&order_dir=asc`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = parseCsv(response.body as string);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(header).toContain('cost_other');
    expect(header).not.toContain('sparkline');
    expect(rows.map((row) => cell(row, 'name'))).toEqual(['Econ Alpha', 'Econ Beta', 'Econ Gamma']);
    expect(cell(rows[0]!, 'profit')).toBe('288.18');
    expect(cell(rows[0]!, 'cost_other')).toBe('5');
    expect(cell(rows[1]!, 'profit')).toBe('-0.99');
  });
});

describe('renewal advice', () => {
  it('renews when the last 90 days pay for the renewal, reviews when not, no data under 30 days', async () => {
    const pays = await website('Renew Pays', 100);
    const short = await website('Renew Short', 100);
    const sparse = await website('Renew Sparse', 100);
    // June 30 + 12 months is 365 days: 30 × 1.00 over 90 days is 121.67 of them; 40 × 0.50, 81.11.
    const days = (count: number) =>
      Array.from({ length: count }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`);
    const more = (count: number) =>
      Array.from({ length: count }, (_, i) => `2025-05-${String(i + 1).padStart(2, '0')}`);
    await revenue('ezoic', [
      ...days(30).map((day): Amount => [pays, day, 1, 'INR']),
      ...[...days(30), ...more(10)].map((day): Amount => [short, day, 0.5, 'INR']),
      ...days(29).map((day): Amount => [sparse, day, 50, 'INR']),
    ]);
    const answer = await admin.get<Answer>(
      '/api/economics/websites?from=2025-06-01&to=2025-06-30&query=Renew&order_key=name&order_dir=asc',
    );
    expect(answer.body.data.map((row) => [row.name, row.renewal_advice])).toEqual([
      ['Renew Pays', 'renew'],
      ['Renew Short', 'review'],
      ['Renew Sparse', 'no data'],
    ]);
  });
});

describe('GET /api/economics/summary', () => {
  it("adds the fleet's rows up to the paisa, with the period before and the days", async () => {
    const march = await summary(MARCH);
    expect(march.totals).toEqual({ revenue: 294.22, cost: 12.52, profit: 281.7, views: 1700 });
    expect(march.previous).toEqual({ revenue: 7, cost: 0, profit: 7, views: 100 });
    expect(march.series).toHaveLength(10);
    expect(march.series[0]).toEqual({ date: '2025-03-01', revenue: 125, cost: 3, profit: 122 });
    expect(march.missing_rates).toEqual([]);
    const rows = (await list(MARCH)).data;
    const profits = rows.reduce((sum, row) => sum + row.profit! * 100, 0);
    expect(Math.round(profits) / 100).toBe(march.totals.profit);
  });

  it("answers one website's figures, and a missing rate's currencies", async () => {
    const one = await summary(`${MARCH}&website_id=${alpha}`);
    expect(one.totals).toEqual({ revenue: 294.2, cost: 6.02, profit: 288.18, views: 1500 });
    expect(one.previous.revenue).toBe(7);
    expect(one.series[0]).toEqual({ date: '2025-03-01', revenue: 125, cost: 2.5, profit: 122.5 });
    const april = await summary(APRIL);
    expect(april.totals.revenue).toBeNull();
    expect(april.totals.profit).toBeNull();
    expect(april.missing_rates).toEqual(['GBP', 'JPY']);
    expect((await admin.get(`/api/economics/summary?${MARCH}&website_id=999999`)).status).toBe(404);
  });

  it('shows a token limited to some websites theirs only, and one website by its id', async () => {
    const { client } = await tokenOf(admin, {
      abilities: ['economics-list'],
      website_ids: [gamma],
    });
    const listed = await client.get<Answer>(`/api/economics/websites?${MARCH}`);
    expect(listed.body.data.map((row) => row.id)).toEqual([gamma]);
    // One website's row, by its id: none for a website the token does not reach.
    const one = await client.get<Answer>(`/api/economics/websites?${MARCH}&website_id=${gamma}`);
    expect(one.body.data.map((row) => row.id)).toEqual([gamma]);
    const other = await client.get<Answer>(`/api/economics/websites?${MARCH}&website_id=${alpha}`);
    expect(other.body.data).toEqual([]);
    const fleet = await client.get<EconomicsSummary>(`/api/economics/summary?${MARCH}`);
    expect(fleet.body.totals).toEqual({ revenue: 0.01, cost: 5.5, profit: -5.49, views: 200 });
    expect((await client.get(`/api/economics/summary?${MARCH}&website_id=${alpha}`)).status).toBe(
      404,
    );
  });
});
