/**
 * Whether the server's memory comes back after load: its RSS at rest, then after each of
 * BENCH_MEMORY_RUNS (3) load runs (the posts and categories lists and the profile, BENCH_DURATION
 * seconds each, BENCH_CONNECTIONS connections), once it has rested BENCH_MEMORY_REST seconds (10).
 * Beside each RSS, V8's heap as the server's /metrics reads it: what the heap holds from the
 * system, per space, and what its objects use, so that RSS kept by the heap's pages tells itself
 * apart from objects kept alive.
 * With BENCH_HEAP_SNAPSHOTS=1 the server writes a heap snapshot at rest and after each run
 * (`--heapsnapshot-signal`, into the current directory), to compare in Chrome's DevTools.
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench:memory --workspace @sitefleet/bench
 */
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CONNECTIONS,
  DURATION,
  measureHttp,
  rssMegabytes,
  signIn,
  startServer,
} from './measure.ts';

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
const REST_SECONDS = Number(process.env.BENCH_MEMORY_REST ?? 10);
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === '1';
const PATHS = [
  '/api/posts?page=1&per_page=20',
  '/api/categories?page=1&per_page=20',
  '/api/posts?page=1&per_page=20&query=mev',
  '/api/profile',
];

/** One sample of the server's /metrics (open from the loopback address), in MB. */
async function heapFigures(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const megabytes = (series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    if (!line) throw new Error(`/metrics has no ${series}`);
    return (Number(line.slice(series.length + 1)) / 1024 / 1024).toFixed(0);
  };
  const space = (name: string) => megabytes(`nodejs_heap_space_size_total_bytes{space="${name}"}`);
  return `V8 heap ${megabytes('nodejs_heap_size_total_bytes')} MB held (new ${space('new')}, old ${space('old')}, code ${space('code')}, large objects ${space('large_object')}), ${megabytes('nodejs_heap_size_used_bytes')} MB used`;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL, a database filled by npm run seed:large.');
  const server = await startServer(
    { DATABASE_URL: url, RUN_WORKERS: 'false' },
    SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2'] : [],
  );
  const pid = server.child.pid!;
  const snapshot = async () => {
    if (!SNAPSHOTS) return;
    const before = readdirSync('.').filter((name) => name.endsWith('.heapsnapshot')).length;
    server.child.kill('SIGUSR2');
    while (readdirSync('.').filter((name) => name.endsWith('.heapsnapshot')).length === before) {
      await sleep(200);
    }
  };
  try {
    const cookie = await signIn(server.url);
    await sleep(REST_SECONDS * 1000);
    const idle = rssMegabytes(pid);
    console.log(`at rest: ${idle.toFixed(0)} MB; ${await heapFigures(server.url)}`);
    await snapshot();
    for (let run = 1; run <= RUNS; run++) {
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMegabytes(pid));
      }, 250);
      let requests = 0;
      for (const path of PATHS) requests += (await measureHttp(server.url + path, cookie)).requests;
      clearInterval(sampler);
      await sleep(REST_SECONDS * 1000);
      const rest = rssMegabytes(pid);
      console.log(
        `after run ${run} (${requests} requests, ${PATHS.length} × ${DURATION} s, ${CONNECTIONS} connections): peak ${peak.toFixed(0)} MB, at rest ${rest.toFixed(0)} MB (${(((rest - idle) / idle) * 100).toFixed(0)}% over the first rest); ${await heapFigures(server.url)}`,
      );
      await snapshot();
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
