/**
 * Measures the content lists and actions on the large data set (`npm run seed:large`), over HTTP
 * against the real server and directly through the same service code without HTTP, so the HTTP
 * cost shows as a ratio, with the CPU time per request of the server and of the database (a
 * figure that, unlike req/s, does not depend on what else the machine runs). Prints a table and
 * one JSON line per case; never asserts.
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench
 *   BENCH_DATA_DIR=./bench-data npm run bench        (PGlite; both may be set)
 *
 * BENCH_DURATION (seconds per case, default 10) and BENCH_CONNECTIONS (default 10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { categoryListQuerySchema, pageQuerySchema, postListQuerySchema } from '@sitefleet/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { startQueue } from '../../apps/server/src/jobs/queue.ts';
import {
  detailRows,
  POST_KIND,
  runBulkAction,
} from '../../apps/server/src/modules/categories/content.ts';
import { listCategories } from '../../apps/server/src/modules/categories/service.ts';
import { listPosts } from '../../apps/server/src/modules/posts/service.ts';
import { BENCH_ADMIN, SEARCH_PHRASE } from './shape.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BULK_SIZE = 10_000;
const BULK_RUNS = 3;
const serverMain = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

interface Target {
  name: 'postgres' | 'pglite';
  env: Record<string, string>;
  open: () => Promise<Database>;
}

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
}

/** A list case: the HTTP path and the same work done by the service without HTTP. */
interface ListCase {
  name: string;
  path: string;
  direct: (db: Database['db']) => Promise<unknown>;
}

const DEEP_PAGE = 2000;
const REVIEWED_POST = 500_000;

const LIST_CASES: ListCase[] = [
  {
    name: 'posts page 1',
    path: '/api/posts?page=1',
    direct: (db) => listPosts(db, postListQuerySchema.parse({ page: 1 })),
  },
  {
    name: `posts page ${DEEP_PAGE}`,
    path: `/api/posts?page=${DEEP_PAGE}`,
    direct: (db) => listPosts(db, postListQuerySchema.parse({ page: DEEP_PAGE })),
  },
  {
    name: 'posts search (~100 hits)',
    path: `/api/posts?page=1&query=${encodeURIComponent(SEARCH_PHRASE)}`,
    direct: (db) => listPosts(db, postListQuerySchema.parse({ query: SEARCH_PHRASE })),
  },
  {
    name: 'categories 2 filters + sort',
    path: '/api/categories?page=1&status=1&is_approved=1&order_key=name&order_dir=asc',
    direct: (db) =>
      listCategories(
        db,
        categoryListQuerySchema.parse({
          status: '1',
          is_approved: '1',
          order_key: 'name',
          order_dir: 'asc',
        }),
      ),
  },
  {
    name: 'categories website + status',
    path: '/api/categories?page=1&website_id=17&status=1&order_key=created_at&order_dir=desc',
    direct: (db) =>
      listCategories(
        db,
        categoryListQuerySchema.parse({
          website_id: '17',
          status: '1',
          order_key: 'created_at',
          order_dir: 'desc',
        }),
      ),
  },
  {
    name: 'post Detailed Review',
    path: `/api/posts/details/${REVIEWED_POST}?page=1`,
    direct: (db) =>
      detailRows(db, POST_KIND, REVIEWED_POST, {
        ...pageQuerySchema.parse({ page: 1 }),
        path: '/api/posts/details',
      }),
  },
];

/** Post ids of the n-th bulk approve: odd posts' variants are unapproved in the seed. */
const bulkIds = (run: number) =>
  Array.from({ length: BULK_SIZE }, (_, i) => 100_001 + run * BULK_SIZE * 2 + i * 2);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** Runs `work` from `concurrency` loops for `seconds`, like autocannon does over HTTP. */
