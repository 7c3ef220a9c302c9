import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The demo's traffic: the last 30 days of beacon roll-ups behind the views the demo gives its
 * websites, posts and categories, so that the Traffic screen has charts and the views task (which
 * keeps those numbers from the roll-ups) finds the same numbers. Each post is a page of its first
 * website, published at that address; each category has a page of its own there too.
 */

/** The last 30 days, UTC's, as every traffic read counts them. */
const DAYS = 30;

/**
 * The days of the window with their share of a number, weekdays a little busier: `views * upto /
 * total - views * before / total`, rounded down at each end, sums to `views` exactly.
 */
const SPREAD = sql`
  spread AS (
    SELECT day, sum(weight) OVER (ORDER BY day) AS upto, sum(weight) OVER () AS total,
           sum(weight) OVER (ORDER BY day) - weight AS before
    FROM (SELECT d::date AS day, CASE WHEN extract(isodow FROM d) < 6 THEN 13 ELSE 10 END AS weight
          FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${DAYS - 1}::int, (now() AT TIME ZONE 'UTC')::date, interval '1 day') d) days)`;

const share = (total: string) =>
  sql.raw(`(floor(${total} * s.upto / s.total) - floor(${total} * s.before / s.total))::int`);

export async function seedDemoTraffic(tx: Db) {
  await tx.execute(sql`
    WITH ${SPREAD}
    INSERT INTO traffic_daily (website_id, source, day, views, visitors)
    SELECT w.id, 'beacon', s.day, ${share('w.views')}, ${share('w.views')} * 2 / 5
    FROM websites w CROSS JOIN spread s WHERE w.views > 0`);
  await tx.execute(sql`
    INSERT INTO traffic_devices (website_id, day, device, views)
    SELECT d.website_id, d.day, device.name,
           CASE device.name WHEN 'desktop' THEN d.views * 55 / 100
                            WHEN 'mobile' THEN d.views * 38 / 100
                            ELSE d.views - d.views * 55 / 100 - d.views * 38 / 100 END
    FROM traffic_daily d CROSS JOIN (VALUES ('desktop'), ('mobile'), ('tablet')) device(name)`);
  await tx.execute(sql`
    INSERT INTO traffic_referrers (website_id, day, domain, views)
    SELECT d.website_id, d.day, referrer.domain, d.views * referrer.percent / 100
    FROM traffic_daily d CROSS JOIN (VALUES ('google.com', 46), ('facebook.com', 12),
                                            ('news.ycombinator.com', 4), ('bing.com', 3))
                                    referrer(domain, percent)`);
  // Today's views by the hour so far, and yesterday's by every hour.
  await tx.execute(sql`
    INSERT INTO traffic_hourly (website_id, hour, views, visitors)
    SELECT d.website_id, d.day + make_interval(hours => h),
           (floor(d.views * (h + 1)::numeric / hours.n) - floor(d.views * h::numeric / hours.n))::int,
           (floor(d.visitors * (h + 1)::numeric / hours.n) - floor(d.visitors * h::numeric / hours.n))::int
    FROM traffic_daily d
    CROSS JOIN LATERAL (SELECT CASE WHEN d.day = (now() AT TIME ZONE 'UTC')::date
                                    THEN extract(hour FROM now() AT TIME ZONE 'UTC')::int + 1
                                    ELSE 24 END AS n) hours
    CROSS JOIN LATERAL generate_series(0, hours.n - 1) h
    WHERE d.day >= (now() AT TIME ZONE 'UTC')::date - 1`);

  // Each post a page of its first website, published there; each category a page of its own.
  await tx.execute(sql`
    UPDATE post_variants v SET published_url = w.url || '/guides/' || v.post_id,
                               published_path = '/guides/' || v.post_id
    FROM websites w
    WHERE w.id = v.website_id
      AND v.id IN (SELECT DISTINCT ON (post_id) id FROM post_variants ORDER BY post_id, website_id)`);
  await tx.execute(sql`
    UPDATE category_variants v SET published_url = w.url || '/' || c.slug,
                                   published_path = '/' || c.slug
    FROM websites w, categories c
    WHERE w.id = v.website_id AND c.id = v.category_id
      AND v.id IN (SELECT DISTINCT ON (category_id) id FROM category_variants
                   ORDER BY category_id, website_id)`);
  await tx.execute(sql`
    WITH ${SPREAD},
    pages AS (
      SELECT v.website_id, v.published_path AS path, p.id AS post_id, p.category_id, p.views
      FROM posts p JOIN post_variants v ON v.post_id = p.id AND v.published_path IS NOT NULL
      UNION ALL
      SELECT v.website_id, v.published_path, NULL, c.id, c.views
      FROM categories c JOIN category_variants v
        ON v.category_id = c.id AND v.published_path IS NOT NULL)
    INSERT INTO traffic_pages (website_id, source, day, path, post_id, category_id, views, visitors)
    SELECT p.website_id, 'beacon', s.day, p.path, p.post_id, p.category_id,
           ${share('p.views')}, ${share('p.views')} * 2 / 5
    FROM pages p CROSS JOIN spread s WHERE p.views > 0`);
  // A category counts its own pages and its posts' pages, as the views task counts them.
  await tx.execute(sql`
    UPDATE categories c SET views = c.views + posts.views
    FROM (SELECT category_id, sum(views)::int AS views FROM posts GROUP BY category_id) posts
    WHERE posts.category_id = c.id`);
}
