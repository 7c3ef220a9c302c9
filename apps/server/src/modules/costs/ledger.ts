import {
  COST_KINDS,
  type CostBody,
  type CostKind,
  type CostsAnswer,
  type CostsQuery,
  periodOf,
  TRAFFIC_MESSAGES,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { costDays, withoutJit } from '../../db/cost-days.ts';
import { baseCurrency, inBase } from '../../db/money.ts';
import { validationError } from '../../errors.ts';

/**
 * The cost ledger (GET /api/costs) and the costs added by hand (POST /api/costs). The ledger is
 * db/cost-days.ts's relation with the fleet's costs kept as the fleet's (website_id null), each
 * row's base-currency figure rounded to the hundredth, the totals the sums of those.
 */

interface KindTotal {
  kind: CostKind;
  rows: number;
  amount_base: number | null;
  missing: string[] | null;
}

/** The websites a request reads: the one it names, within the caller's; undefined for all. */
function websitesOf(query: CostsQuery, scope: readonly number[] | null) {
  if (query.website_id === undefined) return scope ?? undefined;
  return !scope || scope.includes(query.website_id) ? [query.website_id] : [];
}

/** Sums of rounded figures: null when one of them is unknown (a missing rate). */
const knownSum = (values: (number | null)[]) =>
  values.some((value) => value === null)
    ? null
    : Math.round((values as number[]).reduce((sum, value) => sum + value, 0) * 100) / 100;

export async function readCosts(
  db: Db,
  query: CostsQuery,
  scope: readonly number[] | null,
  now = new Date(),
): Promise<CostsAnswer> {
  const base = await baseCurrency(db);
  const period = periodOf(query, now);
  const websiteIds = websitesOf(query, scope);
  const days = costDays(period, base, {
    shared: 'fleet',
    ...(websiteIds ? { websiteIds } : {}),
  });
  const where: SQL = query.kind === undefined ? sql`true` : sql`c.kind = ${query.kind}`;
  const { rows, totals } = await withoutJit(db, async (tx) => ({
    rows: await queryRows<CostsAnswer['rows'][number]>(
      tx,
      sql`SELECT c.website_id, c.day::text AS date, c.kind, c.source,
                 round(c.given, 6)::float8 AS amount, c.currency,
                 round(c.amount, 2)::float8 AS amount_base, c.note
          FROM (${days}) c WHERE ${where}
          ORDER BY c.day, c.kind, c.website_id NULLS FIRST, c.source NULLS FIRST, c.given
          LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
    ),
    totals: await queryRows<KindTotal>(
      tx,
      sql`SELECT c.kind, count(*)::int AS rows,
                 CASE WHEN bool_and(c.amount IS NOT NULL) THEN sum(round(c.amount, 2))::float8 END
                   AS amount_base,
                 array_agg(DISTINCT c.currency) FILTER (WHERE c.amount IS NULL) AS missing
          FROM (${days}) c WHERE ${where}
          GROUP BY c.kind`,
    ),
  }));
  const byKind = new Map(totals.map((row) => [row.kind, row.amount_base]));
  const kinds = Object.fromEntries(
    COST_KINDS.map((kind) => [kind, byKind.has(kind) ? byKind.get(kind) : 0]),
  ) as Record<CostKind, number | null>;
  const total = totals.reduce((sum, row) => sum + row.rows, 0);
  return {
    currency: base,
    rows,
    totals: { ...kinds, total: knownSum(Object.values(kinds)) },
    missing_rates: [...new Set(totals.flatMap((row) => row.missing ?? []))].sort(),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/** POST /api/costs: an `other` cost, of a website that exists or of the whole fleet. */
export async function addCost(db: Db, body: CostBody, userId: number) {
  return db.transaction(async (tx) => {
    const base = await baseCurrency(tx);
    const websiteId = body.website_id ?? null;
    const [row] = await queryRows<CostsAnswer['rows'][number] & { id: number }>(
      tx,
      sql`INSERT INTO costs (website_id, day, kind, source, amount, currency, note, user_id)
          SELECT ${websiteId}::int, ${body.date}::date, ${body.kind}, 'manual', ${body.amount},
                 ${body.currency}, ${body.note}, ${userId}
          WHERE ${websiteId}::int IS NULL
             OR EXISTS (SELECT 1 FROM websites WHERE id = ${websiteId}::int FOR KEY SHARE)
          RETURNING id, website_id, day::text AS date, kind, source, amount::float8 AS amount,
                    currency, round(${inBase(sql`costs.amount`, sql`costs.currency`, sql`costs.day`, base)}, 2)::float8
                      AS amount_base, note`,
    );
    if (!row) throw validationError({ website_id: TRAFFIC_MESSAGES.websiteUnknown });
    await recordAudit(tx, {
      action: 'created',
      subjectType: 'cost',
      subjectId: row.id,
      details: {
        website_id: websiteId,
        date: row.date,
        amount: row.amount,
        currency: row.currency,
      },
    });
    return row;
  });
}
