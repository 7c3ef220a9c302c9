import {
  DEFAULT_PER_PAGE,
  DEFAULT_WINDOW_HOURS,
  type DeliveryHealth,
  type DeliveryHealthQuery,
  deliveryHealthLevel,
  pageOffset,
  paginate,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, preparedRows, queryRows } from '../../db/client.ts';
import { hasPostWebhook } from '../../db/delivery-health.ts';
import {
  durationQuantile,
  keptBuckets,
  summedBuckets,
  windowStart,
} from '../../db/delivery-health-buckets.ts';
import { keptWindowRows, keptWindowsCurrent } from '../../db/delivery-health-window.ts';
import { websites } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isoTextOrNull } from '../../lists/page.ts';
import { searchCondition } from '../../lists/search.ts';

/**
 * The fleet's delivery health (GET /api/delivery-health): one row per website, read from the
 * hourly roll-up (never by scanning the attempts) and the website's own counters.
 */

interface HealthRecord {
  website_id: number;
  website_name: string;
  attempts: number;
  delivered: number;
  failed: number;
  success_rate: number | null;
  p50_ms: number | null;
  p95_ms: number | null;
  last_delivered_at: Date | string | null;
  last_failed_at: Date | string | null;
  last_error: string | null;
  consecutive_failures: number;
  paused: boolean;
  paused_at: Date | string | null;
  paused_reason: string | null;
  pending: number;
  has_post_webhook: boolean;
  /** How many rows the list has, on every row of its page. */
  total: number;
  position: number;
}

/**
 * Rows `(website_id, attempts, delivered, failed, buckets)` whose sums per website are the
 * window's health: the kept rows for the default window, the window's hours for another.
 */
const windowRows = (windowHours: number) =>
  windowHours === DEFAULT_WINDOW_HOURS
    ? keptWindowRows
    : sql`SELECT website_id, attempts, delivered, failed, buckets FROM delivery_health_hours
          WHERE hour >= ${windowStart(windowHours)}`;

/** p50 and p95 of summed rows with their `attempts` and buckets `b1`…. */
const percentiles = sql`${durationQuantile('attempts', 0.5)} AS p50_ms,
                        ${durationQuantile('attempts', 0.95)} AS p95_ms`;

/**
 * The window's counts per website that had attempts in it, and with `withPercentiles` its p50 and
 * p95 (summing the buckets of every website costs most of the page: only the p95 order needs them
 * for all; the page reads them for its own rows).
 */
function windowHealth(windowHours: number, withPercentiles: boolean): SQL {
  return sql`
    SELECT website_id, attempts, delivered, failed,
           CASE WHEN delivered + failed = 0 THEN NULL
                ELSE delivered::float8 / (delivered + failed) END AS success_rate
           ${withPercentiles ? sql`, ${percentiles}` : sql``}
    FROM (SELECT website_id, sum(attempts)::int AS attempts, sum(delivered)::int AS delivered,
                 sum(failed)::int AS failed
                 ${withPercentiles ? sql`, ${summedBuckets('h')}` : sql``}
          FROM (${windowRows(windowHours)}) h
          GROUP BY website_id) summed`;
}

/** Held or queued variants of the website `w`, through the partial indexes of pending ones. */
const pending = sql`(
  (SELECT count(*) FROM post_variants v
   WHERE v.website_id = w.id AND v.delivery_status IN ('queued', 'paused'))
  + (SELECT count(*) FROM category_variants v
     WHERE v.website_id = w.id AND v.delivery_status IN ('queued', 'paused')))::int`;

/** The order keys over the inner rows (`w` and `h`), as both the page and its positions sort. */
const ORDER_EXPRESSIONS = {
  success_rate: sql`h.success_rate`,
  failed: sql`COALESCE(h.failed, 0)`,
  p95_ms: sql`h.p95_ms`,
  name: sql`w.name`,
} as const;
type OrderKey = keyof typeof ORDER_EXPRESSIONS;

/**
 * A health row's columns: the website's own (`w`), its window's counts (`counts`), the page's
 * percentiles (`q`), and the page's `position` and `total` (how many rows the list has).
 */
