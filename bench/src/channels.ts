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
 */
import { loadavg } from 'node:os';
import {
  type ActionAnswer,
  type Channel,
  channelListQuerySchema,
  type PostAction,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { runBulkAction } from '../../apps/server/src/content/actions.ts';
import { POST_KIND } from '../../apps/server/src/content/kinds.ts';
import { channelRouted } from '../../apps/server/src/content/publish/channels.ts';
import { runAsActor } from '../../apps/server/src/db/audit.ts';
import {
  type Database,
  type Db,
  idArray,
  openDatabase,
  queryRows,
} from '../../apps/server/src/db/client.ts';
import { seedBase } from '../../apps/server/src/db/seed.ts';
import { type JobQueue, startQueue } from '../../apps/server/src/jobs/queue.ts';
import { listChannels } from '../../apps/server/src/modules/channels/service.ts';
import { TARGET_SETTINGS } from '../../apps/server/src/pipeline/targets/index.ts';
import { BENCH_ACTOR, benchCaller, bulkFigures } from './bulk.ts';
import { type ListAnswer, type ListCase, PER_PAGE, PROFILE_CASE, profileCase } from './cases.ts';
import { httpCase, type Prepared, prepareCase } from './list-timing.ts';
import { CONNECTIONS, ENCODINGS, signIn, startServer } from './measure.ts';
import { printTable, type Row } from './report.ts';
import { BENCH_ADMIN } from './shape.ts';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sitefleet_bench_channels';
const ROUTING_RUNS = Number(process.env.BENCH_ROUTING_RUNS ?? 3);
/** The Channels list's target at BENCH_CONNECTIONS connections. */
const P99_TARGET_MS = 50;

const WEBSITES = 1000;
const CHANNELS_PER_WEBSITE = 5;
/** Posts on every website: their variants are the publish's. */
const POSTS = 10;
const VARIANTS = WEBSITES * POSTS;
const ACTION: PostAction = 'publish_facebook';
const NETWORK = 'facebook';
const QUEUE = 'social-publish';
/** Every bench website's address ends so: a database with other websites is not the bench's. */
const WEBSITE_HOST = 'channels-bench.example.com';
const CATEGORY_SLUG = 'channels-bench';
/** The other networks' defaults, linked to these websites beside their Facebook channels. */
const OTHER_DEFAULTS = [
  { network: 'twitter', name: 'Fleet on X' },
  { network: 'linkedin', name: 'Fleet on LinkedIn' },
  { network: 'tiktok', name: 'Fleet on TikTok' },
];
const OTHER_DEFAULT_WEBSITES = [2, 3];
/** The website of the `website_id` list case: its five Facebook channels and three defaults. */
const LISTED_WEBSITE = 2;
/** Matches "Website 42 page …", "Website 142 page …" … "Website 942 page …": 50 channels. */
const SEARCH = '42 page';

/**
 * Channel k (0–4) of website w is `bench-fb-w-k`, linked to w alone. Websites whose id is a
 * multiple of 100 have all five disabled, so their variants fall back to the network's default
 * (website 1's first channel); those ending in 5 have their fifth disabled; one in fifty has its
 * first waiting for a reconnect (still routed: its deliveries are held, not dropped).
 */
const facebookStatus = sql`CASE WHEN w % 100 = 0 OR (w % 10 = 5 AND k = 4) THEN 'disabled'
                                WHEN w % 50 = 7 AND k = 0 THEN 'needs_reconnect'
                                ELSE 'connected' END`;

const count = (value: number) => value.toLocaleString('en');

function step(text: string) {
  console.log(`  ${text}`);
}

/** Creates the database `url` names when its server has none of that name. */
async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const server = await openDatabase({ url: maintenance.toString(), poolSize: 1 });
  try {
    const [found] = await queryRows<{ found: number }>(
      server.db,
      sql`SELECT 1 AS found FROM pg_database WHERE datname = ${name}`,
    );
    if (!found) {
      await server.db.execute(sql`CREATE DATABASE ${sql.identifier(name)}`);
      step(`created the database ${name}`);
    }
  } finally {
    await server.close();
  }
}

