/**
 * The page-view beacon at full speed: page views posted to `POST /api/collect` for BENCH_SECONDS
 * (60 by default) as fast as the machine allows, from the same machine, then the server stopped
 * with SIGTERM; every view answered 202 must be in the database afterwards (0 lost), and the rate
 * is printed beside the floor: the same writes (raw rows and roll-ups, in batches of 1,000) done
 * directly in SQL from this process for BENCH_FLOOR_SECONDS (10).
 *
 *   npm run bench:traffic
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench_traffic npm run bench:traffic
 *
 * The database (by default `sitefleet_bench_traffic` on 127.0.0.1:5432) is created when missing,
 * migrated, and given 1,000 websites; its traffic tables are emptied at each run. Goal: ≥ 5,000
 * views/s on a two-core machine with the load generator on it. BENCH_COLLECT_CONNECTIONS (default
 * 50). Then the fleet's 30-day table over a year of days (traffic-table.ts). BENCH_CASES=collect
 * or table runs one of the two.
 */
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { seedBase } from '../../apps/server/src/db/seed.ts';
import { type PageView, writePageViews } from '../../apps/server/src/modules/traffic/rollup.ts';
import { TARGET_SETTINGS } from '../../apps/server/src/pipeline/targets/index.ts';
import { count, ensureDatabase, step } from './channels-seed.ts';
import { selectedCase, startServer } from './measure.ts';
import { BENCH_ADMIN } from './shape.ts';
import { tableLine, timeTable } from './traffic-table.ts';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sitefleet_bench_traffic';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_COLLECT_CONNECTIONS ?? 50);
const WEBSITES = 1000;
const HOST = 'traffic.bench.example';
/** The goal on a two-core machine with the load generator on it. */
const GOAL_PER_SECOND = 5000;
/** Readers' browsers: each a visitor of its own on every website. */
const AGENTS = Array.from(
  { length: 200 },
  (_, index) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.${index} Safari/537.36`,
);
const PAGES = 50;

/** 1,000 websites of the bench's own; a database with others is refused. */
async function seedWebsites(db: Database['db']) {
  const [foreign] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM websites WHERE url NOT LIKE ${`%.${HOST}`}`,
  );
  if (foreign!.n > 0) {
    throw new Error(`${DATABASE_URL} holds websites of its own: the bench needs one of its own.`);
  }
  await db.execute(sql`
    INSERT INTO websites (id, name, url, status, hosting, cost, duration, webhook_secret)
    SELECT g, 'Website ' || g, 'https://site' || g || '.' || ${HOST}, 1, 'Bench', 10, 12,
           md5('secret' || g)
    FROM generate_series(1::int, ${WEBSITES}::int) g
    ON CONFLICT (id) DO NOTHING`);
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('websites', 'id'), (SELECT max(id) FROM websites))`,
  );
  return queryRows<{ id: number; tracking_key: string }>(
    db,
    sql`SELECT id, tracking_key FROM websites ORDER BY id`,
  );
}

const emptyTraffic = (db: Database['db']) =>
  db.execute(sql`TRUNCATE traffic_events, traffic_hourly, traffic_daily, traffic_pages,
                          traffic_referrers, traffic_devices`);

const pageViewCount = async (db: Database['db']) => {
  const [row] = await queryRows<{ raw: number; rolled: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM traffic_events) AS raw,
               (SELECT coalesce(sum(views), 0)::int FROM traffic_daily) AS rolled`,
  );
  return row!;
};

/** The floor: batches of 1,000 views written straight from this process, as the server's writer does. */
async function floorRate(db: Database['db'], websites: readonly { id: number }[]) {
  const batch = (): PageView[] =>
    Array.from({ length: 1000 }, () => ({
      at: new Date(),
      websiteId: websites[randomInt(websites.length)]!.id,
      path: `/page-${randomInt(PAGES)}`,
      postId: null,
      categoryId: null,
      visitor: BigInt(randomInt(2 ** 47)),
      referrer: null,
      device: 'desktop',
    }));
  let written = 0;
  const end = performance.now() + FLOOR_SECONDS * 1000;
  const started = performance.now();
  while (performance.now() < end) {
    const views = batch();
    await writePageViews(db, views);
    written += views.length;
  }
  const rate = written / ((performance.now() - started) / 1000);
  const counted = await pageViewCount(db);
  if (counted.raw !== written || counted.rolled !== written) {
    throw new Error(
      `The floor wrote ${written} views, the database holds ${JSON.stringify(counted)}`,
    );
  }
  return rate;
}

