import type { AuditAction, AuditChanges, AuditSubjectType } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LOG_SEARCH_INDEX_OPTIONS, trigram } from './columns.ts';

/**
 * Who did what: one row per state-changing request, written in the change's transaction. The
 * user is kept by id and by name at the time, without a foreign key: an entry outlives its user.
 * A bulk action is one row, whatever the number of records it changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    /** The API token the change came through, by its name at the time. */
    tokenName: text('token_name'),
    action: text('action').$type<AuditAction>().notNull(),
    subjectType: text('subject_type').$type<AuditSubjectType>().notNull(),
    subjectId: integer('subject_id'),
    subjectName: text('subject_name'),
    changes: jsonb('changes').$type<AuditChanges>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_created_at_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, sql`${t.id} DESC`),
    index('audit_log_user_idx').on(t.userId, sql`${t.id} DESC`),
    index('audit_log_action_idx').on(t.action, sql`${t.id} DESC`),
    trigram('audit_log_subject_name_trgm_idx', t.subjectName, LOG_SEARCH_INDEX_OPTIONS),
    trigram('audit_log_user_name_trgm_idx', t.userName, LOG_SEARCH_INDEX_OPTIONS),
  ],
);
