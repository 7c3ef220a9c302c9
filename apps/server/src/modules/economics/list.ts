import {
  COST_KINDS,
  DEFAULT_PER_PAGE,
  type EconomicsWebsiteRow,
  type EconomicsWebsitesQuery,
  economicsWebsiteRowSchema,
  type Period,
  pageOffset,
  paginate,
  periodOf,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, idArray, preparedRows, queryRows } from '../../db/client.ts';
import { withoutJit } from '../../db/cost-days.ts';
import { websites } from '../../db/schema.ts';
import { type CsvExport, EXPORT_BATCH_SIZE } from '../../lists/export.ts';
import { searchCondition } from '../../lists/search.ts';
import { type PageDay, type PageDays, pageDays } from './days.ts';
import type { Figures } from './figures.ts';
import type { Basis, EconomicsReads } from './reads.ts';

/**
 * The economics list (GET /api/economics/websites) and its CSV export: every website's figures
 * over the period in the order asked, from the ranking kept per period (reads.ts); the page's
 * websites then get their names, posts published and delivery success read as they are now, and
 * their sparklines and renewal advice (kept as the ranking is).
 */

/** What the page's websites are now: their names, renewal, posts published and deliveries. */
interface Facts {
  id: number;
  name: string;
  url: string;
  next_renewal_date: string | null;
  renewal_cost: number;
  posts_published: number;
  delivery_success_rate: number | null;
}

/** The instant a day starts (UTC). */
const dayStart = (day: SQL) => sql`(${day})::timestamp AT TIME ZONE 'UTC'`;

/**
 * A post variant is published in the period when its first delivered push to its website is in
 * it (a later push of an edit is the same post); the delivery success rate counts every attempt
 * to the website or its networks made in the period.
 */
function factsStatement(ids: readonly number[], period: Period): SQL {
  const from = dayStart(sql`${period.from}::date`);
  const end = dayStart(sql`${period.to}::date + 1`);
  return sql`
    SELECT w.id, w.name, w.url, to_char(w.next_renewal_date, 'YYYY-MM-DD') AS next_renewal_date,
           w.cost::float8 AS renewal_cost,
           (SELECT count(*)::int FROM (
              SELECT a.variant_id FROM delivery_attempts a
              WHERE a.website_id = w.id AND a.kind = 'post' AND a.target = 'website'
                AND a.outcome = 'delivered' AND a.created_at < ${end}
              GROUP BY a.variant_id HAVING min(a.created_at) >= ${from}) p) AS posts_published,
           (SELECT (count(*) FILTER (WHERE a.outcome = 'delivered'))::float8
                   / nullif(count(*), 0)
            FROM delivery_attempts a
            WHERE a.website_id = w.id AND a.created_at >= ${from} AND a.created_at < ${end})
             AS delivery_success_rate
    FROM websites w WHERE w.id = ANY(${idArray(ids)})`;
}

/** An amount ÷ a count, to the hundredth, halves away from zero (as numeric's round). */
function dividedMoney(amount: number, by: number) {
  const hundredths = Math.round(Math.abs(amount) * 100);
  return (Math.sign(amount) * Math.round(hundredths / by)) / 100;
}

function rowOf(figures: Figures, facts: Facts, days: PageDay) {
  const { id, revenue, cost, costs, profit, margin, views, rpm, missing_rates } = figures;
  return {
    ...facts,
    id,
    revenue,
    cost,
    costs,
    profit,
    margin,
    views,
    rpm,
    cost_per_post:
      cost === null || facts.posts_published === 0
        ? null
        : dividedMoney(cost, facts.posts_published),
    ...days,
    missing_rates,
  } satisfies EconomicsWebsiteRow;
}

/** Some websites' rows, in the order of `figures`; a website deleted since is left out. */
async function rowsOf(
  db: Db,
  figures: readonly Figures[],
  period: Period,
  days: (ids: number[]) => Promise<PageDays>,
): Promise<EconomicsWebsiteRow[]> {
  if (figures.length === 0) return [];
  const ids = figures.map((row) => row.id);
  const [facts, daysOf] = await Promise.all([
    preparedRows<Facts>(db, factsStatement(ids, period)),
    days(ids),
  ]);
  const factsOf = new Map(facts.map((row) => [row.id, row]));
  return figures.flatMap((row) => {
    const found = factsOf.get(row.id);
    const rowDays = daysOf.get(row.id);
    return found && rowDays ? [rowOf(row, found, rowDays)] : [];
  });
}

/**
 * The websites listed, in the order asked: a figure's order from the ranking; by name, or with a
 * search term, the websites' ids read in SQL as the traffic table does. A token limited to some
 * websites lists those.
 */