const healthColumns = (counts: string) => sql`
  w.id AS website_id, w.name AS website_name,
  ${sql.raw(['attempts', 'delivered', 'failed'].map((c) => `COALESCE(${counts}.${c}, 0)::int AS ${c}`).join(', '))},
  ${sql.raw(counts)}.success_rate, q.p50_ms, q.p95_ms, w.last_delivered_at, w.last_failed_at,
  w.last_delivery_error AS last_error, w.consecutive_failures, w.deliveries_paused AS paused,
  w.deliveries_paused_at AS paused_at, w.deliveries_paused_reason AS paused_reason,
  ${pending} AS pending, ${hasPostWebhook(sql`w.id`)} AS has_post_webhook,
  page.total, page.position`;

/**
 * The rows of `where`, the page's (`orderKey`, `order` and `limit`) in the order of their
 * `position`, summing each website's window.
 */
function healthRows(
  where: SQL,
  windowHours: number,
  page: { orderKey: OrderKey; order: SQL; limit: SQL },
): SQL {
  const { order, limit } = page;
  return sql`
    SELECT ${healthColumns('page')}
    FROM (SELECT w.id AS website_id, h.attempts, h.delivered, h.failed, h.success_rate,
                 row_number() OVER (ORDER BY ${order}) AS position, (count(*) OVER ())::int AS total
          FROM websites w
          LEFT JOIN (${windowHealth(windowHours, page.orderKey === 'p95_ms')}) h
            ON h.website_id = w.id
          WHERE ${where}
          ORDER BY ${order} ${limit}) page
    JOIN websites w ON w.id = page.website_id
    CROSS JOIN LATERAL (
      SELECT ${percentiles}
      FROM (SELECT COALESCE(sum(attempts), 0)::int AS attempts, ${summedBuckets('h')}
            FROM (${windowRows(windowHours)}) h
            WHERE h.website_id = page.website_id) s) q`;
}

/** What a page read off the kept rows takes of a website's kept row `k`. */
const keptHealth = sql`k.attempts, k.delivered, k.failed, k.buckets, k.success_rate`;

/**
 * The whole fleet's page by success rate over the default window, read off the kept rows' rate
 * index instead of ordering every website; right only while every kept row is current. Websites
 * without a rate (no delivered or failed attempt in the window) follow, by id.
 */
function rowsByKeptRate(direction: SQL, perPage: number, offset: number): SQL {
  const reach = offset + perPage;
  return sql`
    SELECT ${healthColumns('page')}
    FROM (SELECT ranked.*, (SELECT count(*)::int FROM websites) AS total,
                 row_number() OVER (ORDER BY unrated, success_rate ${direction},
                                             website_id ${direction}) AS position
          FROM ((SELECT k.website_id, ${keptHealth}, 0 AS unrated FROM delivery_health_windows k
                 WHERE success_rate IS NOT NULL
                 ORDER BY success_rate ${direction}, website_id ${direction} LIMIT ${reach})
                UNION ALL
                (SELECT w.id, ${keptHealth}, 1 FROM websites w
                 LEFT JOIN delivery_health_windows k ON k.website_id = w.id
                 WHERE k.success_rate IS NULL
                   -- Only read when the rated websites alone do not reach past the page.
                   AND (SELECT count(*) FROM (SELECT FROM delivery_health_windows
                                             WHERE success_rate IS NOT NULL LIMIT ${reach}) r)
                       < ${reach}
                 ORDER BY w.id ${direction} LIMIT ${reach})) ranked
          ORDER BY position LIMIT ${perPage} OFFSET ${offset}) page
    JOIN websites w ON w.id = page.website_id
    CROSS JOIN LATERAL (
      SELECT ${percentiles}
      FROM (SELECT COALESCE(page.attempts, 0) AS attempts, ${keptBuckets('page')}) s) q`;
}

/**
 * Whether the page can be read off the kept rows' rate: the whole fleet (no search) worst or
 * best first over the default window.
 */
