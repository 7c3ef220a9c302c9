import type { DeviceClass } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { arrayParameter, type Db } from '../../db/client.ts';

/** A page view as the beacon's writer keeps it, between its 202 and its batch's write. */
export interface PageView {
  at: Date;
  websiteId: number;
  /** The page's path, without its query or fragment. */
  path: string;
  /** The post and category the page named in its meta tags, if any (checked at the write). */
  postId: number | null;
  categoryId: number | null;
  visitor: bigint;
  referrer: string | null;
  device: DeviceClass;
}

/**
 * Every batch is written under this lock, one process at a time: whether a view is its visitor's
 * first of the day is read from the views written before, which a batch being written by another
 * process would hide, and the roll-ups' rows are then updated in one order.
 */
export const WRITE_LOCK = sql`pg_advisory_xact_lock(hashtext('traffic:write'))`;

const column = <T>(views: readonly PageView[], pick: (view: PageView) => T) => views.map(pick);

/**
 * Writes a batch of page views and adds them to the roll-ups, in one transaction: the raw rows,
 * the website's hour and day, the page's hour and day, the referrer's and the device's (the
 * website's and the page's).
 *
 * - A view's post is the one its page named, if that post has a variant on the website, else the
 *   post whose variant was published at the page's path; its category is the post's, or the one
 *   the page named, or the category published at the path.
 * - A page's referrers and devices are kept for a post's or a category's page only, the pages
 *   whose own breakdowns are read (a website's come from its days).
 * - A visitor counts once per hour, day, page-hour and page-day: a view counts as one when no
 *   earlier view of the same visitor hash falls in the same one (within the batch, or written
 *   before it).
 */
