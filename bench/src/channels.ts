/**
 * Social channels at fleet size: 5,000 Facebook channels over 1,000 websites (five each, linked to
 * their own website only), and the publish of 10,000 post variants to them.
 *
 *   npm run bench:channels
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench_channels npm run bench:channels
 *
 * The database (by default `sitefleet_bench_channels` on 127.0.0.1:5432) is created when missing,
 * migrated and seeded; the seed brings its rows back to the same state on every run, and refuses a
 * database with websites of its own. Two cases, each checked against SQL before it is timed:
 *
 * - Routing: `publish_facebook` on the 10 posts (10,000 variants) queued through the service and
 *   through `POST /api/posts/action` (the server runs no workers, so the jobs stay queued), three
 *   times each. After every run SQL checks each queued job and `variant_channels` row: its channel
 *   must be linked to the variant's own website, or be the network's default when that website
 *   has no channel left; any job routed to another website's channel fails the run, and so does a
 *   disabled or another network's channel, a missing or an extra job. The floor, timed in the
 *   same run: one statement writing the same rows and jobs from the routing's joins.
 * - The Channels list (`GET /api/channels`): page 1, one website's channels, a search, over HTTP
 *   with autocannon beside the raw page query (the floor), as `npm run bench` times the lists;
 *   each answer's rows, total and websites checked against SQL first. Target: p99 ≤ 50 ms.
 *
 * BENCH_DURATION (seconds per list case, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_ENCODINGS (`none;br, gzip`), BENCH_ROUTING_RUNS (default 3).
 *
 * This file holds the list cases and the run; the database and its seed are in
 * `channels-seed.ts`, the routing case in `channels-routing.ts` (each file within 400 lines).
 */
import { loadavg } from 'node:os';
import { type Channel, channelListQuerySchema } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { channelRouted } from '../../apps/server/src/content/publish/channels.ts';
import {
  type Database,
  type Db,
  openDatabase,
  queryRows,
} from '../../apps/server/src/db/client.ts';
import { seedBase } from '../../apps/server/src/db/seed.ts';
import { startQueue } from '../../apps/server/src/jobs/queue.ts';
import { listChannels } from '../../apps/server/src/modules/channels/service.ts';
import { TARGET_SETTINGS } from '../../apps/server/src/pipeline/targets/index.ts';
import { benchCaller, bulkFigures } from './bulk.ts';
import { type ListAnswer, type ListCase, PER_PAGE, PROFILE_CASE, profileCase } from './cases.ts';
import {
  ACTION,
  floorRouting,
  httpRun,
  type Routing,
  resetRouting,
  routingRun,
  serviceRun,
} from './channels-routing.ts';
import {
  count,
  DATABASE_URL,
  ensureDatabase,
  LISTED_WEBSITE,
  NETWORK,
  POSTS,
  SEARCH,
  seed,
  step,
  VARIANTS,
  WEBSITES,
} from './channels-seed.ts';
import { httpCase, type Prepared, prepareCase } from './list-timing.ts';
import { CONNECTIONS, ENCODINGS, signIn, startServer } from './measure.ts';
import { printTable, type Row } from './report.ts';
import { BENCH_ADMIN } from './shape.ts';

const ROUTING_RUNS = Number(process.env.BENCH_ROUTING_RUNS ?? 3);
/** The Channels list's target at BENCH_CONNECTIONS connections. */
const P99_TARGET_MS = 50;

// ── The Channels list ────────────────────────────────────────────────────────────────────────

const CHANNEL_COLUMNS = sql`c.id, c.network, c.name, c.external_id, c.status, c.is_default,
                           c.app_id, c.token_expires_at, c.refresh_expires_at,
                           c.last_refreshed_at, c.last_published_at, c.last_error, c.created_at`;

/**
 * Reads a Channels page as a list, after checking what the ids and total do not say: each row's
 * websites are its links in SQL, and no row carries a token.
 */
const checkedChannels =
  (links: ReadonlyMap<number, readonly number[]>) =>
  (answer: unknown): ListAnswer => {
    const page = answer as { data: (Channel & Record<string, unknown>)[]; total: number };
    for (const row of page.data ?? []) {
      if ('access_token' in row || 'refresh_token' in row) {
        throw new Error(`channel ${row.id}: the answer carries a token`);
      }
      const got = row.websites.map((website) => website.id).sort((a, b) => a - b);
      const linked = links.get(row.id) ?? [];
      if (got.join() !== linked.join()) {
        throw new Error(`channel ${row.id}: websites ${got} instead of ${linked}`);
      }
    }
    return page as ListAnswer;
  };

