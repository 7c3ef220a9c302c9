/**
 * The fleet's 30-day table (`GET /api/traffic/websites`, page 1 by views) over a year of daily
 * roll-ups for 1,000 websites, generated directly as some 2.7 million page views a day would
 * leave them (1,000,000,000 in the year): its answer checked against SQL, then timed over HTTP at
 * BENCH_CONNECTIONS (10) beside the same page read in SQL alone (the floor). Target: p99 ≤ 50 ms.
 */
import { DAY_MS, utcDay } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../apps/server/src/db/client.ts';
import { count, step } from './channels-seed.ts';
import {
  CONNECTIONS,
  type Figures,
  measureDirect,
  measureHttp,
  signIn,
  startServer,
} from './measure.ts';

const DAYS = 366;
const PER_PAGE = 15;
export const TABLE_P99_TARGET_MS = 50;

/**
 * A year of each website's days, ending today: some 2,700 views a day each (a few websites ten
 * times more), about a third as many visitors.
 */
async function seedYear(db: Database['db']) {
  await db.execute(sql`TRUNCATE traffic_daily`);
  await db.execute(sql`
    INSERT INTO traffic_daily (website_id, source, day, views, visitors)
    SELECT w.id, 'beacon', d::date,
           (2000 + (w.id * 37 + extract(doy FROM d)::int * 11) % 1400)
             * CASE WHEN w.id % 97 = 0 THEN 10 ELSE 1 END,
           700 + (w.id * 13 + extract(doy FROM d)::int * 7) % 500
    FROM websites w,
         generate_series(current_date - ${DAYS - 1}::int, current_date, interval '1 day') d`);
  await db.execute(sql`ANALYZE traffic_daily`);
  const [row] = await queryRows<{ rows: number; views: string }>(
    db,
    sql`SELECT count(*)::int AS rows, sum(views)::text AS views FROM traffic_daily`,
  );
  step(`${count(row!.rows)} daily rows, ${count(Number(row!.views))} page views in the year`);
}

/** The page in SQL: the period's views and visitors per website, and its sparkline. */
const floorPage = (from: string, to: string): SQL => sql`
  SELECT w.id, w.name, COALESCE(s.views, 0)::float8 AS views,
         COALESCE(s.visitors, 0)::float8 AS visitors,
         CASE WHEN COALESCE(s.before, 0) = 0 THEN NULL
              ELSE (COALESCE(s.views, 0) - s.before)::float8 / s.before END AS change,
         ARRAY(SELECT views FROM traffic_daily d
               WHERE d.website_id = w.id AND d.source = 'beacon' AND d.day BETWEEN ${from}::date AND ${to}::date
               ORDER BY d.day) AS sparkline
  FROM websites w LEFT JOIN (
    SELECT website_id,
           sum(views) FILTER (WHERE day >= ${from}::date) AS views,
           sum(visitors) FILTER (WHERE day >= ${from}::date) AS visitors,
           sum(views) FILTER (WHERE day < ${from}::date) AS before
    FROM traffic_daily
    WHERE source = 'beacon' AND day BETWEEN ${from}::date - 30 AND ${to}::date
    GROUP BY website_id) s ON s.website_id = w.id
  ORDER BY views DESC, w.id DESC LIMIT ${PER_PAGE}`;

interface TableRow {
  id: number;
  views: number;
  visitors: number;
  change: number | null;
  sparkline: number[];
}

export interface TableFigures {
  http: Figures & { errors: number };
  floor: Figures;
  total: number;
}

/** Seeds the year, checks the answer against SQL, then times the table and its floor. */
export async function timeTable(
  database: Database,
  env: Record<string, string>,
): Promise<TableFigures> {
  const { db } = database;
  await seedYear(db);
  const to = utcDay(Date.now());
  const from = utcDay(Date.now() - 29 * DAY_MS);
  const expected = await queryRows<TableRow>(db, floorPage(from, to));
  const server = await startServer({ ...env, RUN_WORKERS: 'false' });
  try {
    const cookie = await signIn(server.url);
    const path = `/api/traffic/websites?per_page=${PER_PAGE}`;
    const response = await fetch(server.url + path, {
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    const answer = (await response.json()) as { data: TableRow[]; total: number };
    const got = answer.data.map(({ id, views, visitors, change, sparkline }) => ({
      id,
      views,
      visitors,
      change: change === null ? null : Number(change.toFixed(6)),
      sparkline,
    }));
    const wanted = expected.map(({ id, views, visitors, change, sparkline }) => ({
      id,
      views,
      visitors,
      change: change === null ? null : Number(change.toFixed(6)),
      sparkline: sparkline.map(Number),
    }));
    if (JSON.stringify(got) !== JSON.stringify(wanted) || answer.total < 1000) {
      throw new Error(
        `The table's page 1 is not SQL's:\n${JSON.stringify(got[0])}\n${JSON.stringify(wanted[0])} (total ${answer.total})`,
      );
    }
    step(`page 1 checked against SQL: ${got.length} websites of ${count(answer.total)}`);
    const floor = await measureDirect(() => db.execute(floorPage(from, to)), 10);
    const http = await measureHttp(server.url + path, cookie);
    return { http, floor, total: answer.total };
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
}

export const tableLine = ({ http, floor }: TableFigures) =>
  `the fleet's 30-day table (page 1 of 1,000 websites, a year of days) at ${CONNECTIONS} connections: p99 ${http.p99} ms (${http.reqPerSec.toFixed(0)} req/s; goal ≤ ${TABLE_P99_TARGET_MS} ms: ${http.p99 <= TABLE_P99_TARGET_MS ? 'met' : 'NOT met'}), SQL floor p99 ${floor.p99.toFixed(1)} ms (${floor.reqPerSec.toFixed(0)} req/s): ${(http.p99 / floor.p99).toFixed(1)}× the floor's p99`;
