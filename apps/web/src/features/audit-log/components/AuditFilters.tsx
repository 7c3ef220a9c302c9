import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AUDIT_LOG_FILTERS,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECT_TYPES,
  parseDisplayDate,
} from '@sitefleet/contract';
import { DateInput } from '../../../components/form/DateInput.tsx';
import { useUserOptions } from '../api/user-options.ts';

type AuditFilter = (typeof AUDIT_LOG_FILTERS)[number];

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
    <DateInput
      className="form-control form-control-sm w-auto"
      size={10}
      aria-label={label}
      value={values[filter] ?? ''}
      // A half-typed date narrows nothing yet.
      onChange={(value) => {
        if (value === '' || parseDisplayDate(value) === value) onChange({ [filter]: value });
      }}
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