/**
 * The bench's rows, each brought back to its seeded state (so any run starts from the same
 * data): websites, channels and their links, a category on every website, its posts and their
 * approved variants. Answers the posts' ids.
 */
async function seed(db: Db): Promise<number[]> {
  const [foreign] = await queryRows<{ websites: number }>(
    db,
    sql`SELECT count(*)::int AS websites FROM websites WHERE url NOT LIKE ${`%.${WEBSITE_HOST}`}`,
  );
  if (foreign!.websites > 0) {
    throw new Error(
      `${DATABASE_URL} holds ${foreign!.websites} websites of its own: the channels bench seeds a database of its own (BENCH_DATABASE_URL).`,
    );
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO websites (id, name, url, status, hosting, cost, duration, webhook_secret, created_at)
      SELECT g, 'Website ' || g, 'https://site' || g || '.' || ${WEBSITE_HOST}, 1,
             'Hosting ' || (g % 7), 100 + g % 900, 12, md5('secret' || g),
             now() - (${WEBSITES} - g) * interval '1 hour'
      FROM generate_series(1::int, ${WEBSITES}::int) g
      ON CONFLICT (id) DO UPDATE SET status = 1 WHERE websites.status <> 1`);
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('websites', 'id'), (SELECT max(id) FROM websites))`,
    );
    // Created a minute apart, as channels connected one by one are: the list's order is theirs.
    await tx.execute(sql`
      INSERT INTO channels (network, name, external_id, status, is_default, created_at)
      SELECT ${NETWORK}, 'Website ' || w || ' page ' || (k + 1), 'bench-fb-' || w || '-' || k,
             ${facebookStatus}, w = 1 AND k = 0,
             now() - (${WEBSITES * CHANNELS_PER_WEBSITE} - (w - 1) * ${CHANNELS_PER_WEBSITE} - k)
                     * interval '1 minute'
      FROM generate_series(1::int, ${WEBSITES}::int) w,
           generate_series(0::int, ${CHANNELS_PER_WEBSITE - 1}::int) k
      ORDER BY w, k
      ON CONFLICT (network, external_id) DO UPDATE
      SET name = EXCLUDED.name, status = EXCLUDED.status, is_default = EXCLUDED.is_default
      WHERE (channels.name, channels.status, channels.is_default)
            IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.status, EXCLUDED.is_default)`);
    for (const other of OTHER_DEFAULTS) {
      await tx.execute(sql`
        INSERT INTO channels (network, name, external_id, status, is_default)
        VALUES (${other.network}, ${other.name}, ${`bench-${other.network}-default`}, 'connected',
                true)
        ON CONFLICT (network, external_id) DO UPDATE SET status = 'connected', is_default = true
        WHERE channels.status <> 'connected' OR NOT channels.is_default`);
    }
    // Each bench channel linked to its own website(s) only.
    const links = sql`
      SELECT c.id AS channel_id, split_part(c.external_id, '-', 3)::int AS website_id
      FROM channels c WHERE c.network = ${NETWORK} AND c.external_id LIKE 'bench-fb-%'
      UNION ALL
      SELECT c.id, w.id FROM channels c CROSS JOIN unnest(${idArray(OTHER_DEFAULT_WEBSITES)}) w(id)
      WHERE c.external_id LIKE 'bench-%-default'`;
    await tx.execute(sql`
      DELETE FROM channel_websites cw USING channels c
      WHERE c.id = cw.channel_id AND c.external_id LIKE 'bench-%'
        AND (cw.channel_id, cw.website_id) NOT IN (${links})`);
    await tx.execute(sql`
      INSERT INTO channel_websites (channel_id, website_id) ${links}
      ON CONFLICT DO NOTHING`);

    await tx.execute(sql`
      INSERT INTO categories (name, slug, description, keywords, status, is_approved)
      VALUES ('Channels bench', ${CATEGORY_SLUG}, 'What every website publishes to its pages.',
              'bench', 1, 1)
      ON CONFLICT (slug) DO NOTHING`);
    const [category] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM categories WHERE slug = ${CATEGORY_SLUG}`,
    );
    await tx.execute(sql`
      INSERT INTO category_variants (category_id, website_id, description, is_approved)
      SELECT ${category!.id}, g, 'What every website publishes to its pages.', true
      FROM generate_series(1::int, ${WEBSITES}::int) g
      ON CONFLICT (category_id, website_id) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO posts (title, description, category_id)
      SELECT 'Channels bench post ' || g, 'A post every website shares on its Facebook pages.',
             ${category!.id}
      FROM generate_series(1::int, ${POSTS}::int) g
      WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.category_id = ${category!.id}
                                                AND p.title = 'Channels bench post ' || g)`);
    const posts = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM posts WHERE category_id = ${category!.id} ORDER BY id`,
    );
    const postIds = posts.map((post) => post.id);
    // Approved: the insert's trigger puts them in their workflow's last stage.
    await tx.execute(sql`
      INSERT INTO post_variants (post_id, website_id, description, is_approved)
      SELECT p.id, cv.website_id, 'Shared on the pages of website ' || cv.website_id || '.', true
      FROM posts p JOIN category_variants cv ON cv.category_id = p.category_id
      WHERE p.id = ANY(${idArray(postIds)})
      ON CONFLICT (post_id, website_id) DO NOTHING`);
    const [variants] = await queryRows<{ approved: number; other: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE is_approved)::int AS approved,
                 count(*) FILTER (WHERE NOT is_approved)::int AS other
          FROM post_variants WHERE post_id = ANY(${idArray(postIds)})`,
    );
    if (variants!.approved !== VARIANTS || variants!.other > 0) {
      throw new Error(
        `The seed's posts have ${JSON.stringify(variants)} variants, not ${VARIANTS}`,
      );
    }
    return postIds;
  });
}

