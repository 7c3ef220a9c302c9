import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type CostDaysOptions, costDays, withoutJit } from '../src/db/cost-days.ts';
import { serverForFile } from './fixtures.ts';

/**
 * The cost ledger: hosting and instances worked out day by day, the stored costs converted at
 * their day's rate, the fleet's shared costs allocated by views.
 */

const server = await serverForFile();
const db = server.database.db;
// The ledger is the fleet's: the test's own websites and instances only.
await db.execute(sql`DELETE FROM websites`);
await db.execute(sql`DELETE FROM instances`);

/** Each test's rows go with it: the ledger is the fleet's. */
const cleanUp = () =>
  onTestFinished(async () => {
    for (const table of ['websites', 'instances', 'costs', 'exchange_rates']) {
      await db.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    }
  });

/** A website made in SQL: the ledger reads its cost, duration, renewal and creation only. */
async function website(name: string, cost: number, duration: number, renewal: string | null) {
  cleanUp();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO websites (name, url, hosting, cost, duration, next_renewal_date,
                              webhook_secret, created_at)
        VALUES (${name}, ${`https://${name}.example`}, 'host', ${cost}, ${duration}, ${renewal},
                'secret', '2020-01-01T00:00:00Z')
        RETURNING id`,
  );
  return row!.id;
}

interface CostDay {
  website_id: number | null;
  day: string;
  kind: string;
  source: string | null;
  amount: number | null;
  currency: string;
}

const days = (from: string, to: string, options: CostDaysOptions, where = sql`true`) =>
  withoutJit(db, (tx) =>
    queryRows<CostDay>(
      tx,
      sql`SELECT c.website_id, c.day::text AS day, c.kind, c.source, c.amount::float8 AS amount,
               c.currency
        FROM (${costDays({ from, to }, 'INR', options)}) c
        WHERE ${where}
        ORDER BY c.day, c.kind, c.website_id NULLS FIRST, c.source`,
    ),
  );

const sum = (rows: CostDay[]) => rows.reduce((total, row) => total + (row.amount ?? 0), 0);

describe('cost days', () => {
  it('spreads hosting over each renewal period: a 12-month duration sums to the cost', async () => {
    const yearly = await website('yearly', 1234.57, 12, '2027-03-15');
    const monthly = await website('monthly', 999.99, 1, '2026-01-31');
    await website('unrenewed', 500, 12, null);
    const only = { shared: 'fleet' as const, websiteIds: [yearly, monthly] };

    const year = await days('2026-03-15', '2027-03-14', { ...only, websiteIds: [yearly] });
    expect(year).toHaveLength(365);
    expect(Math.abs(sum(year) - 1234.57)).toBeLessThan(0.01);
    // A period ending at a month's last day: 31 days from 31 December, then 28 in February.
    const february = await days('2026-01-30', '2026-03-01', { ...only, websiteIds: [monthly] });
    expect(february.at(0)!.amount).toBeCloseTo(999.99 / 31, 10);
    expect(february.at(1)!.amount).toBeCloseTo(999.99 / 28, 10);
    expect(
      sum(february.filter((row) => row.day >= '2026-01-31' && row.day < '2026-02-28')),
    ).toBeCloseTo(999.99, 8);
    // None without a renewal date; none before the website was made.
    const all = await days('2019-12-30', '2020-01-02', { shared: 'fleet' });
    expect(all.map((row) => row.day)).not.toContain('2019-12-31');
    expect(all.every((row) => row.website_id !== null)).toBe(true);
  });

  it("splits an instance's day among its websites by their instructions", async () => {
    const [a, b] = [await website('a', 0, 12, null), await website('b', 0, 12, null)];
    await db.execute(
      sql`INSERT INTO instances (id, instance_id, ip_address, current_state, gap, region, type,
                                 cost, created_at)
          VALUES (901, 'i-split', '10.0.0.1', 'running', '01:00', 'r', 't', 310,
                  '2026-03-01T12:00:00Z')`,
    );
    await db.execute(
      sql`INSERT INTO agent_instructions (instance_id, website_id, generate, prompt, "limit",
                                          created_at)
          VALUES (901, ${a}, 'posts', 'p', 1, '2026-03-02T00:00:00Z'),
                 (901, ${a}, 'posts', 'p', 1, '2026-03-02T12:00:00Z'),
                 (901, ${b}, 'posts', 'p', 1, '2026-03-02T23:59:59Z')`,
    );
    const rows = await days('2026-02-28', '2026-03-03', { shared: 'fleet' });
    // 310 a month of 31 days: 10 a day, from the day it was made; a day with no instruction is
    // the fleet's.
    expect(rows.map((row) => [row.day, row.website_id, row.source, row.amount])).toEqual([
      ['2026-03-01', null, 'i-split', 10],
      ['2026-03-02', a, 'i-split', expect.closeTo(20 / 3, 10)],
      ['2026-03-02', b, 'i-split', expect.closeTo(10 / 3, 10)],
      ['2026-03-03', null, 'i-split', 10],
    ]);
    // Allocated: a day without views is shared equally among the websites.
    const allocated = await days('2026-03-03', '2026-03-03', { shared: 'allocated' });
    expect(allocated.map((row) => [row.website_id, row.amount])).toEqual([
      [a, 5],
      [b, 5],
    ]);
  });

  it('converts stored costs at their day’s rate and shares the fleet’s by views', async () => {
    const [a, b] = [await website('va', 0, 12, null), await website('vb', 0, 12, null)];
    await db.execute(
      sql`INSERT INTO costs (website_id, day, kind, source, amount, currency) VALUES
            (NULL, '2026-05-04', 'other', 'manual', 30, 'INR'),
            (NULL, '2026-05-05', 'other', 'manual', 10, 'USD'),
            (${a}, '2026-05-04', 'generation', 'model', 2, 'USD'),
            (${a}, '2026-05-20', 'generation', 'model', 3, 'USD')`,
    );
    // Friday's rate holds over the weekend; none within a week of the 20th.
    await db.execute(
      sql`INSERT INTO exchange_rates (currency, day, rate) VALUES ('USD', '2026-05-01', 85.5)`,
    );
    await db.execute(
      sql`INSERT INTO traffic_daily (website_id, source, day, views) VALUES
            (${a}, 'beacon', '2026-05-04', 1), (${b}, 'beacon', '2026-05-04', 2),
            (${a}, 'google', '2026-05-05', 9)`,
    );
    const fleet = await days('2026-05-01', '2026-05-31', { shared: 'fleet' });
    expect(fleet.map((row) => [row.website_id, row.day, row.amount, row.currency])).toEqual([
      [a, '2026-05-04', 171, 'USD'],
      [null, '2026-05-04', 30, 'INR'],
      [null, '2026-05-05', 855, 'USD'],
      [a, '2026-05-20', null, 'USD'],
    ]);
    const allocated = await days('2026-05-01', '2026-05-31', {
      shared: 'allocated',
      websiteIds: [b],
    });
    expect(allocated.map((row) => [row.day, row.amount])).toEqual([
      ['2026-05-04', 20],
      ['2026-05-05', 427.5],
    ]);
  });
});