async function measureDirect(work: () => Promise<unknown>, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await work();
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function resetBulkRows(db: Database['db']) {
  const all = Array.from({ length: BULK_RUNS }, (_, run) => bulkIds(run)).flat();
  await db.execute(sql`UPDATE post_variants SET is_approved = false
                       WHERE post_id = ANY(${`{${all.join(',')}}`}::int[]) AND is_approved`);
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

async function startServer(target: Target): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { ...process.env, ...target.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  return { child, url };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sitefleet_session='));
  if (!cookie) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

async function measureHttp(
  url: string,
  cookie: string,
): Promise<Figures & { errors: number; requests: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

const CLOCK_TICK_MS = 10;

/** CPU time a process has used, in clock ticks (user + system), from /proc. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // The process has ended.
  }
}

/**
 * The processes doing a request's work: the server, and on PostgreSQL the backends connected to
 * the benchmark database. Their CPU time per request does not depend on what else the machine
 * runs, unlike req/s: 2 cores / (CPU ms per request) is what an idle two-core machine could serve.
 */
async function workerPids(serverPid: number, monitor: Database | undefined) {
  if (!monitor) return [serverPid];
  const backends = await queryRows<{ pid: number }>(
    monitor.db,
    sql`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return [serverPid, ...backends.map((row) => row.pid)];
}

async function cpuSnapshot(serverPid: number, monitor: Database | undefined) {
  const snapshot = new Map<number, number>();
  for (const pid of await workerPids(serverPid, monitor)) snapshot.set(pid, cpuTicks(pid));
  return snapshot;
}

/**
 * CPU milliseconds used between two snapshots by the server and by the database backends (a
 * process new since the first snapshot counts whole). On PGlite the database is in the server.
 */
function cpuMsBetween(serverPid: number, before: Map<number, number>, after: Map<number, number>) {
  let all = 0;
  for (const [pid, used] of after) all += used - (before.get(pid) ?? 0);
  const server = (after.get(serverPid) ?? 0) - (before.get(serverPid) ?? 0);
  return { server: server * CLOCK_TICK_MS, database: (all - server) * CLOCK_TICK_MS };
}

interface Row {
  db: string;
  case: string;
  /** The machine's 1-minute load average when the case ran: other work skews the figures. */
  load: number;
  http: Figures & { errors?: number };
  /** CPU milliseconds per request of the server and of the database, for the list cases. */
  cpu?: { server: number; database: number };
  direct: Figures;
}

async function benchTarget(target: Target): Promise<{ rows: Row[]; maxRssMb: number }> {
  console.log(`\n── ${target.name}: direct (service code, no HTTP) ──`);
  const direct = new Map<string, Figures>();
  const database = await target.open();
  // A database seeded before the latest migrations gets them first, as the server would at start.
  await database.migrate();
  const queue = await startQueue(database, { error: () => {} });
  for (const listCase of LIST_CASES) {
    await listCase.direct(database.db);
    const figures = await measureDirect(() => listCase.direct(database.db), DURATION / 2);
    direct.set(listCase.name, figures);
    console.log(`  ${listCase.name}: ${figures.reqPerSec.toFixed(0)} req/s`);
  }
  await resetBulkRows(database.db);
  const directBulk: number[] = [];
  for (let run = 0; run < BULK_RUNS; run++) {
    const start = performance.now();
    await runBulkAction(database.db, queue, POST_KIND, bulkIds(run), 'approve');
    directBulk.push(performance.now() - start);
  }
  await resetBulkRows(database.db);
  await queue.stop();
  await database.close();

  console.log(`── ${target.name}: HTTP (real server, autocannon, ${CONNECTIONS} connections) ──`);
  const { child, url } = await startServer(target);
  const monitor = target.name === 'postgres' ? await target.open() : undefined;
  let maxRssMb = 0;
  const sampler = setInterval(() => {
    maxRssMb = Math.max(maxRssMb, rssMegabytes(child.pid!));
  }, 250);
  const rows: Row[] = [];
  try {
    const cookie = await signIn(url);
    for (const listCase of LIST_CASES) {
      await fetch(url + listCase.path, { headers: { cookie } });
      const before = await cpuSnapshot(child.pid!, monitor);
      const http = await measureHttp(url + listCase.path, cookie);
      const used = cpuMsBetween(child.pid!, before, await cpuSnapshot(child.pid!, monitor));
      const requests = Math.max(1, http.requests);
      rows.push({
        db: target.name,
        case: listCase.name,
        load: loadavg()[0]!,
        http,
        cpu: { server: used.server / requests, database: used.database / requests },
        direct: direct.get(listCase.name)!,
      });
      console.log(`  ${listCase.name}: ${http.reqPerSec.toFixed(0)} req/s`);
    }
    const httpBulk: number[] = [];
    for (let run = 0; run < BULK_RUNS; run++) {
      const start = performance.now();
      const response = await fetch(`${url}/api/posts/action`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({ ids: bulkIds(run).join(','), action: 'approve' }),
      });
      const answer = (await response.json()) as { changed?: number };
      httpBulk.push(performance.now() - start);
      if (answer.changed !== BULK_SIZE) console.warn('  bulk approve answered', answer);
    }
    const bulkFigures = (times: number[]): Figures => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        reqPerSec: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
        p50: percentile(sorted, 50),
        p99: sorted.at(-1)!,
      };
    };
    rows.push({
      db: target.name,
      case: `bulk approve ${BULK_SIZE} posts (x${BULK_RUNS})`,
      load: loadavg()[0]!,
      http: bulkFigures(httpBulk),
      direct: bulkFigures(directBulk),
    });
  } finally {
    clearInterval(sampler);
    await monitor?.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const reopened = await target.open();
  await resetBulkRows(reopened.db);
  await reopened.close();
  return { rows, maxRssMb };
}

function printTable(rows: Row[], memory: Record<string, number>) {
  const header = [
    'db',
    'case',
    'req/s',
    'p50 ms',
    'p99 ms',
    'direct req/s',
    'direct p99',
    'ratio',
    'CPU ms/req server+db',
    'load',
  ];
  const lines = rows.map((row) => [
    row.db,
    row.case,
    row.http.reqPerSec.toFixed(0),
    row.http.p50.toFixed(1),
    row.http.p99.toFixed(1),
    row.direct.reqPerSec.toFixed(0),
    row.direct.p99.toFixed(1),
    (row.direct.reqPerSec / row.http.reqPerSec).toFixed(2),
    row.cpu ? `${row.cpu.server.toFixed(1)}+${row.cpu.database.toFixed(1)}` : '',
    row.load.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const line of lines) console.log(format(line));
  for (const [db, mb] of Object.entries(memory)) {
    console.log(`${db}: server RSS peak ${mb.toFixed(0)} MB`);
  }
  console.log('');
  for (const row of rows) {
    console.log(
      JSON.stringify({
        db: row.db,
        case: row.case,
        req_per_sec: Math.round(row.http.reqPerSec),
        p50_ms: Number(row.http.p50.toFixed(2)),
        p99_ms: Number(row.http.p99.toFixed(2)),
        errors: row.http.errors ?? 0,
        direct_req_per_sec: Math.round(row.direct.reqPerSec),
        direct_p50_ms: Number(row.direct.p50.toFixed(2)),
        direct_p99_ms: Number(row.direct.p99.toFixed(2)),
        http_over_direct: Number((row.direct.reqPerSec / row.http.reqPerSec).toFixed(2)),
        server_rss_mb: Math.round(memory[row.db] ?? 0),
        load_average: Number(row.load.toFixed(2)),
        ...(row.cpu && {
          server_cpu_ms_per_request: Number(row.cpu.server.toFixed(3)),
          database_cpu_ms_per_request: Number(row.cpu.database.toFixed(3)),
          idle_two_core_req_per_sec: Math.round(2000 / (row.cpu.server + row.cpu.database)),
        }),
      }),
    );
  }
}

async function main() {
  const targets: Target[] = [];
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (url)
    targets.push({
      name: 'postgres',
      env: { DATABASE_URL: url },
      open: () => openDatabase({ url }),
    });
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
  const memory: Record<string, number> = {};
  for (const target of targets) {
    const result = await benchTarget(target);
    rows.push(...result.rows);
    memory[target.name] = result.maxRssMb;
  }
  printTable(rows, memory);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