// ── Routing ──────────────────────────────────────────────────────────────────────────────────

/**
 * The variants of `postIds` (`bench`), the live Facebook channel links (`live`), the default
 * (`fallback`) and the channel each variant must go to (`expected`), written the plain way.
 */
const routingViews = (postIds: readonly number[]) => sql`
  bench AS (SELECT v.id, v.website_id, v.version FROM post_variants v
            WHERE v.post_id = ANY(${idArray(postIds)})),
  live AS (SELECT cw.website_id, c.id AS channel_id
           FROM channels c JOIN channel_websites cw ON cw.channel_id = c.id
           WHERE c.network = ${NETWORK} AND c.status <> 'disabled'),
  fallback AS (SELECT c.id AS channel_id FROM channels c
               WHERE c.network = ${NETWORK} AND c.is_default AND c.status <> 'disabled'),
  expected AS (SELECT b.id AS variant_id, l.channel_id
               FROM bench b JOIN live l ON l.website_id = b.website_id
               UNION ALL
               SELECT b.id, f.channel_id FROM bench b CROSS JOIN fallback f
               WHERE NOT EXISTS (SELECT 1 FROM live l WHERE l.website_id = b.website_id))`;

/** What SQL finds of the queued publish, per figure; every figure but `expected` must be 0. */
interface RoutingCheck {
  expected: number;
  jobs: number;
  rows: number;
  /** Jobs and variant_channels rows whose channel is neither linked to the website nor its fallback. */
  other_website: number;
  /** … whose channel is gone, disabled or of another network. */
  wrong_channel: number;
  jobs_missing: number;
  jobs_extra: number;
  rows_missing: number;
  rows_extra: number;
  /** Jobs of another version than the variant's, or no longer waiting in the queue. */
  jobs_stale: number;
  jobs_not_queued: number;
}

