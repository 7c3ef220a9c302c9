import type { AuditAction, AuditEntry, AuditSubjectType } from '@sitefleet/contract';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { type AuditLogRequest, useAuditLog } from '../../../lib/audit-log.ts';
import { auditLogKey } from '../../../lib/query-keys.ts';
import type { ListParams } from '../../../lib/use-list-params.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { AUDIT_COLUMNS } from '../components/AuditColumns.tsx';
import { AUDIT_FILTERS, type AuditFilter, AuditFilters } from '../components/AuditFilters.tsx';

const auditRequest = ({
  page,
  perPage,
  query,
  filters,
}: ListParams<AuditFilter>): AuditLogRequest => ({
  page,
  perPage,
  query,
  userId: filters.user_id,
  subjectType: filters.subject_type as AuditSubjectType | undefined,
  action: filters.action as AuditAction | undefined,
  from: filters.from,
  to: filters.to,
});

/** Who did what, newest first: filtered by user, record type, action and days, searched by name. */
export function AuditLogPage() {
  // Entries are never deleted from here: the list has no selection and no row actions.
  const list = useResourceList<AuditEntry, AuditLogRequest, AuditFilter>({
    path: '/api/audit-log',
    resourceKey: auditLogKey,
    filters: AUDIT_FILTERS,
    request: auditRequest,
    useRows: useAuditLog,
    rowsKey: (request) => [...auditLogKey, request],
  });
  return (
    <ResourceListPage
      title="Audit Log"
      list={list}
      columns={AUDIT_COLUMNS}
      rowId={(entry) => entry.id}
      filters={<AuditFilters values={list.params.filters} onChange={list.params.setFilters} />}
      toolbar={<ExportButton resource="audit-log" list={list.params} />}
      emptyText="No entries match."
    />
  );
}
