import { auditLogResource } from '@sitefleet/contract';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { AUDIT_COLUMNS } from '../components/AuditColumns.tsx';
import { AuditFilters } from '../components/AuditFilters.tsx';

/** Who did what, newest first: filtered by user, record type, action and days, searched by name. */
export function AuditLogPage() {
  // Entries are never deleted from here: the list has no selection and no row actions.
  const list = useResourceList({ rowId: (entry) => entry.id, resource: auditLogResource });
  return (
    <ResourceListPage
      title="Audit Log"
      list={list}
      columns={AUDIT_COLUMNS}
      filters={<AuditFilters values={list.params.filters} onChange={list.params.setFilters} />}
      toolbar={<ExportButton resource="audit-log" list={list.params} />}
      emptyText="No entries match."
    />
  );
}
