/**
 * Two hundred operators at once, on the large data set (`npm run seed:large`):
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench:operators
 *
 * Two server processes (`RUN_WORKERS=false`, as behind a load balancer) share one PostgreSQL.
 * Each operator has its own session and sends each request to the server with the fewest in
 * flight, as a least-connections load balancer does (BENCH_BALANCE=alternate: to the two in
 * turn), the next one as soon as the last is answered (BENCH_THINK_MS adds a pause between
 * them), timed after ten seconds of the same load: 80% reads over
 * the lists and Detailed Review, 20% writes (bulk actions on three posts, post edits). Every
 * answer is checked (status and content; a list's rows and its total against what SQL counted
 * before the run) as it comes, and the writes against the audit log
 * afterwards; a wrong answer counts as an error, and any error makes the run exit with 1.
 *
 * BENCH_OPERATORS (default 200), BENCH_OPERATOR_SECONDS (default 60), BENCH_THINK_MS (default 0).
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/plugins/sessions.ts';
import { cpuMsBetween, cpuSnapshot, percentile, startServer } from './measure.ts';
import {
  countLists,
  type Kind,
  nextRequest,
  type Post,
  PROFILE,
  type Request,
  random,
} from './operators-mix.ts';
import { BENCH_ADMIN, searchPhrase } from './shape.ts';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 200);
const SECONDS = Number(process.env.BENCH_OPERATOR_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/**
 * How the operators' requests are spread over the servers, as a load balancer would: to the
 * server with the fewest requests in flight (`least`, nginx's least_conn, HAProxy's leastconn), or
 * each operator to the two in turn (`alternate`), which lets one server's queue grow while the
 * other's shrinks.
 */
const BALANCE = process.env.BENCH_BALANCE === 'alternate' ? 'alternate' : 'least';
const SERVERS = 2;
/**
 * Seconds of the floor: the same operators asking only for their profile (the session check and
 * one read of a user), the least a signed-in request does.
 */
const FLOOR_SECONDS = 20;
/** Seconds of the same load before the timed run, its answers checked but not timed. */
const WARM_UP_SECONDS = 10;
/** Posts the writes pick from: edits keep each one's category. */
const WRITABLE_POSTS = 10_000;
/** Marks the operators' sessions, which the run deletes at its end. */
const BENCH_USER_AGENT = 'sitefleet operators bench';

interface Sample {
  kind: Kind;
  name: string;
  server?: number;
  ms: number;
  error?: string;
}

async function send(url: string, cookie: string, request: Request): Promise<Sample> {
  const start = performance.now();
  const base = { kind: request.kind, name: request.name };
  try {
    const response = await fetch(url + request.path, {
      method: request.method,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    if (response.status !== 200) {
      return { ...base, ms, error: `${request.path}: ${response.status} ${text.slice(0, 200)}` };
    }
    const wrong = request.check(JSON.parse(text));
    return { ...base, ms, ...(wrong && { error: wrong }) };
  } catch (error) {
    return { ...base, ms: performance.now() - start, error: String(error) };
  }
}

function summary(samples: readonly Sample[], seconds: number) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    per_sec: Math.round(samples.length / seconds),
    p50_ms: Math.round(percentile(times, 50)),
    p95_ms: Math.round(percentile(times, 95)),
    p99_ms: Math.round(percentile(times, 99)),
    max_ms: Math.round(times.at(-1) ?? 0),
    errors: samples.filter((sample) => sample.error).length,
  };
}

/**
 * Where the requests wait, sampled every half second while the run is timed: requests queued
 * for a database connection in the servers (their metrics), and the database's active backends
 * by what they wait on (none: on the CPU; Lock: a row or table lock; LWLock, IO…).
 */
function startWaitSampler(urls: readonly string[], db: Parameters<typeof queryRows>[0]) {
  const poolWaits: number[] = [];
  const backends = new Map<string, number>();
  let samples = 0;
  const sample = async () => {
    const metrics = await Promise.all(
      urls.map(async (url) => (await fetch(`${url}/metrics`)).text()),
    );
    poolWaits.push(
      metrics.reduce((sum, text) => {
        const match = /sitefleet_db_pool_connections\{state="waiting"\} (\d+)/.exec(text);
        return sum + Number(match?.[1] ?? 0);
      }, 0),
    );
    const rows = await queryRows<{ waiting: string; count: number }>(
      db,
      sql`SELECT COALESCE(wait_event_type || ':' || wait_event, 'CPU') AS waiting,
                 count(*)::int AS count
          FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
          GROUP BY 1`,
    );
    for (const row of rows) backends.set(row.waiting, (backends.get(row.waiting) ?? 0) + row.count);
    samples++;
  };
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(sample);
  }, 500);
  return async () => {
    clearInterval(timer);
    await running;
    const mean = (total: number) => Number((total / Math.max(1, samples)).toFixed(1));
    return {
      requests_waiting_for_a_connection: mean(poolWaits.reduce((a, b) => a + b, 0)),
      active_backends: Object.fromEntries(
        [...backends].sort((a, b) => b[1] - a[1]).map(([what, total]) => [what, mean(total)]),
      ),
    };
  };
}

