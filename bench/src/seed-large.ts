/**
 * Fills a database with the large data set the benchmarks run on: 1,000 websites, 100,000
 * categories three levels deep, 1,000,000 posts, about 3,000,000 post variants (in the default
 * workflow's stages, one in ten assigned to one of ASSIGNEES users, the administrator among them)
 * and 1,000,000 delivery attempts over the last week (their hourly health is then computed).
 * Every step is one set-based INSERT … SELECT over generate_series, so it takes minutes, not hours.
 *
 *   DATABASE_URL=postgres://… npm run seed:large     (PostgreSQL)
 *   DATA_DIR=./bench-data npm run seed:large          (PGlite)
 *
 * `-- --posts N` scales every count to N posts (`--posts 10000000`: 10,000 websites, 1,000,000
 * categories, 30,000,000 variants); SEED_SCALE multiplies them the same way (0.01 for a quick
 * try). The content tables are emptied first, so the script refuses a database that already has
 * posts unless SEED_RESET=1.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  type Database,
  type Db,
  openDatabase,
  queryRows,
} from '../../apps/server/src/db/client.ts';

type Executor = Pick<Db, 'execute'>;

import { describeDrift, repairDerivedState } from '../../apps/server/src/db/integrity.ts';
import { seedBase } from '../../apps/server/src/db/seed.ts';
import { TARGET_SETTINGS } from '../../apps/server/src/pipeline/targets/index.ts';
import {
  ASSIGNEES,
  BENCH_ADMIN,
  defaultStage,
  REVIEWER_EMAIL_DOMAIN,
  searchPhrase,
  seededPostStage,
  titleWords,
} from './shape.ts';

const { values: options } = parseArgs({ options: { posts: { type: 'string' } } });
const scale = options.posts
  ? Number(options.posts) / 1_000_000
  : Number(process.env.SEED_SCALE ?? 1);
if (!(scale > 0)) throw new Error('--posts and SEED_SCALE take a positive number.');
export const COUNTS = {
  websites: Math.round(1000 * scale),
  roots: Math.round(1000 * scale),
  secondLevel: Math.round(9000 * scale),
  thirdLevel: Math.round(90_000 * scale),
  posts: Math.round(1_000_000 * scale),
  deliveryAttempts: Math.round(1_000_000 * scale),
};
const categoriesTotal = COUNTS.roots + COUNTS.secondLevel + COUNTS.thirdLevel;
/** Each category (and so each of its posts) is on this many websites. */
const WEBSITES_PER_CATEGORY = 3;
const POST_CHUNK = 100_000;

const started = Date.now();
function step(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

async function open(): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase({ url: process.env.DATABASE_URL });
  if (process.env.DATA_DIR) return openDatabase({ dataDir: process.env.DATA_DIR });
  throw new Error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite).');
}

/**
 * Runs a loading step in one transaction without foreign-key triggers (the rows are consistent by
 * construction): the checks would cost more than the inserts themselves.
 */
async function load(db: Db, run: (tx: Executor) => Promise<void>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await run(tx);
  });
}

