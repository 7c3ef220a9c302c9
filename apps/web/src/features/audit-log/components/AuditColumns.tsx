import {
  AUDIT_ACTION_LABELS,
  AUDIT_SUBJECT_LABELS,
  type AuditEntry,
  formatDateTime,
} from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { AuditChanges } from '../../../components/AuditChanges.tsx';

/** When, Who, Action, Record, Changes (before → after), From (address and browser). */
export const AUDIT_COLUMNS: ColumnDef<AuditEntry>[] = [
  {
    id: 'created_at',
    header: 'When',
    cell: ({ row }) => (
      <span className="text-nowrap">{formatDateTime(row.original.created_at)}</span>
    ),
  },
  {
    id: 'user',
    header: 'User',
    cell: ({ row }) => (
      <>
        {row.original.user_name ?? <span className="text-body-secondary">System</span>}
        {/* A change sent with an API token is the person's, and says which token carried it. */}
        {row.original.token_name !== null && (
          <div className="small text-body-secondary">via token «{row.original.token_name}»</div>
        )}
      </>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row }) => (
      <span className="badge text-bg-secondary">{AUDIT_ACTION_LABELS[row.original.action]}</span>
    ),
  },
  {
    id: 'subject',
    header: 'Record',
    cell: ({ row }) => {
      const { subject_type: type, subject_id: id, subject_name: name } = row.original;
      return (
        <>
          {AUDIT_SUBJECT_LABELS[type]}
          {id !== null && <span className="text-body-secondary"> #{id}</span>}
          {name && <div className="small">{name}</div>}
        </>
      );
    },
  },
  {
    id: 'changes',
    header: 'Changes',
    cell: ({ row }) => <AuditChanges entry={row.original} />,
  },
  {
    id: 'origin',
    header: 'From',
    cell: ({ row }) => (
      <span className="small text-body-secondary" title={row.original.user_agent ?? undefined}>
        {row.original.ip_address ?? '—'}
      </span>
    ),
  },
];
