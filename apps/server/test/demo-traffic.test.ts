import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo.ts';
import { refreshViews } from '../src/modules/traffic/views.ts';
import { serverForFile } from './fixtures.ts';

/**
 * The demo's views have the beacon's roll-ups behind them: the views task, which keeps every
 * website's, category's and post's views from the roll-ups, finds the numbers the demo shows, and
 * the Traffic screen has the demo's days.
 */

const server = await serverForFile();
await seedDemo(server.database.db);
const admin = await server.admin();
const db = server.database.db;

/** The views the lists show: each table's, in id order. */
async function viewsOf() {
  const of = async (table: string) =>
    (
      await queryRows<{ views: number }>(
        db,
        sql`SELECT views FROM ${sql.identifier(table)} ORDER BY id`,
      )
    ).map((row) => Number(row.views));
  return {
    websites: await of('websites'),
    categories: await of('categories'),
    posts: await of('posts'),
  };
}

it("gives the demo's views the roll-ups behind them: the views task changes none, and the Traffic screen has its days", async () => {
  const before = await viewsOf();
  expect(before.websites).toEqual([15230, 8740, 22110, 1200, 5600]);
  const unchanged = { websites: 0, categories: 0, posts: 0 };
  expect(await refreshViews(db)).toEqual({ beacon: unchanged, ga4: unchanged });
  expect(await viewsOf()).toEqual(before);

  const traffic = (await admin.get('/api/traffic')).body;
  expect(traffic.totals.views).toBe(before.websites.reduce((sum, views) => sum + views, 0));
  expect(traffic.series).toHaveLength(30);
  expect(traffic.top_pages.length).toBeGreaterThan(0);
  expect(traffic.top_referrers[0]).toMatchObject({ domain: 'google.com' });
  const hours = (
    await admin.get(`/api/traffic?interval=hour&from=${traffic.series[28].t.slice(0, 10)}`)
  ).body;
  expect(hours.totals.views).toBeGreaterThan(0);
});