function channelsCase(
  name: string,
  filters: Record<string, string>,
  where: SQL,
  links: ReadonlyMap<number, readonly number[]>,
): ListCase {
  const query = { page: '1', per_page: String(PER_PAGE), ...filters };
  return {
    name,
    path: `/api/channels?${new URLSearchParams(query)}`,
    direct: async (db) => (await listChannels(db, channelListQuerySchema.parse(query))).answer(),
    asList: checkedChannels(links),
    raw: {
      columns: CHANNEL_COLUMNS,
      fromWhere: sql`FROM channels c WHERE ${where}`,
      idColumn: sql`c.id`,
      orderBy: sql`c.created_at DESC, c.id DESC`,
      page: 1,
    },
  };
}

async function listCasesOf(db: Db): Promise<ListCase[]> {
  const rows = await queryRows<{ channel_id: number; websites: number[] }>(
    db,
    sql`SELECT channel_id, array_agg(website_id ORDER BY website_id) AS websites
        FROM channel_websites GROUP BY channel_id`,
  );
  const links = new Map(rows.map((row) => [row.channel_id, row.websites]));
  return [
    channelsCase('channels page 1', {}, sql`TRUE`, links),
    channelsCase(
      `channels of website ${LISTED_WEBSITE}`,
      { website_id: String(LISTED_WEBSITE) },
      sql`EXISTS (SELECT 1 FROM channel_websites cw
                  WHERE cw.channel_id = c.id AND cw.website_id = ${LISTED_WEBSITE})`,
      links,
    ),
    channelsCase(
      `channels search "${SEARCH}"`,
      { query: SEARCH },
      sql`(c.name ILIKE ${`%${SEARCH}%`} OR c.external_id ILIKE ${`%${SEARCH}%`})`,
      links,
    ),
    await profileCase(db),
  ];
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

const median = (times: readonly number[]) => bulkFigures([...times]).p50;

async function main() {
  const started = performance.now();
  console.log(`\n── channels: database ${new URL(DATABASE_URL).pathname.slice(1)} ──`);
  await ensureDatabase(DATABASE_URL);
  const database: Database = await openDatabase({ url: DATABASE_URL });
  await database.migrate();
  await seedBase(database.db, TARGET_SETTINGS, BENCH_ADMIN);
  const queue = await startQueue(database, { error: () => {} });
  const { db } = database;
  if (!(await channelRouted(db, [NETWORK])).includes(NETWORK)) {
    throw new Error(`social.${NETWORK}.webhook_url is set: its variants would skip the channels.`);
  }
  const postIds = await seed(db);
  await resetRouting(db, postIds);
  await db.execute(sql`ANALYZE`);
  const [shape] = await queryRows<{ channels: number; facebook: number; links: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM channels) AS channels,
               (SELECT count(*)::int FROM channels WHERE network = ${NETWORK}) AS facebook,
               (SELECT count(*)::int FROM channel_websites) AS links`,
  );
  step(
    `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${count(WEBSITES)} websites, ${count(shape!.facebook)} Facebook channels (${count(shape!.channels)} in all, ${count(shape!.links)} links), ${POSTS} posts with ${count(VARIANTS)} approved variants`,
  );

  console.log(`── routing: ${ACTION} of ${count(VARIANTS)} variants, service and floor ──`);
  const routing: Routing = { service: [], floor: [], http: [], checks: [] };
  const caller = await benchCaller(db);
  for (let run = 0; run < ROUTING_RUNS; run++) {
    await routingRun(db, postIds, routing, 'service', serviceRun(db, queue, postIds, caller));
    await routingRun(db, postIds, routing, 'floor', async () => {
      await floorRouting(db, postIds);
      return undefined;
    });
  }

  console.log('── the Channels list: service code and raw page queries (no HTTP) ──');
  const lists = await listCasesOf(db);
  const prepared = new Map<string, Prepared>();
  for (const listCase of lists) {
    const result = await prepareCase(db, listCase);
    prepared.set(listCase.name, result);
    step(
      result.error
        ? `${listCase.name}: NOT TIMED: ${result.error}`
        : `${listCase.name}: service ${result.direct!.reqPerSec.toFixed(0)} req/s, raw query ${result.floor!.reqPerSec.toFixed(0)} req/s (${result.expected.total} rows in all)`,
    );
  }
  await queue.stop();

  console.log(`── HTTP (real server without workers, autocannon, ${CONNECTIONS} connections) ──`);
  const server = await startServer({ DATABASE_URL, RUN_WORKERS: 'false' });
  const monitor = await openDatabase({ url: DATABASE_URL, poolSize: 1 });
  const rows: Row[] = [];
  try {
    const cookie = await signIn(server.url);
    for (const listCase of lists) {
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
          db: 'postgres',
          ...row,
          error: row.error ?? prepared.get(listCase.name)!.error,
        });
        step(
          `${row.case}: ${row.error ?? `${row.http!.reqPerSec.toFixed(0)} req/s, p99 ${row.http!.p99.toFixed(1)} ms, server CPU ${row.cpu!.server.toFixed(2)} ms/req, sent ${row.encoding}`}`,
        );
      }
    }
    for (let run = 0; run < ROUTING_RUNS; run++) {
      await routingRun(db, postIds, routing, 'http', () => httpRun(server.url, cookie, postIds));
    }
  } finally {
    await monitor.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  await database.close();

  const faults = routing.checks.filter((run) => run.faults.length > 0);
  const last = routing.checks.at(-1)!.check;
  const misrouted = routing.checks.reduce((sum, run) => sum + run.check.other_website, 0);
  rows.unshift({
    db: 'postgres',
    case: `${ACTION}: queue ${count(VARIANTS)} variants (x${ROUTING_RUNS})`,
    load: loadavg()[0]!,
    http: bulkFigures(routing.http),
    direct: bulkFigures(routing.service),
    floor: bulkFigures(routing.floor),
    total: `${count(last.jobs)} jobs, ${misrouted} misrouted`,
    ...(faults.length > 0 && {
      error: faults.map((run) => `${run.path}: ${run.faults.join(', ')}`).join('; '),
    }),
  });
  printTable(
    rows,
    { postgres: `server listening in ${(server.listenMs / 1000).toFixed(1)} s` },
    PROFILE_CASE,
  );

  const runs = routing.checks.length;
  console.log(
    JSON.stringify({
      case: 'channels routing',
      variants: VARIANTS,
      jobs_per_run: last.jobs,
      variant_channels_per_run: last.rows,
      checked_runs: runs,
      routed_to_another_website: misrouted,
      wrong_channel: routing.checks.reduce((sum, run) => sum + run.check.wrong_channel, 0),
      faulty_runs: faults.length,
      http_median_ms: Math.round(median(routing.http)),
      service_median_ms: Math.round(median(routing.service)),
      floor_median_ms: Math.round(median(routing.floor)),
    }),
  );
  const listRows = rows.filter((row) => row.http && !row.case.startsWith(PROFILE_CASE) && row.cpu);
  const over = listRows.filter((row) => row.http!.p99 > P99_TARGET_MS);
  console.log(
    `\nrouting: ${misrouted} routed to another website's channel, in ${runs} checked runs (${ROUTING_RUNS} each through HTTP, the service and the floor) of ${count(last.jobs)} jobs and as many variant_channels rows each; ${faults.length === 0 ? 'every job on its expected channel, none missing, none extra' : `${faults.length} runs WRONG`}`,
  );
  console.log(
    `queueing ${count(VARIANTS)} variants: HTTP ${median(routing.http).toFixed(0)} ms at the median (slowest ${Math.max(...routing.http).toFixed(0)}), service ${median(routing.service).toFixed(0)} ms, floor ${median(routing.floor).toFixed(0)} ms: HTTP ${(median(routing.http) / median(routing.floor)).toFixed(1)}× the floor`,
  );
  console.log(
    `Channels list p99 ≤ ${P99_TARGET_MS} ms at ${CONNECTIONS} connections: ${over.length === 0 ? 'met' : 'NOT met'} (${listRows.map((row) => `${row.case} ${row.http!.p99.toFixed(0)} ms`).join(', ')})`,
  );

  const wrong = rows.filter((row) => row.error);
  if (wrong.length > 0 || misrouted > 0) {
    console.error(`\n${wrong.length} case(s) not timed or failing:`);
    for (const row of wrong) console.error(`  ${row.case}: ${row.error}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}\n${String(error.cause ?? '')}` : error);
  process.exit(1);
});
