import type { Period } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from './client.ts';
import { ratesOf } from './money.ts';

/**
 * What the websites earned over a period, as a SQL relation of one row per website, source and
 * day in the columns
 *   website_id int, day date, source text,
 *   amount numeric (in `base`, unrounded; null when no rate converts it — never 0),
 *   currency text (the amount's own: the one a missing rate is missing for).
 * Use it as `FROM (${revenueDays(...)}) r`. Each (currency, day) rate is looked up once and joined
 * (ratesOf), however many websites earned in that currency that day.
 */
export function revenueDays(period: Period, base: string, websiteIds?: readonly number[]): SQL {
  const only =
    websiteIds === undefined ? sql`` : sql`AND r.website_id = ANY(${idArray(websiteIds)})`;
  return sql`
    WITH earned AS MATERIALIZED (
      SELECT r.website_id, r.day, r.source, r.amount, r.currency FROM revenue r
      WHERE r.day BETWEEN ${period.from}::date AND ${period.to}::date ${only})
    SELECT e.website_id, e.day, e.source, e.amount * x.rate AS amount, e.currency
    FROM earned e
    JOIN (${ratesOf(sql`SELECT DISTINCT currency, day FROM earned`, base)}) x
      ON x.currency = e.currency AND x.day = e.day`;
}
