import type { DeliveryHealth } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { addAttemptToHealth, pruneDeliveryAttempts } from '../../db/delivery-health.ts';
import { rollKeptWindows } from '../../db/delivery-health-window.ts';
import { checkDerivedState, repairDerivedState } from '../../db/integrity.ts';

/**
 * The fleet page's default window (the last 24 hours) is read from each website's kept health
 * rather than from every hour of the window: its answer must be the hours' whatever the roll has
 * done, and drift must be found and repaired like the hours'.
 */

const server = await serverForFile();
const { db } = server.database;
const admin = await server.admin();
const [ahead, behind, quiet] = await insertTestWebsites(db);

let jobs = 0;
/** An attempt `hoursAgo` hours ago, kept as the pipeline keeps one. */
async function attempt(
  websiteId: number,
  hoursAgo: number,
  outcome: 'delivered' | 'failed' | 'deferred',
) {
  jobs += 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO delivery_attempts (kind, variant_id, website_id, target, job_id, attempt,
                                       version, outcome, status_code, duration_ms, created_at)
        VALUES ('post', ${jobs}, ${websiteId}, 'website', ${`job-${jobs}`}, 1, 1, ${outcome},
                ${outcome === 'failed' ? 500 : 200}, ${40 * jobs},
                now() - ${hoursAgo} * interval '1 hour')
        RETURNING id`,
  );
  await addAttemptToHealth(db, row!.id);
}

/** What the hours of the last 24 give per website, counted straight from the attempts. */
async function expectedHealth() {
  const rows = await queryRows<{ website_id: number; attempts: number; failed: number }>(
    db,
    sql`SELECT website_id, count(*)::int AS attempts,
               (count(*) FILTER (WHERE outcome = 'failed'))::int AS failed
        FROM delivery_attempts
        WHERE created_at >= date_trunc('hour', now() - interval '24 hours', 'UTC')
        GROUP BY website_id`,
  );
  return Object.fromEntries(rows.map((row) => [row.website_id, row]));
}

async function fleet() {
  const response = await admin.get<{ data: DeliveryHealth[] }>('/api/delivery-health');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Object.fromEntries(response.body.data.map((row) => [row.website_id, row]));
}

async function expectFleetToMatchHours() {
  const [answered, expected] = await Promise.all([fleet(), expectedHealth()]);
  for (const id of [ahead, behind, quiet]) {
    expect(answered[id], `website ${id}`).toMatchObject({
      attempts: expected[id]?.attempts ?? 0,
      failed: expected[id]?.failed ?? 0,
    });
  }
  return answered;
}

// In the order they happened: the kept row of each website starts at its first attempt's hour.
await attempt(ahead, 30, 'failed');
await attempt(behind, 26, 'delivered');
await attempt(ahead, 20, 'delivered');
await attempt(ahead, 0, 'failed');
await attempt(ahead, 0, 'delivered');

describe("the fleet's kept day of health", () => {
  it('answers what the last day of hours gives before the kept rows have rolled past the old ones', async () => {
    const answered = await expectFleetToMatchHours();
    expect(answered[ahead]).toMatchObject({ attempts: 3, delivered: 2, failed: 1 });
    expect(answered[behind]).toMatchObject({ attempts: 0, success_rate: null, p95_ms: null });
    expect(answered[ahead]?.success_rate).toBeCloseTo(2 / 3);
    expect(await checkDerivedState(db)).toEqual([]);
  });

  it('answers the same once rolled, with the passed hours taken out of the kept rows', async () => {
    await rollKeptWindows(db);
    const kept = await queryRows<{ website_id: number; attempts: number; current: boolean }>(
      db,
      sql`SELECT website_id, attempts,
                 window_start = date_trunc('hour', now() - interval '24 hours', 'UTC') AS current
          FROM delivery_health_windows ORDER BY website_id`,
    );
    expect(kept).toEqual([
      { website_id: ahead, attempts: 3, current: true },
      { website_id: behind, attempts: 0, current: true },
    ]);
    await expectFleetToMatchHours();
    expect(await checkDerivedState(db)).toEqual([]);
  });

  it('orders the fleet the same off the kept rates as by summing the hours, both ways', async () => {
    const page = (direction: string) =>
      admin.get<{ data: DeliveryHealth[]; total: number }>(
        `/api/delivery-health?per_page=100&order_dir=${direction}`,
      );
    const ours = (answer: { data: DeliveryHealth[] }) =>
      answer.data.map((row) => row.website_id).filter((id) => [ahead, behind, quiet].includes(id));
    // Deferred (429) only: attempts in the window, but no rate.
    await attempt(behind, 0, 'deferred');
    const offKeptRates = [(await page('asc')).body, (await page('desc')).body];
    expect(ours(offKeptRates[0]!)).toEqual([ahead, behind, quiet]);
    expect(offKeptRates[0]!.data.find((row) => row.website_id === behind)).toMatchObject({
      attempts: 1,
      success_rate: null,
    });
    expect(ours(offKeptRates[1]!)).toEqual([ahead, quiet, behind]);
    // A kept row that starts an hour early, over an hour without attempts, holds the same health,
    // but is no longer current: the page is then summed from the hours.
    await db.execute(sql`UPDATE delivery_health_windows
                         SET window_start = window_start - interval '1 hour'
                         WHERE website_id = ${behind}`);
    const summed = [(await page('asc')).body, (await page('desc')).body];
    await db.execute(sql`UPDATE delivery_health_windows
                         SET window_start = window_start + interval '1 hour'
                         WHERE website_id = ${behind}`);
    expect(summed).toEqual(offKeptRates);
  });

  it('finds and repairs a kept row that drifted, and one missing', async () => {
    await db.execute(sql`UPDATE delivery_health_windows SET attempts = attempts + 5, failed = failed + 5
                         WHERE website_id = ${ahead}`);
    await db.execute(sql`DELETE FROM delivery_health_windows WHERE website_id = ${behind}`);
    await attempt(quiet, 1, 'failed');
    await db.execute(sql`DELETE FROM delivery_health_windows WHERE website_id = ${quiet}`);
    expect(await checkDerivedState(db)).toEqual([
      { name: 'delivery_health_windows', wrongRows: 3, kept: 8, actual: 5 },
    ]);
    expect(await repairDerivedState(db)).toHaveLength(1);
    expect(await checkDerivedState(db)).toEqual([]);
    const answered = await expectFleetToMatchHours();
    expect(answered[quiet]).toMatchObject({ attempts: 1, failed: 1 });
  });

  it('repairs the kept rows after the hours they sum, in one pass', async () => {
    // Hours and kept rows off by the same: the kept rows agree with the hours until those are
    // repaired, and only then differ.
    await db.execute(sql`UPDATE delivery_health_hours SET attempts = attempts + 5
                         WHERE website_id = ${ahead}
                           AND hour = date_trunc('hour', now(), 'UTC')`);
    await db.execute(sql`UPDATE delivery_health_windows SET attempts = attempts + 5
                         WHERE website_id = ${ahead}`);
    expect((await checkDerivedState(db)).map((drift) => drift.name)).toEqual([
      'delivery_health_hours',
    ]);
    expect((await repairDerivedState(db)).map((drift) => drift.name)).toEqual([
      'delivery_health_hours',
      'delivery_health_windows',
    ]);
    expect(await checkDerivedState(db)).toEqual([]);
    await expectFleetToMatchHours();
  });

  it('prunes old hours without leaving a kept row that still counted them', async () => {
    // Rows that have not rolled for ten hours: they start before the hours the prune deletes.
    await db.execute(sql`UPDATE delivery_health_windows
                         SET window_start = window_start - interval '10 hours'`);
    expect((await repairDerivedState(db)).map((drift) => drift.name)).toEqual([
      'delivery_health_windows',
    ]);
    await expectFleetToMatchHours();
    await pruneDeliveryAttempts(db, 1);
    expect(await checkDerivedState(db)).toEqual([]);
    await expectFleetToMatchHours();
  });
});