async function checkRouting(db: Db, postIds: readonly number[]): Promise<RoutingCheck> {
  const [found] = await queryRows<RoutingCheck>(
    db,
    sql`WITH ${routingViews(postIds)},
        jobs AS (SELECT (j.data->>'variantId')::int AS variant_id,
                        (j.data->>'channelId')::int AS channel_id,
                        (j.data->>'version')::int AS version, j.state::text AS state
                 FROM pgboss.job j
                 WHERE j.name = ${QUEUE} AND j.data->>'kind' = 'post'
                   AND j.data->>'target' = ${NETWORK}),
        queued_rows AS (SELECT variant_id, channel_id FROM variant_channels
                        WHERE kind = 'post' AND network = ${NETWORK} AND status = 'queued'),
        routed AS (SELECT variant_id, channel_id FROM jobs
                   UNION ALL SELECT variant_id, channel_id FROM queued_rows)
        SELECT
          (SELECT count(*)::int FROM expected) AS expected,
          (SELECT count(*)::int FROM jobs) AS jobs,
          (SELECT count(*)::int FROM queued_rows) AS rows,
          (SELECT count(*)::int FROM routed r JOIN post_variants v ON v.id = r.variant_id
           WHERE NOT EXISTS (SELECT 1 FROM channel_websites cw
                             WHERE cw.channel_id = r.channel_id AND cw.website_id = v.website_id)
             AND NOT (r.channel_id IN (SELECT channel_id FROM fallback)
                      AND NOT EXISTS (SELECT 1 FROM live l WHERE l.website_id = v.website_id)))
            AS other_website,
          (SELECT count(*)::int FROM routed r LEFT JOIN channels c ON c.id = r.channel_id
           WHERE c.id IS NULL OR c.network <> ${NETWORK} OR c.status = 'disabled') AS wrong_channel,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM expected
                                      EXCEPT ALL SELECT variant_id, channel_id FROM jobs) m)
            AS jobs_missing,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM jobs
                                      EXCEPT ALL SELECT variant_id, channel_id FROM expected) m)
            AS jobs_extra,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM expected
                                      EXCEPT ALL SELECT variant_id, channel_id FROM queued_rows) m)
            AS rows_missing,
          (SELECT count(*)::int FROM (SELECT variant_id, channel_id FROM queued_rows
                                      EXCEPT ALL SELECT variant_id, channel_id FROM expected) m)
            AS rows_extra,
          (SELECT count(*)::int FROM jobs j JOIN bench b ON b.id = j.variant_id
           WHERE j.version IS DISTINCT FROM b.version) AS jobs_stale,
          (SELECT count(*)::int FROM jobs WHERE state <> 'created') AS jobs_not_queued`,
  );
  return found!;
}

/** How the report names each figure that must be 0. */
const FAULTS: Record<Exclude<keyof RoutingCheck, 'expected' | 'jobs' | 'rows'>, string> = {
  other_website: "routed to another website's channel",
  wrong_channel: "on a deleted, disabled or another network's channel",
  jobs_missing: 'jobs missing',
  jobs_extra: 'jobs extra',
  rows_missing: 'variant_channels rows missing',
  rows_extra: 'variant_channels rows extra',
  jobs_stale: "jobs of another version than the variant's",
  jobs_not_queued: 'jobs no longer queued',
};

/** What is wrong with a run's routing, or nothing. */
function routingFaults(check: RoutingCheck, answer?: Pick<ActionAnswer, 'queued' | 'skipped'>) {
  const faults = Object.entries(FAULTS)
    .filter(([name]) => check[name as keyof typeof FAULTS] !== 0)
    .map(([name, label]) => `${check[name as keyof typeof FAULTS]} ${label}`);
  if (check.expected === 0) faults.push('SQL routes no variant, so the case measures nothing');
  if (answer && answer.queued !== check.expected) {
    faults.push(`${answer.queued} jobs answered for ${check.expected}`);
  }
  if (answer && answer.skipped.length > 0) faults.push(`skipped ${JSON.stringify(answer.skipped)}`);
  return faults;
}

