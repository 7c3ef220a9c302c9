import { COST_KINDS, type CostKind, type Period } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { costDays } from '../../db/cost-days.ts';
import { revenueDays } from '../../db/revenue-days.ts';

/**
 * Each website's figures over a period, in the base currency: revenue, costs by kind (the fleet's
 * shared costs allocated to the websites), profit, margin, views and RPM. Amounts are summed
 * unrounded and rounded once, to the hundredth, in SQL's numeric (exact decimals): cost is the sum
 * of the rounded kinds and profit the rounded revenue less the rounded cost, so that a row adds up
 * to the paisa, and the fleet's totals are sums of the rows'. An amount without a rate for its day
 * makes its figure null (never 0) and names its currency in `missing_rates`.
 */

export interface Figures {
  id: number;
  revenue: number | null;
  cost: number | null;
  costs: Record<CostKind, number | null>;
  profit: number | null;
  margin: number | null;
  views: number;
  rpm: number | null;
  missing_rates: string[];
}

/** Costs no website bears (a day before any website existed): the fleet's, beside the rows. */
export interface FleetFigures {
  websites: Figures[];
  unallocated: Record<CostKind, number | null>;
  missing_rates: string[];
}

/** A sum that is null as soon as one of its amounts is (a missing rate), rounded to hundredths. */
const roundedSum = (amount: SQL, where: SQL = sql`TRUE`) =>
  sql`CASE WHEN bool_or(${amount} IS NULL) FILTER (WHERE ${where}) THEN NULL
           ELSE round(coalesce(sum(${amount}) FILTER (WHERE ${where}), 0), 2) END`;

/** The currencies of the amounts that had no rate. */
const missingOf = (amount: SQL, currency: SQL) =>
  sql`coalesce(array_agg(DISTINCT ${currency}) FILTER (WHERE ${amount} IS NULL), '{}')`;

const kindColumn = (kind: CostKind) => sql.identifier(`cost_${kind}`);

/** Every website's figures over the period, and a row (id null) of the costs no website bears. */
function figuresStatement(period: Period, base: string): SQL {
  const each = (column: (kind: CostKind) => SQL) => sql.join(COST_KINDS.map(column), sql`, `);
  const cost = sql`(${sql.join(
    COST_KINDS.map((kind) => sql`f.${kindColumn(kind)}`),
    sql` + `,
  )})`;
  return sql`
    WITH earned AS (
      SELECT r.website_id, ${roundedSum(sql`r.amount`)} AS revenue,
             ${missingOf(sql`r.amount`, sql`r.currency`)} AS missing
      FROM (${revenueDays(period, base)}) r GROUP BY r.website_id),
    spent AS (
      SELECT c.website_id,
             ${each((kind) => sql`${roundedSum(sql`c.amount`, sql`c.kind = ${kind}`)} AS ${kindColumn(kind)}`)},
             ${missingOf(sql`c.amount`, sql`c.currency`)} AS missing
      FROM (${costDays(period, base, { shared: 'allocated' })}) c GROUP BY c.website_id),
    viewed AS (
      SELECT d.website_id, sum(d.views) AS views FROM traffic_daily d
      WHERE d.source = 'beacon' AND d.day BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY d.website_id),
    figures AS (
      -- A website with no revenue or no cost has 0 of it; one whose amount misses a rate, null.
      SELECT w.id, CASE WHEN e.website_id IS NULL THEN 0 ELSE e.revenue END AS revenue,
             ${each(
               (kind) =>
                 sql`CASE WHEN c.website_id IS NULL THEN 0 ELSE c.${kindColumn(kind)} END AS ${kindColumn(kind)}`,
             )},
             coalesce(v.views, 0) AS views,
             coalesce(e.missing, '{}') || coalesce(c.missing, '{}') AS missing
      FROM websites w
      LEFT JOIN earned e ON e.website_id = w.id
      LEFT JOIN spent c ON c.website_id = w.id
      LEFT JOIN viewed v ON v.website_id = w.id)
    SELECT f.id, f.revenue::float8 AS revenue, ${cost}::float8 AS cost,
           ${each((kind) => sql`f.${kindColumn(kind)}::float8 AS ${kindColumn(kind)}`)},
           (f.revenue - ${cost})::float8 AS profit,
           CASE WHEN f.revenue <> 0 THEN ((f.revenue - ${cost}) / f.revenue)::float8 END AS margin,
           f.views::float8 AS views,
           CASE WHEN f.views > 0 THEN round(f.revenue * 1000 / f.views, 2)::float8 END AS rpm,
           f.missing
    FROM figures f
    UNION ALL
    SELECT NULL, NULL, NULL, ${each((kind) => sql`c.${kindColumn(kind)}::float8`)},
           NULL, NULL, 0, NULL, c.missing
    FROM spent c WHERE c.website_id IS NULL`;
}

type FiguresRow = Omit<Figures, 'id' | 'costs' | 'missing_rates'> & {
  id: number | null;
  missing: string[];
} & Record<`cost_${CostKind}`, number | null>;

const costsOf = (row: FiguresRow) =>
  Object.fromEntries(COST_KINDS.map((kind) => [kind, row[`cost_${kind}`]])) as Record<
    CostKind,
    number | null
  >;

/** The currencies named, each once, in order. */
export const currencies = (lists: readonly (readonly string[])[]) =>
  [...new Set(lists.flat())].sort();

/** Every website's figures over the period (in no order), and the costs no website bears. */
export async function fleetFigures(
  db: Executor,
  period: Period,
  base: string,
): Promise<FleetFigures> {
  const rows = await queryRows<FiguresRow>(db, figuresStatement(period, base));
  const websites: Figures[] = [];
  let unallocated = Object.fromEntries(COST_KINDS.map((kind) => [kind, 0])) as Record<
    CostKind,
    number | null
  >;
  const missing: string[][] = [];
  for (const row of rows) {
    missing.push(row.missing);
    if (row.id === null) {
      unallocated = costsOf(row);
      continue;
    }
    const { id, revenue, cost, profit, margin, views, rpm } = row;
    websites.push({
      id,
      revenue,
      cost,
      costs: costsOf(row),
      profit,
      margin,
      views,
      rpm,
      missing_rates: currencies([row.missing]),
    });
  }
  return { websites, unallocated, missing_rates: currencies(missing) };
}
