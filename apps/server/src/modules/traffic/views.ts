import { periodOf } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client.ts';

/**
 * `views` of websites, categories and posts: the beacon's page views of the last 30 days (today
 * included, UTC), which the lists sort by and the dashboard ranks; `ga4_views`, what GA4 counted
 * over the same days, shown beside them. They are kept from the roll-ups by a scheduled task: each
 * run sums the window, compares it with the numbers kept and writes only those that changed,
 * VIEWS_BATCH rows per statement, so that a run over a large fleet never holds many rows locked
 * at once.
 */

const VIEWS_BATCH = 1000;

type Viewed = 'websites' | 'categories' | 'posts';
type Sums = Map<number, number>;
/** A source of the views kept, and the column each record keeps its views in. */
const KEPT_SOURCES = { beacon: 'views', ga4: 'ga4_views' } as const;
type KeptSource = keyof typeof KEPT_SOURCES;

const sumsOf = (rows: readonly { id: number; views: number }[]): Sums =>
  new Map(rows.filter((row) => row.views > 0).map((row) => [row.id, row.views]));

/** Each website's views of the window, from its days (traffic_daily's (source, day) index). */
async function websiteSums(db: Db, source: KeptSource, from: string, to: string): Promise<Sums> {
  return sumsOf(
    await queryRows<{ id: number; views: number }>(
      db,
      sql`SELECT website_id AS id, sum(views)::float8 AS views FROM traffic_daily
          WHERE source = ${source} AND day BETWEEN ${from}::date AND ${to}::date
          GROUP BY website_id`,
    ),
  );
}

/**
 * Each post's and category's views of the window, from the pages: a post counts its pages, a
 * category its own and its posts' (each page once). The pages are read website by website along
 * traffic_pages' primary key, which reaches the window's days without the older ones.
 */
async function contentSums(db: Db, source: KeptSource, from: string, to: string) {
  const rows = await queryRows<{ kind: 'post' | 'category'; id: number; views: number }>(
    db,
    sql`WITH pages AS MATERIALIZED (
          SELECT p.post_id, p.category_id, sum(p.views) AS views
          FROM websites w CROSS JOIN LATERAL (
            SELECT t.post_id, t.category_id, t.views FROM traffic_pages t
            WHERE t.website_id = w.id AND t.source = ${source}
              AND t.day BETWEEN ${from}::date AND ${to}::date
              AND (t.post_id IS NOT NULL OR t.category_id IS NOT NULL)) p
          GROUP BY p.post_id, p.category_id)
        SELECT 'post' AS kind, post_id AS id, sum(views)::float8 AS views
        FROM pages WHERE post_id IS NOT NULL GROUP BY post_id
        UNION ALL
        SELECT 'category', c.id, sum(pages.views)::float8
        FROM pages CROSS JOIN LATERAL (
          SELECT pages.category_id UNION SELECT p.category_id FROM posts p WHERE p.id = pages.post_id
        ) c(id)
        WHERE c.id IS NOT NULL GROUP BY c.id`,
  );
  return {
    posts: sumsOf(rows.filter((row) => row.kind === 'post')),
    categories: sumsOf(rows.filter((row) => row.kind === 'category')),
  };
}

/**
 * Writes `sums` into `table.column`: the rows whose number differs from what they keep, and the
 * rows that kept views and have none left (found through the column's index), in batches.
 * Each statement checks the number again (IS DISTINCT FROM), so a row is written only when it
 * changes. Answers how many rows were written.
 */
async function keepViews(db: Db, table: Viewed, source: KeptSource, sums: Sums): Promise<number> {
  const name = sql.identifier(table);
  const column = sql.identifier(KEPT_SOURCES[source]);
  const kept = await queryRows<{ id: number; views: number }>(
    db,
    sql`SELECT id, ${column} AS views FROM ${name} WHERE ${column} > 0`,
  );
  const changes = new Map<number, number>();
  for (const { id, views } of kept) {
    if ((sums.get(id) ?? 0) !== views) changes.set(id, sums.get(id) ?? 0);
  }
  const keptIds = new Set(kept.map((row) => row.id));
  for (const [id, views] of sums) if (!keptIds.has(id)) changes.set(id, views);
  const entries = [...changes].sort(([a], [b]) => a - b);
  let written = 0;
  for (let start = 0; start < entries.length; start += VIEWS_BATCH) {
    const batch = entries.slice(start, start + VIEWS_BATCH);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE ${name} t SET ${column} = v.views
          FROM unnest(${idArray(batch.map(([id]) => id))},
                      ${`{${batch.map(([, views]) => views).join(',')}}`}::int8[]) v(id, views)
          WHERE t.id = v.id AND t.${column} IS DISTINCT FROM v.views
          RETURNING t.id`,
    );
    written += rows.length;
  }
  return written;
}

/**
 * The scheduled task's run: the websites', categories' and posts' views of each kept source over
 * the 30 days up to `now` (the clock, or the time a test sets). Answers how many rows of each it
 * wrote, per source.
 */
export async function refreshViews(db: Db, now = new Date()) {
  const { from, to } = periodOf({}, now);
  const written = async (source: KeptSource) => {
    const content = await contentSums(db, source, from, to);
    return {
      websites: await keepViews(db, 'websites', source, await websiteSums(db, source, from, to)),
      categories: await keepViews(db, 'categories', source, content.categories),
      posts: await keepViews(db, 'posts', source, content.posts),
    };
  };
  return { beacon: await written('beacon'), ga4: await written('ga4') };
}
