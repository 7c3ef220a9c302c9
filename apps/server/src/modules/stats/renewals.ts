import { type Renewals, toIsoDate, WEBSITE_STATUS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client.ts';

/**
 * GET /api/stats/renewals?days=: the active websites whose next renewal falls within `days` from
 * today (the server's date), with their cost and its total.
 */
export async function renewalsDue(
  db: Db,
  days: number,
  scope: readonly number[] | null,
): Promise<Renewals> {
  const today = toIsoDate(new Date());
  const rows = await queryRows<{
    id: number;
    name: string;
    next_renewal_date: string;
    cost: string;
  }>(
    db,
    sql`SELECT id, name, next_renewal_date::text, cost::text FROM websites
        WHERE status = ${WEBSITE_STATUS.active}
          AND next_renewal_date BETWEEN ${today}::date AND ${today}::date + ${days}::int
          ${scope ? sql`AND id = ANY (${idArray(scope)})` : sql``}
        ORDER BY next_renewal_date, id`,
  );
  const websites = rows.map((row) => ({ ...row, cost: Number(row.cost) }));
  const cents = websites.reduce((sum, site) => sum + Math.round(site.cost * 100), 0);
  return { count: websites.length, total_cost: cents / 100, websites };
}