async function ordered(
  db: Db,
  reads: EconomicsReads,
  ranking: Awaited<ReturnType<EconomicsReads['ranking']>>,
  query: EconomicsWebsitesQuery,
  scope: readonly number[] | null,
): Promise<Figures[]> {
  const direction = query.order_dir === 'asc' ? 'asc' : 'desc';
  const conditions = [
    searchCondition(query.query, [websites.name, websites.url]),
    scope ? sql`${websites.id} = ANY(${idArray(scope)})` : undefined,
    query.website_id === undefined ? undefined : sql`${websites.id} = ${query.website_id}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  if (query.order_key === 'name') {
    const sqlDirection = sql.raw(direction.toUpperCase());
    const ids = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM websites
          WHERE ${conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`TRUE`}
          ORDER BY name ${sqlDirection}, id ${sqlDirection}`,
    );
    return ids.flatMap(({ id }) => ranking.byId.get(id) ?? []);
  }
  const sorted = reads.sorted(ranking, query.order_key, direction);
  if (conditions.length === 0) return sorted;
  const listed = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM websites WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  const ids = new Set(listed.map((row) => row.id));
  return sorted.filter((row) => ids.has(row.id));
}

/** GET /api/economics/websites: a page of the websites' figures over the period. */
export async function economicsWebsites(
  reads: EconomicsReads,
  db: Db,
  query: EconomicsWebsitesQuery,
  scope: readonly number[] | null,
  now = new Date(),
) {
  const period = periodOf(query, now);
  const basis = await reads.basis(db);
  const all = await ordered(db, reads, await reads.ranking(db, basis, period), query, scope);
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const start = pageOffset(query.page, perPage);
  const data = await rowsOf(db, all.slice(start, start + perPage), period, (ids) =>
    reads.pageDays(db, basis, period, ids),
  );
  return {
    ...paginate(data, {
      page: query.page,
      perPage,
      total: all.length,
      path: '/api/economics/websites',
    }),
    currency: basis.base,
  };
}

/** Each sparkline's JSON text, written once per sparkline kept (reads.ts keeps a page's). */
const sparklineTexts = new WeakMap<EconomicsWebsiteRow['sparkline'], string>();

function sparklineText(sparkline: EconomicsWebsiteRow['sparkline']) {
  let text = sparklineTexts.get(sparkline);
  if (text === undefined) {
    text = JSON.stringify(sparkline);
    sparklineTexts.set(sparkline, text);
  }
  return text;
}

/**
 * The list's answer as JSON, its sparklines' text written once per sparkline kept: a page's
 * sparklines are thousands of numbers, whose writing was most of a request's time. The rows are
 * made field by field of the schema's (rowOf), so there is nothing to leave out.
 */
export function economicsPageJson({
  data,
  ...page
}: Awaited<ReturnType<typeof economicsWebsites>>) {
  const rows = data.map(
    ({ sparkline, ...row }) =>
      `${JSON.stringify(row).slice(0, -1)},"sparkline":${sparklineText(sparkline)}}`,
  );
  return `${JSON.stringify(page).slice(0, -1)},"data":[${rows.join(',')}]}`;
}

/** The export's columns: the row's, with the costs by kind in columns of their own, no sparkline. */
const csvRow = economicsWebsiteRowSchema
  .omit({ costs: true, sparkline: true })
  .extend(Object.fromEntries(COST_KINDS.map((kind) => [`cost_${kind}`, z.number().nullable()])));

const csvColumns = ({ costs, sparkline: _sparkline, ...row }: EconomicsWebsiteRow) => ({
  ...row,
  ...Object.fromEntries(COST_KINDS.map((kind) => [`cost_${kind}`, costs[kind]])),
});

async function* exportBatches(db: Db, rows: readonly Figures[], period: Period, basis: Basis) {
  for (let start = 0; start < rows.length; start += EXPORT_BATCH_SIZE) {
    const batch = await rowsOf(db, rows.slice(start, start + EXPORT_BATCH_SIZE), period, (ids) =>
      withoutJit(db, (tx) => pageDays(tx, ids, period, basis.base)),
    );
    yield batch.map(csvColumns);
  }
}

/** GET /api/economics/websites/export: every website the list finds, in its order. */
export async function exportEconomicsWebsites(
  reads: EconomicsReads,
  db: Db,
  query: EconomicsWebsitesQuery,
  scope: readonly number[] | null,
  now = new Date(),
): Promise<CsvExport<ReturnType<typeof csvColumns>>> {
  const period = periodOf(query, now);
  const basis = await reads.basis(db);
  const rows = await ordered(db, reads, await reads.ranking(db, basis, period), query, scope);
  return {
    resource: 'economics',
    row: csvRow,
    total: rows.length,
    batches: exportBatches(db, rows, period, basis),
  };
}
