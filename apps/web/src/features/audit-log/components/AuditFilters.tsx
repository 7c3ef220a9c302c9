import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECT_TYPES,
} from '@sitefleet/contract';
import { useUserOptions } from '../api/user-options.ts';

export const AUDIT_FILTERS = ['user_id', 'subject_type', 'action', 'from', 'to'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

interface AuditFiltersProps {
  values: Record<AuditFilter, string | undefined>;
  onChange: (changes: Partial<Record<AuditFilter, string | undefined>>) => void;
}

/** The log's filters beside its search: user, kind of record, action and a range of days. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const users = useUserOptions();
  const select = (filter: AuditFilter, label: string, all: string, options: [string, string][]) => (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={label}
      value={values[filter] ?? ''}
      onChange={(event) => onChange({ [filter]: event.target.value })}
    >
      <option value="">{all}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
  const day = (filter: 'from' | 'to', label: string) => (
    <input
      type="date"
      className="form-control form-control-sm w-auto"
      aria-label={label}
      value={values[filter] ?? ''}
      onChange={(event) => onChange({ [filter]: event.target.value })}
    />
  );
  return (
    <>
      {select(
        'user_id',
        'User filter',
        'All users',
        (users.data ?? []).map((user) => [String(user.id), user.name]),
      )}
      {select(
        'subject_type',
        'Record type filter',
        'All records',
        AUDIT_SUBJECT_TYPES.map((type) => [type, AUDIT_SUBJECT_LABELS[type]]),
      )}
      {select(
        'action',
        'Action filter',
        'All actions',
        AUDIT_ACTIONS.map((action) => [action, AUDIT_ACTION_LABELS[action]]),
      )}
      {day('from', 'From date')}
      <span className="small text-body-secondary">to</span>
      {day('to', 'To date')}
    </>
  );
}
