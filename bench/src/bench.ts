/**
 * Measures the content lists and actions on the large data set (`npm run seed:large`), over HTTP
 * against the real server, through the same service code without HTTP, and as the raw page query
 * (the floor a list approaches), with the CPU time per request of the server and of the database
 * (a figure that, unlike req/s, does not depend on what else the machine runs). Every case's
 * answer is checked against SQL first (status, rows in order, total): a wrong answer is reported
 * instead of a figure, and the run exits with 1. Prints a table and one JSON line per case.
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench
 *   BENCH_DATA_DIR=./bench-data npm run bench        (PGlite; both may be set)
 *
 * BENCH_DURATION (seconds per case, default 10) and BENCH_CONNECTIONS (default 10). BENCH_CASES
 * runs only the cases whose names contain one of its comma-separated parts (`posts page 1,export`);
 * the signed-in profile runs whenever a list does, as what each list is compared with.
 * BENCH_ENCODINGS: the Accept-Encoding values each list is timed with (`none;br, gzip`).
 * BENCH_SERVER_MAIN: another build's compiled server, to compare two builds on one database.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { rollKeptWindows } from '../../apps/server/src/db/delivery-health-window.ts';
import { startQueue } from '../../apps/server/src/jobs/queue.ts';
import {
  assertAudited,
  BULK_CASE,
  benchCaller,
  bulkApproveEntries,
  bulkFigures,
  floorBulk,
  httpBulk,
  resetBulkRows,
  serviceBulk,
} from './bulk.ts';
import {
  type ListCase,
  listCases,
  PROFILE_CASE,
  profileCase,
  REVIEW_CASE,
  reviewListCase,
} from './cases.ts';
import { benchExport, describeExport, EXPORT_CASE, type ExportFigures } from './export.ts';
import { httpCase, message, type Prepared, prepareCase, warmUp } from './list-timing.ts';
import {
  CONNECTIONS,
  ENCODINGS,
  rssMegabytes,
  selectedCase,
  signIn,
  startServer,
} from './measure.ts';
import { printTable, type Row } from './report.ts';

interface Target {
  name: 'postgres' | 'pglite';
  env: Record<string, string>;
  open: () => Promise<Database>;
}

async function directPhase(target: Target) {
  console.log(`\n── ${target.name}: service code and raw page queries (no HTTP) ──`);
  const prepared = new Map<string, Prepared>();
  const database = await target.open();
  // A database seeded before the latest migrations gets them first, as the server would at start.
  await database.migrate();
  // The server below runs no workers, so nothing rolls the fleet's kept health windows, as a
  // worker does every five minutes: a database seeded hours ago would be read through the slower
  // path for stale windows, and the floor read off them would be a wrong answer.
  await rollKeptWindows(database.db);
  const queue = await startQueue(database, { error: () => {} });
  const [counted] = await queryRows<{ posts: number }>(
    database.db,
    sql`SELECT count(*)::int AS posts FROM posts`,
  );
  const lists: ListCase[] = [
    ...listCases(counted!.posts).filter((listCase) => selectedCase(listCase.name)),
    ...(selectedCase(REVIEW_CASE) ? [await reviewListCase(database.db)] : []),
  ];
  // Every list is read beside the cheapest signed-in answer, timed in the same run.
  if (lists.length > 0 || selectedCase(PROFILE_CASE)) lists.push(await profileCase(database.db));
  for (const listCase of lists) {
    const result = await prepareCase(database.db, listCase);
    prepared.set(listCase.name, result);
    console.log(
      result.error
        ? `  ${listCase.name}: NOT TIMED: ${result.error}`
        : `  ${listCase.name}: service ${result.direct!.reqPerSec.toFixed(0)} req/s, raw query ${result.floor!.reqPerSec.toFixed(0)} req/s (${result.expected.total} rows in all)`,
    );
  }
  await resetBulkRows(database.db);
  const caller = await benchCaller(database.db);
  const bulkTimes = selectedCase(BULK_CASE) ? await serviceBulk(database.db, queue, caller) : [];
  const auditedBulks = await bulkApproveEntries(database.db);
  await resetBulkRows(database.db);
  const bulkFloor = bulkTimes.length > 0 ? await floorBulk(database.db) : [];
  await queue.stop();
  await database.close();
  return { prepared, lists, bulkTimes, bulkFloor, auditedBulks, posts: counted!.posts };
}

async function benchTarget(
  target: Target,
): Promise<{ rows: Row[]; memory: string; exported?: ExportFigures }> {
  const { prepared, lists, bulkTimes, bulkFloor, auditedBulks, posts } = await directPhase(target);
  console.log(`── ${target.name}: HTTP (real server, autocannon, ${CONNECTIONS} connections) ──`);
  // The server answers requests only, its workers and scheduler elsewhere as behind a load
  // balancer: the scheduled tasks would otherwise run beside the timed requests (the monitor's
  // checks of the seed's 1,000 websites, whose addresses do not answer, and their notifications).
  const server = await startServer({ ...target.env, RUN_WORKERS: 'false' });
  const atRest = rssMegabytes(server.child.pid!);
  const monitor = target.name === 'postgres' ? await target.open() : undefined;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMegabytes(server.child.pid!));
  }, 250);
  const rows: Row[] = [];
  // The bulk approve holds its 30,000 variants at once: its peak is told apart from the lists'.
  let listsPeak = 0;
  let exported: ExportFigures | undefined;
  try {
    const cookie = await signIn(server.url);
    await warmUp(server.url, cookie, lists);
    for (const listCase of lists) {
      // The case with each Accept-Encoding back to back: the compression's cost beside its own.
      for (const encoding of ENCODINGS) {
        const row = await httpCase(
          server,
          cookie,
          listCase,
          prepared.get(listCase.name)!,
          monitor,
          encoding,
        );
        rows.push({
          db: target.name,
          ...row,
          error: row.error ?? prepared.get(listCase.name)!.error,
        });
        console.log(
          `  ${row.case}: ${row.error ?? `${row.http!.reqPerSec.toFixed(0)} req/s, server CPU ${row.cpu!.server.toFixed(2)} ms/req, sent ${row.encoding}`}`,
        );
      }
    }
    listsPeak = peak;
    if (selectedCase(EXPORT_CASE)) {
      try {
        exported = await benchExport(server.url, cookie, posts, server.child.pid!);
        console.log(`  ${EXPORT_CASE}: ${describeExport(exported)}`);
      } catch (error) {
        rows.push({
          db: target.name,
          case: EXPORT_CASE,
          load: loadavg()[0]!,
          error: message(error),
        });
      }
    }
    if (bulkTimes.length > 0) {
      const bulk = {
        db: target.name,
        case: BULK_CASE,
        load: loadavg()[0]!,
        direct: bulkFigures(bulkTimes),
        floor: bulkFigures(bulkFloor),
      };
      try {
        rows.push({ ...bulk, http: bulkFigures(await httpBulk(server.url, cookie)) });
      } catch (error) {
        rows.push({ ...bulk, error: message(error) });
      }
    }
  } finally {
    clearInterval(sampler);
    await monitor?.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  const reopened = await target.open();
  const bulkRow = rows.find((row) => row.case.startsWith('bulk approve'));
  if (bulkRow?.http) {
    // Over HTTP too, each bulk approve wrote its one audit entry.
    await assertAudited(reopened.db, auditedBulks, 'HTTP').catch((error: unknown) => {
      bulkRow.error = message(error);
    });
  }
  await resetBulkRows(reopened.db);
  await reopened.close();
  const memory = [
    `server listening in ${(server.listenMs / 1000).toFixed(1)} s, ready in ${(server.startMs / 1000).toFixed(1)} s; RSS ${atRest.toFixed(0)} MB at rest, ${listsPeak.toFixed(0)} MB peak under the lists' load, ${peak.toFixed(0)} MB with the export and the bulk approve`,
    ...(exported ? [`${EXPORT_CASE}: ${describeExport(exported)}`] : []),
  ].join('\n  ');
  return { rows, memory, exported };
}

async function main() {
  const targets: Target[] = [];
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (url) {
    targets.push({
      name: 'postgres',
      env: { DATABASE_URL: url },
      open: () => openDatabase({ url }),
    });
  }
  if (dataDir) {
    targets.push({
      name: 'pglite',
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
    });
  }
  if (targets.length === 0) {
    throw new Error(
      'Set BENCH_DATABASE_URL (PostgreSQL) and/or BENCH_DATA_DIR (PGlite), seeded by npm run seed:large.',
    );
  }
  const rows: Row[] = [];
  const memory: Record<string, string> = {};
  const exports: Record<string, ExportFigures> = {};
  for (const target of targets) {
    const result = await benchTarget(target);
    rows.push(...result.rows);
    memory[target.name] = result.memory;
    if (result.exported) exports[target.name] = result.exported;
  }
  printTable(rows, memory, PROFILE_CASE);
  for (const [db, figures] of Object.entries(exports)) {
    console.log(
      JSON.stringify({
        db,
        case: EXPORT_CASE,
        seconds: Number((figures.ms / 1000).toFixed(2)),
        bytes: figures.bytes,
        rows: figures.rows,
        rows_per_sec: Math.round(figures.rowsPerSec),
        server_rss_peak_mb: Math.round(figures.peakMb),
      }),
    );
  }
  const wrong = rows.filter((row) => row.error);
  if (wrong.length > 0) {
    console.error(`\n${wrong.length} case(s) not timed or failing:`);
    for (const row of wrong) console.error(`  ${row.db} ${row.case}: ${row.error}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(message(error));
  process.exit(1);
});
