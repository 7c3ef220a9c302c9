import {
  auditBoundInstant,
  type DeliveryListQuery,
  type FleetDelivery,
  type FromWireVariant,
  fleetDeliverySchema,
  toWireVariant,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { WebsiteScope } from '../../content/filters.ts';
import { type Db, idArray } from '../../db/client.ts';
import { type LogList, logExport, logPage } from '../../lists/log.ts';
import { likePattern } from '../../lists/search.ts';

/** Every delivery attempt of the fleet (GET /api/deliveries), newest first. */

/** An attempt as read, before it leaves for the wire. */
type AttemptRow = FromWireVariant<FleetDelivery>;

/**
 * The attempts filters narrow to, over `a` (delivery_attempts); a replay by filter takes them.
 * `website_scope` is an API token's websites.
 */
export function attemptConditions(
  filter: Partial<Pick<DeliveryListQuery, 'website_id' | 'outcome' | 'from' | 'to'>> &
    Partial<Pick<DeliveryListQuery, 'target' | 'kind' | 'query' | 'channel_id'>> &
    WebsiteScope,
): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (filter.website_id !== undefined) where.push(sql`a.website_id = ${filter.website_id}`);
  if (filter.website_scope) where.push(sql`a.website_id = ANY (${idArray(filter.website_scope)})`);
  if (filter.target !== undefined) where.push(sql`a.target = ${filter.target}`);
  if (filter.channel_id !== undefined) where.push(sql`a.channel_id = ${filter.channel_id}`);
  if (filter.outcome !== undefined) where.push(sql`a.outcome = ${filter.outcome}`);
  if (filter.kind !== undefined) where.push(sql`a.kind = ${filter.kind}`);
  if (filter.from) where.push(sql`a.created_at >= ${auditBoundInstant(filter.from, false)}`);
  if (filter.to) where.push(sql`a.created_at < ${auditBoundInstant(filter.to, true)}`);
  if (filter.query) where.push(sql`a.error ILIKE ${likePattern(filter.query)}`);
  return sql.join(where, sql` AND `);
}

const rowsOf = (ids: SQL) =>
  sql`SELECT a.id, a.kind, COALESCE(pv.post_id, cv.category_id) AS record_id,
             COALESCE(p.title, c.name) AS record_title, a.variant_id, a.website_id,
             w.name AS website_name, a.target, a.channel_id, ch.name AS channel_name, a.attempt,
             a.outcome, a.status_code, a.duration_ms, a.error, a.created_at
      FROM delivery_attempts a
      JOIN websites w ON w.id = a.website_id
      LEFT JOIN channels ch ON ch.id = a.channel_id
      LEFT JOIN post_variants pv ON a.kind = 'post' AND pv.id = a.variant_id
      LEFT JOIN posts p ON p.id = pv.post_id
      LEFT JOIN category_variants cv ON a.kind = 'category' AND cv.id = a.variant_id
      LEFT JOIN categories c ON c.id = cv.category_id
      WHERE a.id = ANY(${ids})`;

const deliveriesLog: LogList = {
  resource: 'deliveries',
  path: '/api/deliveries',
  from: sql`FROM delivery_attempts a`,
  row: fleetDeliverySchema,
  rowsOf,
};

/** GET /api/deliveries: every attempt of the fleet, newest first. */
export async function listDeliveries(db: Db, query: DeliveryListQuery & WebsiteScope) {
  const page = await logPage<AttemptRow>(db, deliveriesLog, attemptConditions(query), query, [
    query.website_id,
    query.target,
    query.channel_id,
    query.outcome,
    query.kind,
    query.from,
    query.to,
    query.website_scope,
  ]);
  return { ...page, data: page.data.map(toWireVariant) };
}

/** The export's batches of attempts, each row as the wire names it. */
async function* wireBatches(batches: AsyncIterable<AttemptRow[]>) {
  for await (const batch of batches) yield batch.map(toWireVariant);
}

/** GET /api/deliveries/export: every attempt the list finds, newest first. */
export async function exportDeliveries(db: Db, query: DeliveryListQuery & WebsiteScope) {
  const attempts = await logExport<AttemptRow>(db, deliveriesLog, attemptConditions(query));
  return { ...attempts, batches: wireBatches(attempts.batches) };
}
