import {
  auditBoundInstant,
  DEFAULT_PER_PAGE,
  type DeliveryListQuery,
  type FleetDelivery,
  fleetDeliverySchema,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { listExport } from '../../lists/export.ts';
import { estimatedPage, findingCost, inPageOrder, isoText, listPage } from '../../lists/page.ts';
import { likePattern } from '../../lists/search.ts';

/** Every delivery attempt of the fleet (GET /api/deliveries), newest first. */

interface AttemptRecord extends Omit<FleetDelivery, 'created_at'> {
  created_at: Date | string;
}

/** The attempts filters narrow to, over `a` (delivery_attempts); a replay by filter takes them. */
export function attemptConditions(
  filter: Partial<Pick<DeliveryListQuery, 'website_id' | 'outcome' | 'from' | 'to'>> &
    Partial<Pick<DeliveryListQuery, 'target' | 'kind' | 'query'>>,
): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (filter.website_id !== undefined) where.push(sql`a.website_id = ${filter.website_id}`);
  if (filter.target !== undefined) where.push(sql`a.target = ${filter.target}`);
  if (filter.outcome !== undefined) where.push(sql`a.outcome = ${filter.outcome}`);
  if (filter.kind !== undefined) where.push(sql`a.kind = ${filter.kind}`);
  if (filter.from) where.push(sql`a.created_at >= ${auditBoundInstant(filter.from, false)}`);
  if (filter.to) where.push(sql`a.created_at < ${auditBoundInstant(filter.to, true)}`);
  if (filter.query) where.push(sql`a.error ILIKE ${likePattern(filter.query)}`);
  return sql.join(where, sql` AND `);
}

const rowsOf = (ids: SQL) =>
  sql`SELECT a.id, a.kind, COALESCE(pv.post_id, cv.category_id) AS record_id,
             COALESCE(p.title, c.name) AS record_title, a.variant_id AS pivot_id, a.website_id,
             w.name AS website_name, a.target, a.attempt, a.outcome, a.status_code,
             a.duration_ms, a.error, a.created_at
      FROM delivery_attempts a
      JOIN websites w ON w.id = a.website_id
      LEFT JOIN post_variants pv ON a.kind = 'post' AND pv.id = a.variant_id
      LEFT JOIN posts p ON p.id = pv.post_id
      LEFT JOIN category_variants cv ON a.kind = 'category' AND cv.id = a.variant_id
      LEFT JOIN categories c ON c.id = cv.category_id
      WHERE a.id = ANY(${ids})`;

const shape = (record: AttemptRecord): FleetDelivery => ({
  ...record,
  created_at: isoText(record.created_at),
});

/** GET /api/deliveries: the ids grow with time, so newest first is the id's order. */
export async function listDeliveries(db: Db, query: DeliveryListQuery) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = await listPage<AttemptRecord>(
    db,
    {
      fromWhere: sql`FROM delivery_attempts a WHERE ${attemptConditions(query)}`,
      idColumn: sql`a.id`,
      orderBy: sql`a.id DESC`,
      page: query.page,
      perPage,
      ...findingCost(query),
      cacheKey: JSON.stringify([
        'deliveries',
        query.query,
        query.website_id,
        query.target,
        query.outcome,
        query.kind,
        query.from,
        query.to,
      ]),
    },
    rowsOf,
  );
  return estimatedPage(
    inPageOrder(page.ids, page.records, shape),
    { page: query.page, perPage, path: '/api/deliveries' },
    page,
  );
}

/** GET /api/deliveries/export: every attempt the list finds, newest first. */
export function exportDeliveries(db: Db, query: DeliveryListQuery) {
  return listExport<FleetDelivery>(db, {
    resource: 'deliveries',
    row: fleetDeliverySchema,
    fromWhere: sql`FROM delivery_attempts a WHERE ${attemptConditions(query)}`,
    order: { key: sql`a.id`, id: sql`a.id`, direction: 'desc' },
    shape: async (ids) => (await queryRows<AttemptRecord>(db, rowsOf(idArray(ids)))).map(shape),
  });
}
