import type { AuditAction, AuditSubjectType } from '@sitefleet/contract';
import { DataTable } from '../../../components/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useAuditLog } from '../../../lib/audit-log.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { AUDIT_COLUMNS } from '../components/AuditColumns.tsx';
import { AUDIT_FILTERS, AuditFilters } from '../components/AuditFilters.tsx';

/** Who did what, newest first: filtered by user, record type, action and days, searched by name. */
export function AuditLogPage() {
  const list = useListParams({ filters: AUDIT_FILTERS });
  const { filters } = list;
  const log = useAuditLog({
    page: list.page,
    perPage: list.perPage,
    query: list.query,
    userId: filters.user_id,
    subjectType: filters.subject_type as AuditSubjectType | undefined,
    action: filters.action as AuditAction | undefined,
    from: filters.from,
    to: filters.to,
  });
  useKeepPageInRange(log.data, list.setPage);

  return (
    <Page title="Audit Log">
      <ListCard
        search={
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <SearchBox value={list.query} onSearch={list.setQuery} label="Search the audit log" />
            <AuditFilters values={filters} onChange={list.setFilters} />
          </div>
        }
        actions={<ExportButton resource="audit-log" list={list} />}
        footer={
          <Pagination
            page={log.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Audit log pages"
          />
        }
      >
        <DataTable
          label="Audit log"
          columns={AUDIT_COLUMNS}
          rows={log.data?.data}
          rowId={(entry) => entry.id}
          isFetching={log.isFetching}
          error={log.error}
          emptyText="No entries match."
        />
      </ListCard>
    </Page>
  );
}
