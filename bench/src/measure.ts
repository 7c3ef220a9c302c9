/** How the benchmark times work and watches the server: loops, autocannon, CPU and memory. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../apps/server/src/db/client.ts';
import { BENCH_ADMIN } from './shape.ts';

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CASE_FILTER = (process.env.BENCH_CASES ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);

/** Whether BENCH_CASES (parts of case names, comma-separated; every case without it) runs a case. */
export const selectedCase = (name: string) =>
  CASE_FILTER.length === 0 || CASE_FILTER.some((part) => name.toLowerCase().includes(part));
/**
 * The compiled server, as `npm start` runs it (`npm run bench` compiles it first), or another
 * build's (`BENCH_SERVER_MAIN`, its `apps/server/dist/main.js`) to compare two builds on one
 * database.
 */
const serverMain =
  process.env.BENCH_SERVER_MAIN ||
  fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
/**
 * The Accept-Encoding values each list case is timed with over HTTP, separated by semicolons,
 * `none` for a client that accepts no encoding: `BENCH_ENCODINGS='none;br, gzip'` by default.
 */
export const ENCODINGS = (process.env.BENCH_ENCODINGS ?? 'none;br, gzip')
  .split(';')
  .map((value) => (value.trim() === 'none' ? '' : value.trim()));
/** The young generation the server gets wherever it starts (see apps/server/src/heap.ts). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

export interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** Runs `work` from CONNECTIONS loops for `seconds`, like autocannon does over HTTP. */
export async function measureDirect(
  work: () => Promise<unknown>,
  seconds: number,
): Promise<Figures> {
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

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

/**
 * The real server in its own process; answers its URL once it is ready (listening, its start's
 * check of the derived tables done), how long it took to listen and how long to be ready.
 */
export async function startServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; url: string; listenMs: number; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeFlags, serverMain], {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
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
  const listenMs = performance.now() - started;
  while ((await fetch(`${url}/readyz`)).status !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, listenMs, startMs: performance.now() - started };
}

export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sitefleet_session='));
  if (!cookie) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/**
 * The headers of a signed-in request, accepting `encoding`; '' says `identity`, as fetch would
 * otherwise ask for gzip on its own.
 */
export const requestHeaders = (cookie: string, encoding: string): Record<string, string> => ({
  cookie,
  'x-requested-with': 'XMLHttpRequest',
  'accept-encoding': encoding || 'identity',
});

export async function measureHttp(
  url: string,
  cookie: string,
  encoding = '',
  duration = DURATION,
): Promise<Figures & { errors: number; requests: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: requestHeaders(cookie, encoding),
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

export async function cpuSnapshot(serverPid: number, monitor: Database | undefined) {
  const snapshot = new Map<number, number>();
  for (const pid of await workerPids(serverPid, monitor)) snapshot.set(pid, cpuTicks(pid));
  return snapshot;
}

/**
 * CPU milliseconds used between two snapshots by the server and by the database backends (a
 * process new since the first snapshot counts whole). On PGlite the database is in the server.
 */
export function cpuMsBetween(
  serverPid: number,
  before: Map<number, number>,
  after: Map<number, number>,
) {
  let all = 0;
  for (const [pid, used] of after) all += used - (before.get(pid) ?? 0);
  const server = (after.get(serverPid) ?? 0) - (before.get(serverPid) ?? 0);
  return { server: server * CLOCK_TICK_MS, database: (all - server) * CLOCK_TICK_MS };
}
