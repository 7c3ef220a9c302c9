import {
  periodOf,
  type RevenueAnswer,
  type RevenueQuery,
  type RevenueRowInput,
  TRAFFIC_MESSAGES,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, type Executor, idArray, queryRows } from '../../db/client.ts';
import { baseCurrency, inBase } from '../../db/money.ts';
import { validationError } from '../../errors.ts';

/**
 * Revenue as sent (POST /api/revenue) and as read (GET /api/revenue): amounts kept in their own
 * currency, read with their base-currency figure at the rate of their day, null where none is
 * known (never 0), the request's totals the sums of its rows' rounded figures.
 */

/**
 * Writes the rows in one statement: a row of a website, source and day that has one replaces its
 * amount and currency. Answers each row's id, and whether it was new.
 */
export function upsertRevenue(tx: Executor, rows: readonly RevenueRowInput[]) {
  return queryRows<{ id: number; created: boolean }>(
    tx,
    sql`INSERT INTO revenue (website_id, day, source, amount, currency)
        SELECT r.website_id, r.date, r.source, r.amount, r.currency
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(website_id int, date date, source text, amount numeric, currency text)
        ON CONFLICT (website_id, source, day)
          DO UPDATE SET amount = excluded.amount, currency = excluded.currency
        RETURNING id, (xmax = 0) AS created`,
  );
}

/**
 * POST /api/revenue: every row's website checked (a 422 naming each row whose website does not
 * exist), then every row written, in one transaction, with one audit entry.
 */
export async function addRevenue(db: Db, rows: readonly RevenueRowInput[]) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(rows.map((row) => row.website_id))];
    // Locked against a delete until the rows are in.
    const found = new Set(
      (
        await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM websites WHERE id = ANY(${idArray(ids)}) FOR KEY SHARE`,
        )
      ).map((row) => row.id),
    );
    const unknown = Object.fromEntries(
      rows.flatMap((row, index) =>
        found.has(row.website_id)
          ? []
          : [[`rows.${index}.website_id`, TRAFFIC_MESSAGES.websiteUnknown]],
      ),
    );
    if (Object.keys(unknown).length > 0) throw validationError(unknown);
    const created = (await upsertRevenue(tx, rows)).filter((row) => row.created).length;
    const counts = { created, replaced: rows.length - created };
    await recordAudit(tx, {
      action: 'bulk_action',
      subjectType: 'revenue',
      details: { action: 'revenue_added', count: rows.length, ...counts, website_ids: ids },
    });
    return counts;
  });
}

interface RevenueRecord {
  website_id: number;
  date: string;
  source: string;
  amount: number;
  currency: string;
  amount_base: number | null;
  page_views: number | null;
  impressions: number | null;
  clicks: number | null;
}

interface SourceTotal {
  source: string;
  rows: number;
  amount_base: number | null;
  missing: string[] | null;
}

/**
 * GET /api/revenue: the page's rows by date, website and source, and over every row of the
 * request the totals per source and the currencies without a rate. A source's total is null when
 * a row of it could not be converted: it is not known.
 */
export async function readRevenue(
  db: Db,
  query: RevenueQuery,
  scope: readonly number[] | null,
  now = new Date(),
): Promise<RevenueAnswer> {
  const base = await baseCurrency(db);
  const { from, to } = periodOf(query, now);
  const filters: SQL[] = [sql`rv.day BETWEEN ${from}::date AND ${to}::date`];
  if (query.website_id !== undefined) filters.push(sql`rv.website_id = ${query.website_id}`);
  if (scope) filters.push(sql`rv.website_id = ANY(${idArray(scope)})`);
  if (query.source !== undefined) filters.push(sql`rv.source = ${query.source}`);
  const where = sql.join(filters, sql` AND `);
  // Not `r`: the rate's subquery names exchange_rates so.
  const converted = inBase(sql`rv.amount`, sql`rv.currency`, sql`rv.day`, base);
  const inBaseRounded = sql`round(${converted}, 2)`;
  const rows = await queryRows<RevenueRecord>(
    db,
    sql`SELECT rv.website_id, rv.day::text AS date, rv.source, rv.amount::float8 AS amount,
               rv.currency, ${inBaseRounded}::float8 AS amount_base, rv.page_views,
               rv.impressions, rv.clicks
        FROM revenue rv WHERE ${where}
        ORDER BY rv.day, rv.website_id, rv.source
        LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
  );
  const totals = await queryRows<SourceTotal>(
    db,
    sql`SELECT source, count(*)::int AS rows,
               CASE WHEN bool_and(amount_base IS NOT NULL) THEN sum(amount_base)::float8 END
                 AS amount_base,
               array_agg(DISTINCT currency) FILTER (WHERE amount_base IS NULL) AS missing
        FROM (SELECT rv.source, rv.currency, ${inBaseRounded} AS amount_base
              FROM revenue rv WHERE ${where}) converted
        GROUP BY source ORDER BY source`,
  );
  const total = totals.reduce((sum, row) => sum + row.rows, 0);
  return {
    currency: base,
    rows,
    totals: totals.map((row) => ({ source: row.source, amount_base: row.amount_base })),
    missing_rates: [...new Set(totals.flatMap((row) => row.missing ?? []))].sort(),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}
