/**
 * The channels bench's data: its database (created when missing) and the seed bringing its
 * websites, channels, links, posts and approved variants back to the same state on every run,
 * with the constants and the console helpers the routing and the run share. Apart from
 * `channels.ts` so each file stays within the project's 400 lines.
 */
import { sql } from 'drizzle-orm';
import { type Db, idArray, openDatabase, queryRows } from '../../apps/server/src/db/client.ts';

export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sitefleet_bench_channels';

export const WEBSITES = 1000;
const CHANNELS_PER_WEBSITE = 5;
/** Posts on every website: their variants are the publish's. */
export const POSTS = 10;
export const VARIANTS = WEBSITES * POSTS;
export const NETWORK = 'facebook';
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
export const LISTED_WEBSITE = 2;
/** Matches "Website 42 page …", "Website 142 page …" … "Website 942 page …": 50 channels. */
export const SEARCH = '42 page';

/**
 * Channel k (0–4) of website w is `bench-fb-w-k`, linked to w alone. Websites whose id is a
 * multiple of 100 have all five disabled, so their variants fall back to the network's default
 * (website 1's first channel); those ending in 5 have their fifth disabled; one in fifty has its
 * first waiting for a reconnect (still routed: its deliveries are held, not dropped).
 */
const facebookStatus = sql`CASE WHEN w % 100 = 0 OR (w % 10 = 5 AND k = 4) THEN 'disabled'
                                WHEN w % 50 = 7 AND k = 0 THEN 'needs_reconnect'
                                ELSE 'connected' END`;

export const count = (value: number) => value.toLocaleString('en');

export function step(text: string) {
  console.log(`  ${text}`);
}

/** Creates the database `url` names when its server has none of that name. */
export async function ensureDatabase(url: string) {
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
export async function seed(db: Db): Promise<number[]> {
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
