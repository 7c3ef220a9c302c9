import { type AuditAction, type AuditSubjectType, auditLogPageSchema } from '@sitefleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { auditLogKey } from './query-keys.ts';
import { pageParams } from './use-list-params.ts';

/** What the audit log is asked for: a page, and any of its filters. */
export interface AuditLogRequest {
  page: number;
  perPage: number;
  query?: string;
  userId?: string;
  subjectType?: AuditSubjectType;
  subjectId?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** GET /api/audit-log with the request's filters (the empty ones left out). */
export async function fetchAuditLog(request: AuditLogRequest) {
  return auditLogPageSchema.parse(
    await http.get('/api/audit-log', {
      query: {
        ...pageParams(request.page, request.perPage),
        query: request.query || undefined,
        user_id: request.userId || undefined,
        subject_type: request.subjectType,
        subject_id: request.subjectId,
        action: request.action,
        from: request.from || undefined,
        to: request.to || undefined,
      },
    }),
  );
}

export function useAuditLog(request: AuditLogRequest, enabled = true) {
  return useQuery({
    queryKey: [...auditLogKey, request],
    queryFn: () => fetchAuditLog(request),
    placeholderData: keepPreviousData,
    enabled,
  });
}