/** Audit entries the writes of the run leave: one per bulk action, one per edit. */
async function auditedWrites(db: Parameters<typeof queryRows>[0], since: Date) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM audit_log
        WHERE created_at >= ${since} AND subject_type = 'post'
          AND action IN ('bulk_action', 'updated')`,
  );
  return row?.total ?? 0;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url)
    throw new Error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database seeded by npm run seed:large.',
    );
  const database = await openDatabase({ url });
  const { db } = database;
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = ${BENCH_ADMIN.email}`,
  );
  if (!admin) throw new Error(`No user ${BENCH_ADMIN.email}: seed the database first.`);
  const posts = await queryRows<Post>(
    db,
    sql`SELECT id, title, category_id FROM posts ORDER BY id DESC LIMIT ${WRITABLE_POSTS}`,
  );
  const [{ max_id: maxPostId } = { max_id: 0 }] = await queryRows<{ max_id: number }>(
    db,
    sql`SELECT max(id)::int AS max_id FROM posts`,
  );
  const phrase = searchPhrase(maxPostId);
  const counts = await countLists(db, phrase);
  const cookies: string[] = [];
  for (let operator = 0; operator < OPERATORS; operator++) {
    const { token } = await createSession(db, {
      userId: admin.id,
      remember: true,
      userAgent: BENCH_USER_AGENT,
    });
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  const servers: { child: ChildProcess; url: string }[] = await Promise.all(
    Array.from({ length: SERVERS }, () => startServer({ DATABASE_URL: url, RUN_WORKERS: 'false' })),
  );
  const inFlight = servers.map(() => 0);
  const operate = async (
    samples: Sample[],
    seconds: number,
    next = () => nextRequest(posts, maxPostId, phrase, counts),
  ) => {
    const end = performance.now() + seconds * 1000;
    const operator = async (cookie: string, first: number) => {
      for (let turn = first; performance.now() < end; turn++) {
        const index =
          BALANCE === 'alternate' ? turn % SERVERS : inFlight.indexOf(Math.min(...inFlight));
        inFlight[index]! += 1;
        const sample = await send(servers[index]!.url, cookie, next());
        inFlight[index]! -= 1;
        samples.push({ ...sample, server: index });
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, random(2 * THINK_MS)));
      }
    };
    await Promise.all(cookies.map(operator));
  };
  const warmUp: Sample[] = [];
  const samples: Sample[] = [];
  try {
    const since = new Date();
    // The servers' first requests load and compile their modules: timed, they would be the tail.
    await operate(warmUp, WARM_UP_SECONDS);
    const before = await Promise.all(servers.map((s) => cpuSnapshot(s.child.pid!, database)));
    const started = performance.now();
    const stopSampler = startWaitSampler(
      servers.map((server) => server.url),
      db,
    );
    await operate(samples, SECONDS);
    const waits = await stopSampler();
    const elapsed = (performance.now() - started) / 1000;
    const load = loadavg()[0]!;
    const after = await Promise.all(servers.map((s) => cpuSnapshot(s.child.pid!, database)));
    const cpu = servers.map((s, i) => cpuMsBetween(s.child.pid!, before[i]!, after[i]!));
    const writes = [...warmUp, ...samples].filter(
      (sample) => sample.kind === 'write' && !sample.error,
    ).length;
    const audited = await auditedWrites(db, since);
    if (audited !== writes) {
      samples.push({
        kind: 'write',
        name: 'audit',
        ms: 0,
        error: `${audited} audit entries for ${writes} writes`,
      });
    }
    const floor: Sample[] = [];
    await operate(floor, FLOOR_SECONDS, () => PROFILE);
    const rows = [
      ...(['read', 'write'] as const).map((kind) => ({
        kind,
        ...summary(
          samples.filter((sample) => sample.kind === kind),
          elapsed,
        ),
      })),
      { kind: PROFILE.name, ...summary(floor, FLOOR_SECONDS) },
    ];
    const byName = [...new Set(samples.map((sample) => sample.name))].map((name) => ({
      name,
      ...summary(
        samples.filter((sample) => sample.name === name),
        elapsed,
      ),
    }));
    const serverMs = cpu.reduce((sum, used) => sum + used.server, 0) / samples.length;
    const databaseMs = cpu[0]!.database / samples.length;
    const byServer = servers.map((_, index) => ({
      server: index + 1,
      ...summary(
        samples.filter((sample) => sample.server === index),
        elapsed,
      ),
    }));
    console.log(
      `── ${OPERATORS} operators, ${SERVERS} servers (${BALANCE}), ${elapsed.toFixed(0)} s, think ${THINK_MS} ms, load ${load.toFixed(1)} ──`,
    );
    console.table(rows);
    console.table(byName);
    console.table(byServer);
    // Busy share of one core: a server near 100% is the run's bottleneck whatever the pool size.
    const busy = (ms: number) => `${Math.round(ms / elapsed / 10)}%`;
    console.log(
      `CPU per request: servers ${serverMs.toFixed(1)} ms + database ${databaseMs.toFixed(1)} ms; busy (of one core): servers ${cpu.map((used) => busy(used.server)).join(' and ')}, database ${busy(cpu[0]!.database)}; ${writes} writes, ${audited} audit entries`,
    );
    console.log(`Waiting, on average over the run: ${JSON.stringify(waits)}`);
    console.log(
      JSON.stringify({
        case: `${OPERATORS} operators`,
        balance: BALANCE,
        load,
        think_ms: THINK_MS,
        rows,
        servers: byServer,
        waits,
      }),
    );
    const errors = [...warmUp, ...samples, ...floor].filter((sample) => sample.error);
    if (errors.length > 0) {
      console.error(`\n${errors.length} error(s), the first ones:`);
      for (const sample of errors.slice(0, 5)) console.error(`  ${sample.name}: ${sample.error}`);
      process.exitCode = 1;
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(
      servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))),
    );
    await db.execute(sql`DELETE FROM sessions WHERE user_agent = ${BENCH_USER_AGENT}`);
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