/** The publish undone: no job, no channel delivery, the variants' deliveries empty again. */
async function resetRouting(db: Db, postIds: readonly number[]) {
  await db.execute(sql`DELETE FROM pgboss.job WHERE name = ${QUEUE}`);
  await db.execute(sql`DELETE FROM variant_channels WHERE kind = 'post'`);
  await db.execute(sql`
    UPDATE post_variants SET deliveries = '{}'::jsonb, delivery_status = NULL, delivery_error = NULL
    WHERE post_id = ANY(${idArray(postIds)}) AND deliveries <> '{}'::jsonb`);
  await db.execute(sql`DELETE FROM events WHERE type = 'delivery'`);
  // Each run starts from tables without the last run's dead rows.
  await db.execute(sql`VACUUM (ANALYZE) pgboss.job, variant_channels, post_variants, events`);
}

/**
 * The routing's floor: one statement writing each variant's channel rows and its jobs (with the
 * queue's retry and expiry settings, as pg-boss writes them) from the routing's joins, without
 * the skip reasons, the variants' delivery state, the events or the audit entry.
 */
async function floorRouting(db: Db, postIds: readonly number[]) {
  await db.execute(sql`
    WITH ${routingViews(postIds)},
    marked AS (INSERT INTO variant_channels (kind, variant_id, channel_id, network, status)
               SELECT 'post', variant_id, channel_id, ${NETWORK}, 'queued' FROM expected
               RETURNING variant_id, channel_id)
    INSERT INTO pgboss.job (name, data, dead_letter, expire_in, keep_until, retry_limit,
                            retry_delay, retry_backoff, policy)
    SELECT q.name,
           jsonb_build_object('kind', 'post', 'variantId', m.variant_id, 'version', b.version,
                              'target', ${NETWORK}::text, 'channelId', m.channel_id),
           q.dead_letter, coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
           now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
           q.retry_limit, greatest(q.retry_delay, 1), q.retry_backoff, q.policy
    FROM marked m JOIN bench b ON b.id = m.variant_id
    CROSS JOIN pgboss.queue q WHERE q.name = ${QUEUE}`);
}

interface Routing {
  service: number[];
  floor: number[];
  http: number[];
  checks: { path: string; check: RoutingCheck; faults: string[] }[];
}

/** Times one publish through `publish`, then checks and undoes it. */
async function routingRun(
  db: Db,
  postIds: readonly number[],
  routing: Routing,
  path: 'service' | 'floor' | 'http',
  publish: () => Promise<Pick<ActionAnswer, 'queued' | 'skipped'> | undefined>,
) {
  const start = performance.now();
  const answer = await publish();
  routing[path].push(performance.now() - start);
  const check = await checkRouting(db, postIds);
  const faults = routingFaults(check, answer);
  routing.checks.push({ path, check, faults });
  step(
    `${path}: ${count(check.jobs)} jobs queued in ${routing[path].at(-1)!.toFixed(0)} ms, ${check.other_website} routed to another website's channel${faults.length > 0 ? `; WRONG: ${faults.join(', ')}` : ''}`,
  );
  await resetRouting(db, postIds);
}

const serviceRun = (db: Db, queue: JobQueue, postIds: readonly number[], caller: Caller) => () =>
  runAsActor(BENCH_ACTOR, () =>
    runBulkAction(db, queue, POST_KIND, { ids: postIds }, ACTION, caller, null),
  );
type Caller = Awaited<ReturnType<typeof benchCaller>>;

async function httpRun(url: string, cookie: string, postIds: readonly number[]) {
  const response = await fetch(`${url}/api/posts/action`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ ids: postIds.join(','), action: ACTION }),
  });
  const answer = (await response.json()) as ActionAnswer;
  if (response.status !== 200) {
    throw new Error(`${ACTION} over HTTP: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer;
}

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
    direct: (db) => listChannels(db, channelListQuerySchema.parse(query)),
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
