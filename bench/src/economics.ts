/**
 * The economics list (`GET /api/economics/websites`, page 1 by profit) over 730 days of 1,000
 * websites' revenue and costs, generated directly in SQL (economics-seed.ts): its first page
 * worked out in plain SQL first (economics-check.ts), then the server's answers timed at
 * BENCH_CONNECTIONS (10) for BENCH_DURATION seconds (10), every answer checked against that page,
 * beside the plain SQL's own time (the floor). Target: p95 ≤ 100 ms.
 *
 *   npm run bench:economics
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench_economics npm run bench:economics
 *
 * The database (by default `sitefleet_bench_economics` on 127.0.0.1:5432) is created when
 * missing, migrated, and its economics rows generated again at each run.
 */
import { isDeepStrictEqual } from 'node:util';
import { DAY_MS, type EconomicsWebsiteRow, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { seedBase } from '../../apps/server/src/db/seed.ts';
import { TARGET_SETTINGS } from '../../apps/server/src/pipeline/targets/index.ts';
import { count, ensureDatabase, step } from './channels-seed.ts';
import { plainPage } from './economics-check.ts';
import { DAYS, seedEconomics, WEBSITES } from './economics-seed.ts';
import {
  CONNECTIONS,
  DURATION,
  percentile,
  requestHeaders,
  signIn,
  startServer,
} from './measure.ts';
import { BENCH_ADMIN } from './shape.ts';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sitefleet_bench_economics';
const PER_PAGE = 15;
const P95_TARGET_MS = 100;
/** Runs of the plain SQL timed for the floor: each reads every amount of the two years. */
const FLOOR_RUNS = 3;

type Expected = Omit<
  EconomicsWebsiteRow,
  'posts_published' | 'cost_per_post' | 'delivery_success_rate' | 'missing_rates'
>;

/** The answer's page as the plain SQL has it: no post or delivery in the bench, no missing rate. */
const wanted = (rows: Expected[]): EconomicsWebsiteRow[] =>
  rows.map((row) => ({
    ...row,
    posts_published: 0,
    cost_per_post: null,
    delivery_success_rate: null,
    missing_rates: [],
  }));

/**
 * Times CONNECTIONS loops of requests for DURATION seconds, checking every answer: the same
 * bytes as the first answer, which was checked against the plain SQL field by field.
 */
async function timeAnswers(url: string, cookie: string, checked: string) {
  const headers = requestHeaders(cookie, '');
  const latencies: number[] = [];
  let errors = 0;
  let wrong = 0;
  const end = performance.now() + DURATION * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (response.status !== 200) errors++;
      else if (text !== checked) wrong++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    reqPerSec: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    wrong,
  };
}

async function main() {
  console.log(`\n── economics: database ${new URL(DATABASE_URL).pathname.slice(1)} ──`);
  await ensureDatabase(DATABASE_URL);
  const database = await openDatabase({ url: DATABASE_URL });
  await database.migrate();
  await seedBase(database.db, TARGET_SETTINGS, BENCH_ADMIN);
  const to = utcDay(Date.now());
  const from = utcDay(Date.now() - (DAYS - 1) * DAY_MS);
  await seedEconomics(database.db, from, to);

  const floorTimes: number[] = [];
  let expected: EconomicsWebsiteRow[] = [];
  for (let run = 0; run < FLOOR_RUNS; run++) {
    const started = performance.now();
    // With JIT off, as the server reads its figures: compiling them takes longer than running.
    expected = wanted(
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return queryRows<Expected>(tx, plainPage(from, to, PER_PAGE));
      }),
    );
    floorTimes.push(performance.now() - started);
  }
  const floor = floorTimes.sort((a, b) => a - b)[Math.floor(FLOOR_RUNS / 2)]!;
  step(`the first page in plain SQL: ${floor.toFixed(0)} ms (median of ${FLOOR_RUNS})`);

  const server = await startServer({ DATABASE_URL, RUN_WORKERS: 'false' });
  let failed = false;
  try {
    const cookie = await signIn(server.url);
    const url = `${server.url}/api/economics/websites?from=${from}&to=${to}&order_key=profit&order_dir=desc&per_page=${PER_PAGE}`;
    const started = performance.now();
    const first = await fetch(url, { headers: requestHeaders(cookie, '') });
    const cold = performance.now() - started;
    const checked = await first.text();
    const answer = JSON.parse(checked) as { data: EconomicsWebsiteRow[]; total: number };
    if (!isDeepStrictEqual(answer.data, expected)) {
      throw new Error(
        `The first page is not the plain SQL's:\n${JSON.stringify(answer.data[0])}\n${JSON.stringify(expected[0])}`,
      );
    }
    step(
      `page 1 checked against the plain SQL: ${answer.data.length} websites of ${count(answer.total)}; the first answer (figures worked out) took ${cold.toFixed(0)} ms`,
    );
    const http = await timeAnswers(url, cookie, checked);
    console.log(
      JSON.stringify({
        case: 'economics websites list',
        websites: WEBSITES,
        days: DAYS,
        connections: CONNECTIONS,
        requests: http.requests,
        req_per_sec: Math.round(http.reqPerSec),
        p50_ms: Number(http.p50.toFixed(1)),
        p95_ms: Number(http.p95.toFixed(1)),
        p99_ms: Number(http.p99.toFixed(1)),
        errors: http.errors,
        wrong_answers: http.wrong,
        first_answer_ms: Math.round(cold),
        floor_ms: Math.round(floor),
        p95_of_floor: Number((http.p95 / floor).toFixed(4)),
      }),
    );
    console.log(
      `\nthe economics list (page 1 by profit of ${count(WEBSITES)} websites over ${DAYS} days) at ${CONNECTIONS} connections: p95 ${http.p95.toFixed(1)} ms (${http.reqPerSec.toFixed(0)} req/s; goal ≤ ${P95_TARGET_MS} ms: ${http.p95 <= P95_TARGET_MS ? 'met' : 'NOT met'}), ${count(http.requests)} answers checked, ${http.wrong} wrong, ${http.errors} errors; the plain SQL floor ${floor.toFixed(0)} ms: p95 ${(http.p95 / floor).toFixed(4)}× the floor; the first answer ${cold.toFixed(0)} ms`,
    );
    failed = http.errors > 0 || http.wrong > 0;
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    await database.close();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
