import {
  DAY_MS,
  type EconomicsSummary,
  type EconomicsWebsiteRow,
  type Period,
  utcDay,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { costDays } from '../../db/cost-days.ts';
import { revenueDays } from '../../db/revenue-days.ts';

/**
 * The figures by day: each website's daily profit (its sparkline) and its renewal advice, and
 * the fleet's or some websites' revenue, cost and profit per day (the summary's series). A day's
 * figures are rounded to the hundredth each; a day with an amount of no known rate is null.
 */

/** The days the renewal advice weighs: the last 90 of the period. */
export const RENEWAL_WINDOW_DAYS = 90;
/** Days with revenue the advice needs among them; fewer: `no data`. */
export const RENEWAL_EARNING_DAYS = 30;

/** A sum null as soon as one of its amounts is (a missing rate). */
const sumOrNull = (amount: SQL) =>
  sql`CASE WHEN bool_or(${amount} IS NULL) THEN NULL ELSE sum(${amount}) END`;

/**
 * Revenue and cost per website (their allocated shares of the fleet's costs included) and day,
 * over `span`: 0 for a day without any, null for one with an amount missing its rate; `earned`
 * says the day had revenue rows.
 */
function daysStatement(span: Period, base: string, websiteIds: readonly number[]): SQL {
  return sql`
    WITH earned AS (
      SELECT r.website_id, r.day, ${sumOrNull(sql`r.amount`)} AS amount
      FROM (${revenueDays(span, base, websiteIds)}) r GROUP BY r.website_id, r.day),
    spent AS (
      SELECT c.website_id, c.day, ${sumOrNull(sql`c.amount`)} AS amount
      FROM (${costDays(span, base, { shared: 'allocated', websiteIds })}) c
      GROUP BY c.website_id, c.day)
    SELECT coalesce(e.website_id, c.website_id) AS website_id, coalesce(e.day, c.day) AS day,
           CASE WHEN e.day IS NULL THEN 0 ELSE e.amount END AS revenue,
           CASE WHEN c.day IS NULL THEN 0 ELSE c.amount END AS cost,
           e.day IS NOT NULL AS earned
    FROM earned e FULL JOIN spent c ON c.website_id = e.website_id AND c.day = e.day`;
}

export type PageDay = Pick<EconomicsWebsiteRow, 'sparkline' | 'renewal_advice'>;
export type PageDays = Map<number, PageDay>;

/**
 * The page's websites' sparklines over the period and their renewal advice: `renew` when the
 * last 90 days' profit (to the period's end), spread over the days of the renewal's `duration`
 * months (from next_renewal_date, or from the period's end without one), covers its cost;
 * `review` when it does not; `no data` with fewer than 30 days of revenue among those 90, or a
 * profit unknown for a missing rate.
 */
export async function pageDays(
  db: Executor,
  ids: readonly number[],
  period: Period,
  base: string,
): Promise<PageDays> {
  const windowStart = utcDay(Date.parse(period.to) - (RENEWAL_WINDOW_DAYS - 1) * DAY_MS);
  const span = { from: windowStart < period.from ? windowStart : period.from, to: period.to };
  const rows = await queryRows<{
    id: number;
    sparkline: (number | null)[];
    renewal_advice: EconomicsWebsiteRow['renewal_advice'];
  }>(
    db,
    sql`
      WITH days AS MATERIALIZED (${daysStatement(span, base, ids)}),
      sparklines AS (
        SELECT w.id, array_agg(
                 CASE WHEN d.day IS NULL THEN 0
                      ELSE (round(d.revenue, 2) - round(d.cost, 2))::float8 END
                 ORDER BY g.day) AS sparkline
        FROM unnest(${idArray(ids)}) w(id)
        CROSS JOIN generate_series(${period.from}::date, ${period.to}::date, interval '1 day') g(day)
        LEFT JOIN days d ON d.website_id = w.id AND d.day = g.day::date
        GROUP BY w.id),
      recent AS (
        SELECT d.website_id, count(*) FILTER (WHERE d.earned) AS earning_days,
               round(${sumOrNull(sql`d.revenue`)}, 2) - round(${sumOrNull(sql`d.cost`)}, 2) AS profit
        FROM days d WHERE d.day >= ${windowStart}::date GROUP BY d.website_id)
      SELECT w.id, s.sparkline,
             CASE WHEN coalesce(r.earning_days, 0) < ${RENEWAL_EARNING_DAYS} OR r.profit IS NULL
                    THEN 'no data'
                  WHEN r.profit / ${RENEWAL_WINDOW_DAYS} * (
                         (a.anchor + make_interval(months => w.duration))::date - a.anchor)
                       >= w.cost THEN 'renew'
                  ELSE 'review' END AS renewal_advice
      FROM websites w
      CROSS JOIN LATERAL (SELECT coalesce(w.next_renewal_date, ${period.to}::date) AS anchor) a
      JOIN sparklines s ON s.id = w.id
      LEFT JOIN recent r ON r.website_id = w.id
      WHERE w.id = ANY(${idArray(ids)})`,
  );
  return new Map(rows.map(({ id, ...days }) => [id, days]));
}

/**
 * Revenue, cost and profit per day of the period: of some websites (their allocated shares of
 * the fleet's costs included), or of the whole fleet (every cost, borne by a website or not).
 */
export async function seriesOf(
  db: Executor,
  period: Period,
  base: string,
  websiteIds?: readonly number[],
): Promise<EconomicsSummary['series']> {
  const shared = websiteIds === undefined ? 'fleet' : 'allocated';
  // A day without any amount is 0; one with an amount missing its rate, null.
  const dayFigure = (alias: string) =>
    sql`CASE WHEN ${sql.identifier(alias)}.day IS NULL THEN 0
             ELSE round(${sql.identifier(alias)}.amount, 2) END`;
  return queryRows(
    db,
    sql`
      WITH earned AS (
        SELECT r.day, ${sumOrNull(sql`r.amount`)} AS amount
        FROM (${revenueDays(period, base, websiteIds)}) r GROUP BY r.day),
      spent AS (
        SELECT c.day, ${sumOrNull(sql`c.amount`)} AS amount
        FROM (${costDays(period, base, { shared, websiteIds })}) c GROUP BY c.day)
      SELECT to_char(g.day, 'YYYY-MM-DD') AS date, ${dayFigure('e')}::float8 AS revenue,
             ${dayFigure('c')}::float8 AS cost,
             (${dayFigure('e')} - ${dayFigure('c')})::float8 AS profit
      FROM generate_series(${period.from}::date, ${period.to}::date, interval '1 day') g(day)
      LEFT JOIN earned e ON e.day = g.day::date
      LEFT JOIN spent c ON c.day = g.day::date
      ORDER BY g.day`,
  );
}
