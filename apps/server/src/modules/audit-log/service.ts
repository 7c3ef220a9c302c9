import {
  type AuditEntry,
  type AuditLogQuery,
  auditBoundInstant,
  auditEntrySchema,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LogList, logExport, logPage } from '../../lists/log.ts';
import { likePattern } from '../../lists/search.ts';

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
  sql`SELECT a.id, a.created_at, a.user_id, a.user_name, a.token_name, a.action, a.subject_type, a.subject_id,
             a.subject_name, a.changes, a.details, a.ip_address, a.user_agent, a.request_id
      FROM audit_log a WHERE a.id = ANY(${ids})`;

const auditLog: LogList = {
  resource: 'audit-log',
  path: '/api/audit-log',
  from: sql`FROM audit_log a`,
  row: auditEntrySchema,
  rowsOf,
};

/** GET /api/audit-log: newest first. */
export const listAuditLog = (db: Db, query: AuditLogQuery) =>
  logPage<AuditEntry>(db, auditLog, conditions(query), query, [
    query.user_id,
    query.subject_type,
    query.subject_id,
    query.action,
    query.from,
    query.to,
  ]);

/** GET /api/audit-log/export: every entry the list finds, newest first as the list shows them. */
export const exportAuditLog = (db: Db, query: AuditLogQuery) =>
  logExport<AuditEntry>(db, auditLog, conditions(query));