async function main() {
  console.log(`\n── traffic: database ${new URL(DATABASE_URL).pathname.slice(1)} ──`);
  await ensureDatabase(DATABASE_URL);
  const database = await openDatabase({ url: DATABASE_URL });
  await database.migrate();
  await seedBase(database.db, TARGET_SETTINGS, BENCH_ADMIN);
  const websites = await seedWebsites(database.db);
  step(`${count(websites.length)} websites`);

  let failed = false;
  if (selectedCase('collect')) failed = !(await collectCase(database, websites));
  if (selectedCase('table')) {
    console.log("── the fleet's 30-day table over a year of days ──");
    const table = await timeTable(database, { DATABASE_URL });
    console.log(
      JSON.stringify({
        case: 'traffic websites table',
        req_per_sec: Math.round(table.http.reqPerSec),
        p50_ms: table.http.p50,
        p99_ms: table.http.p99,
        errors: table.http.errors,
        floor_req_per_sec: Math.round(table.floor.reqPerSec),
        floor_p99_ms: Number(table.floor.p99.toFixed(2)),
      }),
    );
    console.log(`\n${tableLine(table)}`);
    if (table.http.errors > 0) failed = true;
  }
  await database.close();
  if (failed) process.exit(1);
}

/** Posts page views for SECONDS, stops the server, and checks every 202 is in the database. */
async function collectCase(
  database: Database,
  websites: readonly { id: number; tracking_key: string }[],
) {
  await emptyTraffic(database.db);
  const floor = await floorRate(database.db, websites);
  step(`floor (the writer's statements from this process): ${count(Math.round(floor))} views/s`);
  await emptyTraffic(database.db);

  console.log(`── POST /api/collect for ${SECONDS} s, ${CONNECTIONS} connections, then SIGTERM ──`);
  const server = await startServer({ DATABASE_URL, RUN_WORKERS: 'false' });
  const bodies = websites.flatMap((website) =>
    [0, 1, 2].map((page) =>
      JSON.stringify({
        k: website.tracking_key,
        u: `https://site${website.id}.${HOST}/page-${page}`,
        r: 'https://news.example.org/',
      }),
    ),
  );
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/collect',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': AGENTS[randomInt(AGENTS.length)]!,
          },
          body: bodies[randomInt(bodies.length)]!,
        }),
      },
    ],
  });
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  const taken = result.statusCodeStats['202']?.count ?? 0;
  const counted = await pageViewCount(database.db);

  const rate = taken / SECONDS;
  // The requests in flight when the time was up were answered and written, but autocannon counts
  // no answer after its time: at most one per connection more in the database than counted.
  const lost = Math.max(0, taken - counted.raw);
  const uncounted = counted.raw - taken + lost;
  const others = Object.entries(result.statusCodeStats)
    .filter(([status]) => status !== '202')
    .map(([status, { count: n }]) => `${n} × ${status}`);
  console.log(
    JSON.stringify({
      case: 'traffic collect',
      seconds: SECONDS,
      connections: CONNECTIONS,
      answered_202: taken,
      other_answers: others,
      errors: result.errors,
      raw_rows: counted.raw,
      rolled_up_views: counted.rolled,
      lost,
      answered_after_the_time: uncounted,
      views_per_second: Math.round(rate),
      floor_views_per_second: Math.round(floor),
      of_floor: Number((rate / floor).toFixed(3)),
      p99_ms: result.latency.p99,
    }),
  );
  console.log(
    `\n${count(taken)} page views answered 202 in ${SECONDS} s: ${count(Math.round(rate))}/s (${(rate / floor).toFixed(2)}× the floor's ${count(Math.round(floor))}/s; goal ${count(GOAL_PER_SECOND)}/s: ${rate >= GOAL_PER_SECOND ? 'met' : 'NOT met'}), p99 ${result.latency.p99} ms; ${count(counted.raw)} in the database (${uncounted} of them answered after the time was up), ${lost} lost${others.length > 0 ? `; other answers: ${others.join(', ')}` : ''}`,
  );
  if (lost !== 0 || uncounted > CONNECTIONS || counted.rolled !== counted.raw) {
    console.error(
      `\nWRONG: ${lost} views answered 202 are not in the database, or the roll-ups disagree (${counted.rolled} rolled up)`,
    );
    return false;
  }
  return true;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