const byKeptRate = (query: DeliveryHealthQuery, search: unknown) =>
  query.order_key === 'success_rate' && query.window_hours === DEFAULT_WINDOW_HOURS && !search;

/**
 * The page read off the kept rows, which says whether every kept row was current; when one was
 * not (the roll runs every five minutes) or the page is empty, the page summed from the hours.
 */
async function keptOrSummed(db: Db, kept: SQL, summed: () => SQL): Promise<HealthRecord[]> {
  const rows = await preparedRows<HealthRecord & { current: boolean }>(
    db,
    sql`SELECT *, ${keptWindowsCurrent} AS current FROM (${kept}) kept ORDER BY position`,
  );
  if (rows[0]?.current) return rows;
  return preparedRows<HealthRecord>(db, sql`${summed()} ORDER BY position`);
}

/**
 * The answer's row, its fields named one by one: copying the statement's row without its page
 * columns (a rest, then spreads) went through V8's slow generic copy for each of its 20 fields,
 * about a tenth of the fleet page's server time in a profile.
 */
const shape = (record: HealthRecord): DeliveryHealth => ({
  website_id: record.website_id,
  website_name: record.website_name,
  attempts: record.attempts,
  delivered: record.delivered,
  failed: record.failed,
  success_rate: record.success_rate === null ? null : Number(record.success_rate),
  p50_ms: record.p50_ms,
  p95_ms: record.p95_ms,
  last_delivered_at: isoTextOrNull(record.last_delivered_at),
  last_failed_at: isoTextOrNull(record.last_failed_at),
  last_error: record.last_error,
  consecutive_failures: record.consecutive_failures,
  paused: record.paused,
  paused_at: isoTextOrNull(record.paused_at),
  paused_reason: record.paused_reason,
  pending: record.pending,
  delivery_health: deliveryHealthLevel(record),
});

async function websiteCount(db: Db, where: SQL): Promise<number> {
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM websites w WHERE ${where}`,
  );
  return counted?.total ?? 0;
}

/**
 * GET /api/delivery-health: worst first unless asked otherwise; searched by name or URL; with a
 * scope (an API token's websites), of those websites only.
 */
export async function listDeliveryHealth(
  db: Db,
  query: DeliveryHealthQuery,
  scope: readonly number[] | null,
) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const searched = searchCondition(query.query, [websites.name, websites.url]);
  const search = scope ? sql`${searched ?? sql`TRUE`} AND id = ANY (${idArray(scope)})` : searched;
  const where = search ? sql`w.id IN (SELECT id FROM websites WHERE ${search})` : sql`TRUE`;
  const direction = sql.raw(query.order_dir.toUpperCase());
  const orderKey = query.order_key;
  const order = sql`${ORDER_EXPRESSIONS[orderKey]} ${direction} NULLS LAST, w.id ${direction}`;
  const offset = pageOffset(query.page, perPage);
  const summed = () =>
    healthRows(where, query.window_hours, {
      orderKey,
      order,
      limit: sql`LIMIT ${perPage} OFFSET ${offset}`,
    });
  // Prepared: planning the percentiles' long expressions costs more than running them.
  const records = byKeptRate(query, search)
    ? await keptOrSummed(db, rowsByKeptRate(direction, perPage, offset), summed)
    : await preparedRows<HealthRecord>(db, sql`${summed()} ORDER BY position`);
  // A page past the last row carries no total: it is counted apart.
  const total = records[0] ? records[0].total : query.page > 1 ? await websiteCount(db, where) : 0;
  return paginate(records.map(shape), {
    page: query.page,
    perPage,
    total,
    path: '/api/delivery-health',
  });
}

/** GET /api/websites/{id}/delivery-health: the same row for one website. */
export async function websiteDeliveryHealth(
  db: Db,
  websiteId: number,
  windowHours: number,
): Promise<DeliveryHealth> {
  const [record] = await preparedRows<HealthRecord>(
    db,
    healthRows(sql`w.id = ${websiteId}`, windowHours, {
      orderKey: 'name',
      order: sql`w.id`,
      limit: sql``,
    }),
  );
  if (!record) throw notFound();
  return shape(record);
}
