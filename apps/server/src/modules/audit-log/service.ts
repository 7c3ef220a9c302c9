import {
  type AuditEntry,
  type AuditLogQuery,
  auditBoundInstant,
  auditEntrySchema,
  DEFAULT_PER_PAGE,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client.ts';
import { listExport } from '../../lists/export.ts';
import { estimatedPage, findingCost, inPageOrder, isoText, listPage } from '../../lists/page.ts';
import { likePattern } from '../../lists/search.ts';

interface AuditRecord {
  id: number;
  created_at: Date | string;
  user_id: number | null;
  user_name: string | null;
  action: AuditEntry['action'];
  subject_type: AuditEntry['subject_type'];
  subject_id: number | null;
  subject_name: string | null;
  changes: AuditEntry['changes'];
  details: AuditEntry['details'];
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
}

function conditions(query: AuditLogQuery): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (query.user_id !== undefined) where.push(sql`a.user_id = ${query.user_id}`);
  if (query.subject_type !== undefined) where.push(sql`a.subject_type = ${query.subject_type}`);
  if (query.subject_id !== undefined) where.push(sql`a.subject_id = ${query.subject_id}`);
  if (query.action !== undefined) where.push(sql`a.action = ${query.action}`);
  if (query.from) where.push(sql`a.created_at >= ${auditBoundInstant(query.from, false)}`);
  if (query.to) where.push(sql`a.created_at < ${auditBoundInstant(query.to, true)}`);
  if (query.query) {
    const pattern = likePattern(query.query);
    where.push(sql`(a.subject_name ILIKE ${pattern} OR a.user_name ILIKE ${pattern})`);
  }
  return sql.join(where, sql` AND `);
}

const rowsOf = (ids: SQL) =>
  sql`SELECT a.id, a.created_at, a.user_id, a.user_name, a.action, a.subject_type, a.subject_id,
             a.subject_name, a.changes, a.details, a.ip_address, a.user_agent, a.request_id
      FROM audit_log a WHERE a.id = ANY(${ids})`;

const shape = (record: AuditRecord): AuditEntry => ({
  ...record,
  created_at: isoText(record.created_at),
});

/**
 * GET /api/audit-log: newest first (the ids grow with time, and every index of the table ends
 * with the id, so each filter walks its own index and stops after the page).
 */
export async function listAuditLog(db: Db, query: AuditLogQuery) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = await listPage<AuditRecord>(
    db,
    {
      fromWhere: sql`FROM audit_log a WHERE ${conditions(query)}`,
      idColumn: sql`a.id`,
      orderBy: sql`a.id DESC`,
      page: query.page,
      perPage,
      ...findingCost(query),
      cacheKey: JSON.stringify([
        'audit-log',
        query.query,
        query.user_id,
        query.subject_type,
        query.subject_id,
        query.action,
        query.from,
        query.to,
      ]),
    },
    rowsOf,
  );
  return estimatedPage(
    inPageOrder(page.ids, page.records, shape),
    { page: query.page, perPage, path: '/api/audit-log' },
    page,
  );
}

/** GET /api/audit-log/export: every entry the list finds, newest first as the list shows them. */
export function exportAuditLog(db: Db, query: AuditLogQuery) {
  return listExport<AuditEntry>(db, {
    resource: 'audit-log',
    row: auditEntrySchema,
    fromWhere: sql`FROM audit_log a WHERE ${conditions(query)}`,
    order: { key: sql`a.id`, id: sql`a.id`, direction: 'desc' },
    shape: async (ids) => (await queryRows<AuditRecord>(db, rowsOf(idArray(ids)))).map(shape),
  });
}