export async function writePageViews(db: Db, views: readonly PageView[]): Promise<void> {
  if (views.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT ${WRITE_LOCK}`);
    await tx.execute(sql`
      WITH input AS (
        SELECT * FROM unnest(
          ${arrayParameter(
            column(views, (view) => view.at.toISOString()),
            'timestamptz',
          )},
          ${arrayParameter(
            column(views, (view) => view.websiteId),
            'int',
          )},
          ${arrayParameter(
            column(views, (view) => view.path),
            'text',
          )},
          ${arrayParameter(
            column(views, (view) => view.postId),
            'int',
          )},
          ${arrayParameter(
            column(views, (view) => view.categoryId),
            'int',
          )},
          ${arrayParameter(
            column(views, (view) => view.visitor.toString()),
            'bigint',
          )},
          ${arrayParameter(
            column(views, (view) => view.referrer),
            'text',
          )},
          ${arrayParameter(
            column(views, (view) => view.device),
            'text',
          )}
        ) WITH ORDINALITY AS v(at, website_id, path, post_id, category_id, visitor, referrer,
                               device, n)
      ),
      attributed AS (
        SELECT i.*, p.id AS attributed_post,
               COALESCE(p.category_id, named_category.category_id, path_category.category_id)
                 AS attributed_category,
               date_trunc('hour', i.at) AS hour, (i.at AT TIME ZONE 'UTC')::date AS day
        FROM input i
        -- A website deleted since its views were taken: they go with it.
        JOIN websites w ON w.id = i.website_id
        LEFT JOIN LATERAL (
          SELECT pv.post_id FROM post_variants pv
          WHERE pv.website_id = i.website_id AND pv.post_id = i.post_id
          UNION ALL
          SELECT pv.post_id FROM post_variants pv
          WHERE pv.website_id = i.website_id AND pv.published_path = i.path
          LIMIT 1
        ) named_post ON TRUE
        LEFT JOIN posts p ON p.id = named_post.post_id
        LEFT JOIN LATERAL (
          SELECT cv.category_id FROM category_variants cv
          WHERE cv.website_id = i.website_id AND cv.category_id = i.category_id
        ) named_category ON TRUE
        LEFT JOIN LATERAL (
          SELECT cv.category_id FROM category_variants cv
          WHERE cv.website_id = i.website_id AND cv.published_path = i.path
          LIMIT 1
        ) path_category ON TRUE
      ),
      flagged AS (
        SELECT a.*,
          (row_number() OVER (PARTITION BY website_id, visitor, hour ORDER BY n) = 1
            AND NOT EXISTS (SELECT 1 FROM traffic_events e
                            WHERE e.website_id = a.website_id AND e.visitor = a.visitor
                              AND e.at >= a.hour AND e.at < a.hour + interval '1 hour'))::int
            AS new_in_hour,
          (row_number() OVER (PARTITION BY website_id, visitor, day ORDER BY n) = 1
            AND NOT EXISTS (SELECT 1 FROM traffic_events e
                            WHERE e.website_id = a.website_id AND e.visitor = a.visitor
                              AND e.at >= a.day::timestamp AT TIME ZONE 'UTC'
                              AND e.at < (a.day + 1)::timestamp AT TIME ZONE 'UTC'))::int
            AS new_in_day,
          (row_number() OVER (PARTITION BY website_id, visitor, day, path ORDER BY n) = 1
            AND NOT EXISTS (SELECT 1 FROM traffic_events e
                            WHERE e.website_id = a.website_id AND e.visitor = a.visitor
                              AND e.path = a.path
                              AND e.at >= a.day::timestamp AT TIME ZONE 'UTC'
                              AND e.at < (a.day + 1)::timestamp AT TIME ZONE 'UTC'))::int
            AS new_on_page,
          (row_number() OVER (PARTITION BY website_id, visitor, hour, path ORDER BY n) = 1
            AND NOT EXISTS (SELECT 1 FROM traffic_events e
                            WHERE e.website_id = a.website_id AND e.visitor = a.visitor
                              AND e.path = a.path
                              AND e.at >= a.hour AND e.at < a.hour + interval '1 hour'))::int
            AS new_on_page_hour
        FROM attributed a
      ),
      raw AS (
        INSERT INTO traffic_events (at, website_id, path, post_id, category_id, visitor, referrer,
                                    device)
        SELECT at, website_id, path, attributed_post, attributed_category, visitor, referrer,
               device
        FROM flagged
      ),
      hourly AS (
        INSERT INTO traffic_hourly AS t (website_id, hour, views, visitors)
        SELECT website_id, hour, count(*), sum(new_in_hour) FROM flagged
        GROUP BY website_id, hour ORDER BY website_id, hour
        ON CONFLICT (website_id, hour) DO UPDATE
          SET views = t.views + EXCLUDED.views, visitors = t.visitors + EXCLUDED.visitors
      ),
      daily AS (
        INSERT INTO traffic_daily AS t (website_id, source, day, views, visitors)
        SELECT website_id, 'beacon', day, count(*), sum(new_in_day) FROM flagged
        GROUP BY website_id, day ORDER BY website_id, day
        ON CONFLICT (website_id, source, day) DO UPDATE
          SET views = t.views + EXCLUDED.views, visitors = t.visitors + EXCLUDED.visitors
      ),
      pages AS (
        INSERT INTO traffic_pages AS t (website_id, source, day, path, post_id, category_id,
                                        views, visitors)
        SELECT website_id, 'beacon', day, path, max(attributed_post), max(attributed_category),
               count(*), sum(new_on_page)
        FROM flagged GROUP BY website_id, day, path ORDER BY website_id, day, path
        ON CONFLICT (website_id, source, day, path) DO UPDATE
          SET views = t.views + EXCLUDED.views, visitors = t.visitors + EXCLUDED.visitors,
              post_id = COALESCE(EXCLUDED.post_id, t.post_id),
              category_id = COALESCE(EXCLUDED.category_id, t.category_id)
      ),
      pages_hourly AS (
        INSERT INTO traffic_pages_hourly AS t (website_id, hour, path, post_id, category_id, views,
                                               visitors)
        SELECT website_id, hour, path, max(attributed_post), max(attributed_category), count(*),
               sum(new_on_page_hour)
        FROM flagged GROUP BY website_id, hour, path ORDER BY website_id, hour, path
        ON CONFLICT (website_id, hour, path) DO UPDATE
          SET views = t.views + EXCLUDED.views, visitors = t.visitors + EXCLUDED.visitors,
              post_id = COALESCE(EXCLUDED.post_id, t.post_id),
              category_id = COALESCE(EXCLUDED.category_id, t.category_id)
      ),
      page_referrers AS (
        INSERT INTO traffic_page_referrers AS t (website_id, day, path, post_id, category_id,
                                                 domain, views)
        SELECT website_id, day, path, max(attributed_post), max(attributed_category), referrer,
               count(*)
        FROM flagged
        WHERE referrer IS NOT NULL
          AND (attributed_post IS NOT NULL OR attributed_category IS NOT NULL)
        GROUP BY website_id, day, path, referrer ORDER BY website_id, day, path, referrer
        ON CONFLICT (website_id, day, path, domain) DO UPDATE
          SET views = t.views + EXCLUDED.views,
              post_id = COALESCE(EXCLUDED.post_id, t.post_id),
              category_id = COALESCE(EXCLUDED.category_id, t.category_id)
      ),
      referrers AS (
        INSERT INTO traffic_referrers AS t (website_id, day, domain, views)
        SELECT website_id, day, referrer, count(*) FROM flagged WHERE referrer IS NOT NULL
        GROUP BY website_id, day, referrer ORDER BY website_id, day, referrer
        ON CONFLICT (website_id, day, domain) DO UPDATE SET views = t.views + EXCLUDED.views
      ),
      page_devices AS (
        INSERT INTO traffic_page_devices AS t (website_id, day, path, post_id, category_id,
                                               device, views)
        SELECT website_id, day, path, max(attributed_post), max(attributed_category), device,
               count(*)
        FROM flagged WHERE attributed_post IS NOT NULL OR attributed_category IS NOT NULL
        GROUP BY website_id, day, path, device ORDER BY website_id, day, path, device
        ON CONFLICT (website_id, day, path, device) DO UPDATE
          SET views = t.views + EXCLUDED.views,
              post_id = COALESCE(EXCLUDED.post_id, t.post_id),
              category_id = COALESCE(EXCLUDED.category_id, t.category_id)
      )
      INSERT INTO traffic_devices AS t (website_id, day, device, views)
      SELECT website_id, day, device, count(*) FROM flagged
      GROUP BY website_id, day, device ORDER BY website_id, day, device
      ON CONFLICT (website_id, day, device) DO UPDATE SET views = t.views + EXCLUDED.views`);
  });
}