async function main() {
  const database = await open();
  const { db } = database;
  step(`database: ${database.kind}; migrating`);
  await database.migrate();
  await seedBase(db, TARGET_SETTINGS, BENCH_ADMIN);

  const [existing] = await queryRows<{ posts: number }>(
    db,
    sql`SELECT count(*)::int AS posts FROM (SELECT 1 FROM posts LIMIT 1) any_post`,
  );
  if (existing!.posts > 0 && process.env.SEED_RESET !== '1') {
    throw new Error(
      'This database already has posts. Set SEED_RESET=1 to empty the content first.',
    );
  }
  await db.execute(sql`TRUNCATE websites, categories, posts RESTART IDENTITY CASCADE`);
  // Reviewers no one signs in as (their password is no hash), to assign variants to.
  await db.execute(sql`
    INSERT INTO users (name, email, password)
    SELECT 'Reviewer ' || g, 'reviewer' || g || '@' || ${REVIEWER_EMAIL_DOMAIN}, '!'
    FROM generate_series(1, ${ASSIGNEES - 1}) g
    ON CONFLICT DO NOTHING`);
  const assignees = sql`(SELECT array_agg(id ORDER BY email <> ${BENCH_ADMIN.email}, id) FROM users
                         WHERE email = ${BENCH_ADMIN.email}
                            OR email LIKE ${`reviewer%@${REVIEWER_EMAIL_DOMAIN}`})`;

  step(`websites: ${COUNTS.websites}`);
  await load(db, async (tx) => {
    await tx.execute(sql`
    INSERT INTO websites (id, name, url, status, hosting, cost, duration, views, webhook_secret, created_at)
    SELECT g, 'Website ' || g, 'https://site' || g || '.example.com',
           CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, 'Hosting ' || (g % 7), 100 + g % 900, 12,
           g * 37 % 10000, md5('secret' || g), now() - (${COUNTS.websites} - g) * interval '1 hour'
    FROM generate_series(1::int, ${COUNTS.websites}::int) g`);
  });

  // Levels: roots are 1..R, second level R+1..R+S, third level after; each child's first parent
  // is spread evenly over the level above, and every tenth third-level category has a second.
  const firstSecond = COUNTS.roots + 1;
  const firstThird = COUNTS.roots + COUNTS.secondLevel + 1;
  const firstParent = sql`CASE
      WHEN g < ${firstSecond} THEN NULL
      WHEN g < ${firstThird} THEN (g - ${firstSecond}) % ${COUNTS.roots} + 1
      ELSE (g - ${firstThird}) % ${COUNTS.secondLevel} + ${firstSecond} END`;
  step(`categories: ${categoriesTotal} on three levels, with their variants`);
  await load(db, async (tx) => {
    await tx.execute(sql`
    INSERT INTO categories (id, name, slug, description, type, keywords, status, is_approved,
                            synced, auto_google_sync, views, created_under_id, created_at)
    SELECT g, 'Category ' || g, 'category-' || g, 'Articles of category ' || g || '.',
           CASE WHEN g < ${firstSecond} THEN 'group' ELSE 'default' END, 'news,guides,' || g,
           CASE WHEN g % 7 = 0 THEN 2 ELSE 1 END, (g % 2), (g % 3 = 0)::int, (g % 5 = 0)::int,
           g * 13 % 5000, ${firstParent}, now() - (${categoriesTotal} - g) * interval '1 minute'
    FROM generate_series(1::int, ${categoriesTotal}::int) g`);
    await tx.execute(sql`
    INSERT INTO category_parents (category_id, parent_id)
    SELECT g, ${firstParent} FROM generate_series(${firstSecond}::int, ${categoriesTotal}::int) g
    UNION ALL
    SELECT g, (g - ${firstThird} + 1) % ${COUNTS.secondLevel} + ${firstSecond}
    FROM generate_series(${firstThird}::int, ${categoriesTotal}::int) g WHERE g % 10 = 0`);
    await tx.execute(sql`
    INSERT INTO category_variants (category_id, website_id, description, synced, is_approved,
                                   is_posted_to_website, stage_id)
    SELECT g, (g * 7 + k * 331) % ${COUNTS.websites} + 1, 'Articles of category ' || g || '.',
           g % 3 = 0, g % 2 = 1, g % 4 = 0,
           CASE WHEN g % 2 = 1 THEN ${defaultStage(2)} ELSE ${defaultStage(0)} END
    FROM generate_series(1::int, ${categoriesTotal}::int) g, generate_series(0::int, ${WEBSITES_PER_CATEGORY - 1}::int) k`);
  });

  const vocabulary = titleWords(COUNTS.posts);
  const [adjectives, nouns] = vocabulary.map((list) => sql`${`{${list.join(',')}}`}::text[]`) as [
    ReturnType<typeof sql>,
    ReturnType<typeof sql>,
  ];
  const [adjectiveCount, nounCount] = vocabulary.map((list) => list.length) as [number, number];
  for (let from = 1; from <= COUNTS.posts; from += POST_CHUNK) {
    const to = Math.min(from + POST_CHUNK - 1, COUNTS.posts);
    await load(db, async (tx) => {
      await tx.execute(sql`
      INSERT INTO posts (id, title, description, content_reference, status, category_id, views, created_at)
      SELECT g,
             (${adjectives})[g % ${adjectiveCount} + 1] || ' '
               || (${nouns})[g % ${nounCount} + 1] || ' guide ' || g,
             'Post ' || g || ' explains one topic in detail. '
               || repeat('It covers the background, the method and the result. ', 3),
             CASE WHEN g % 2 = 0 THEN 'https://reference.example.com/' || g END,
             CASE WHEN g % 9 = 0 THEN 2 ELSE 1 END, (g - 1) % ${categoriesTotal} + 1, g % 1000,
             now() - (${COUNTS.posts} - g) * interval '1 second'
      FROM generate_series(${from}::int, ${to}::int) g`);
      await tx.execute(sql`
      INSERT INTO post_variants (post_id, website_id, description, synced, is_approved,
                                 is_posted_to_website, is_posted_to_facebook, created_at,
                                 stage_id, assignee_id)
      SELECT p.id, cv.website_id, 'Variant of post ' || p.id || '.', p.id % 3 = 0, p.id % 2 = 0,
             p.id % 4 = 0, p.id % 5 = 0, p.created_at, ${seededPostStage(sql`p.id`)},
             CASE WHEN (p.id + cv.website_id) % 10 = 0
                  THEN (${assignees})[(p.id / 10) % ${ASSIGNEES} + 1] END
      FROM posts p JOIN category_variants cv ON cv.category_id = p.category_id
      WHERE p.id BETWEEN ${from} AND ${to}`);
    });
    step(`posts and their variants: ${to} / ${COUNTS.posts}`);
  }

  // Each website fails a share of its deliveries of its own (0–36%), so the fleet's success rates
  // differ; the attempts spread over the last week, a few seconds apart.
  for (let from = 1; from <= COUNTS.deliveryAttempts; from += POST_CHUNK) {
    const to = Math.min(from + POST_CHUNK - 1, COUNTS.deliveryAttempts);
    await load(db, async (tx) => {
      await tx.execute(sql`
      INSERT INTO delivery_attempts (kind, variant_id, website_id, target, job_id, attempt, version,
                                     outcome, status_code, duration_ms, error, created_at)
      SELECT 'post', v.id, v.website_id, 'website', 'seed-' || g, 1, 1, f.outcome,
             CASE WHEN f.outcome = 'failed' THEN 500 ELSE 200 END, (g::bigint * 7919 % 2000 + 20)::int,
             CASE WHEN f.outcome = 'failed' THEN 'HTTP 500: down' END,
             now() - (g % 604800) * interval '1 second'
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN post_variants v ON v.id = (g * 3 - 1) % ${COUNTS.posts * WEBSITES_PER_CATEGORY} + 1
      CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < v.website_id % 37 THEN 'failed'
                                      ELSE 'delivered' END AS outcome) f`);
    });
    step(`delivery attempts: ${to} / ${COUNTS.deliveryAttempts}`);
  }

  for (const table of [
    'websites',
    'categories',
    'posts',
    'category_variants',
    'post_variants',
    'delivery_attempts',
  ]) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      ),
    );
  }
  // The loading steps ran without triggers: the state they keep is computed once, here.
  for (const drift of await repairDerivedState(db)) step(`computed ${describeDrift(drift)}`);
  step('VACUUM ANALYZE (statistics for the planner, visibility for index-only scans)');
  await db.execute(sql`VACUUM ANALYZE`);

  const [totals] = await queryRows<Record<string, number | string>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM websites) AS websites,
               (SELECT count(*)::int FROM categories) AS categories,
               (SELECT count(*)::int FROM posts) AS posts,
               (SELECT count(*)::int FROM post_variants) AS post_variants,
               (SELECT count(*)::int FROM delivery_attempts) AS delivery_attempts,
               pg_size_pretty(pg_database_size(current_database())) AS database_size`,
  );
  step(
    `done: ${JSON.stringify(totals)}; search phrase with ~100 hits: "${searchPhrase(COUNTS.posts)}"`,
  );
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}\n${String(error.cause ?? '')}` : error);
  process.exit(1);
});
