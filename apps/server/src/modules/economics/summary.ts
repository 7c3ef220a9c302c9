import {
  COST_KINDS,
  DAY_MS,
  daysOf,
  type EconomicsSummary,
  type EconomicsSummaryQuery,
  periodOf,
  roundMoney,
  utcDay,
} from '@sitefleet/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { currencies, type Figures } from './figures.ts';
import type { EconomicsReads, Ranking } from './reads.ts';

/**
 * GET /api/economics/summary: the totals of the period and of the one of the same length just
 * before, and the figures per day. The totals are sums of the list's rows (rounded figures, so
 * that they add up to the paisa): of one website, of a token's websites, or of the whole fleet,
 * whose total cost also counts the costs no website bears.
 */

/** A sum of rounded figures: null as soon as one is. */
function sumOf(values: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return roundMoney(sum);
}

function totalsOf(ranking: Ranking, ids: readonly number[] | undefined) {
  const rows: Figures[] =
    ids === undefined ? ranking.websites : ids.flatMap((id) => ranking.byId.get(id) ?? []);
  const revenue = sumOf(rows.map((row) => row.revenue));
  const unallocated = ids === undefined ? COST_KINDS.map((kind) => ranking.unallocated[kind]) : [];
  const cost = sumOf([...rows.map((row) => row.cost), ...unallocated]);
  return {
    figures: {
      revenue,
      cost,
      profit: revenue === null || cost === null ? null : roundMoney(revenue - cost),
      views: rows.reduce((sum, row) => sum + row.views, 0),
    },
    missing: ids === undefined ? [ranking.missing_rates] : rows.map((row) => row.missing_rates),
  };
}

export async function economicsSummary(
  reads: EconomicsReads,
  db: Db,
  query: EconomicsSummaryQuery,
  scope: readonly number[] | null,
  now = new Date(),
): Promise<EconomicsSummary> {
  const period = periodOf(query, now);
  const previous = {
    from: utcDay(Date.parse(period.from) - daysOf(period) * DAY_MS),
    to: utcDay(Date.parse(period.from) - DAY_MS),
  };
  const ids = query.website_id === undefined ? (scope ?? undefined) : [query.website_id];
  const basis = await reads.basis(db);
  const [current, before, series] = await Promise.all([
    reads.ranking(db, basis, period),
    reads.ranking(db, basis, previous),
    reads.series(db, basis, period, ids),
  ]);
  if (query.website_id !== undefined && !current.byId.has(query.website_id)) throw notFound();
  const totals = totalsOf(current, ids);
  const earlier = totalsOf(before, ids);
  return {
    currency: basis.base,
    from: period.from,
    to: period.to,
    totals: totals.figures,
    series,
    previous: earlier.figures,
    missing_rates: currencies([...totals.missing, ...earlier.missing]),
  };
}
