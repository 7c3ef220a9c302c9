import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AUDIT_LOG_FILTERS,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECT_TYPES,
} from '@sitefleet/contract';
import { DayRangeFilter, FilterSelect } from '../../../components/ListFilters.tsx';
import { useUserOptions } from '../api/user-options.ts';

type AuditFilter = (typeof AUDIT_LOG_FILTERS)[number];

interface AuditFiltersProps {
  values: Record<AuditFilter, string | undefined>;
  onChange: (changes: Partial<Record<AuditFilter, string | undefined>>) => void;
}

/** The log's filters beside its search: user, kind of record, action and a range of days. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const users = useUserOptions();
  return (
    <>
      <FilterSelect
        label="User filter"
        all="All users"
        value={values.user_id}
        options={(users.data ?? []).map((user) => [String(user.id), user.name])}
        onChange={(user_id) => onChange({ user_id })}
      />
      <FilterSelect
        label="Record type filter"
        all="All records"
        value={values.subject_type}
        options={AUDIT_SUBJECT_TYPES.map((type) => [type, AUDIT_SUBJECT_LABELS[type]])}
        onChange={(subject_type) => onChange({ subject_type })}
      />
      <FilterSelect
        label="Action filter"
        all="All actions"
        value={values.action}
        options={AUDIT_ACTIONS.map((action) => [action, AUDIT_ACTION_LABELS[action]])}
        onChange={(action) => onChange({ action })}
      />
      <DayRangeFilter from={values.from} to={values.to} onChange={onChange} />
    </>
  );
}
