import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo.ts';
import { inBase } from '../src/db/money.ts';
import { serverForFile } from './fixtures.ts';

/**
 * The demo's money: revenue every dollar of which converts at its day's rate, an affiliate's
 * rupees, costs added by hand (one shared by the fleet), so that the portfolio and the Money tab
 * have figures; each amount follows from its day alone.
 */

const server = await serverForFile();
const db = server.database.db;
await seedDemo(db);

it("gives the demo revenue with a rate for every dollar's day, and costs added by hand", async () => {
  const perSite = await queryRows<{
    name: string;
    source: string;
    days: number;
    unconverted: number;
    total: string;
  }>(
    db,
    sql`SELECT w.name, r.source, count(*)::int AS days,
               count(*) FILTER (WHERE ${inBase(sql`r.amount`, sql`r.currency`, sql`r.day`, 'INR')} IS NULL)::int AS unconverted,
               round(sum(r.amount), 2)::text AS total
        FROM revenue r JOIN websites w ON w.id = r.website_id
        GROUP BY w.id, w.name, r.source ORDER BY w.id`,
  );
  expect(perSite.map(({ total: _total, ...site }) => site)).toEqual([
    { name: 'Daily Recipes', source: 'adsense', days: 120, unconverted: 0 },
    { name: 'Travel Notes', source: 'adsense', days: 120, unconverted: 0 },
    { name: 'Gadget Reviews', source: 'affiliate', days: 7, unconverted: 0 },
    { name: 'Finance Basics', source: 'adsense', days: 3, unconverted: 0 },
  ]);

  const costs = await queryRows<{ name: string | null; rows: number; total: string }>(
    db,
    sql`SELECT w.name, count(*)::int AS rows, sum(c.amount)::text AS total
        FROM costs c LEFT JOIN websites w ON w.id = c.website_id
        WHERE c.kind = 'other' GROUP BY w.name ORDER BY w.name NULLS LAST`,
  );
  expect(costs).toEqual([
    { name: 'Daily Recipes', rows: 1, total: '2500.000000' },
    { name: 'Travel Notes', rows: 1, total: '18000.000000' },
    { name: null, rows: 4, total: '4800.000000' },
  ]);
});
