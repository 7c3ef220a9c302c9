import {
  type AttemptFilter,
  DELIVERY_OUTCOMES,
  DELIVERY_TARGET_LABELS,
  PUBLISH_TARGETS,
  parseDisplayDate,
} from '@sitefleet/contract';
import { DateInput } from '../../../components/form/DateInput.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';

interface AttemptFiltersProps {
  values: Record<AttemptFilter, string | undefined>;
  onChange: (changes: Partial<Record<AttemptFilter, string | undefined>>) => void;
}

/** The attempts' filters: website, target, outcome, kind and a range of days. */
export function AttemptFilters({ values, onChange }: AttemptFiltersProps) {
  const websites = useWebsiteOptions();
  const select = (
    filter: AttemptFilter,
    label: string,
    all: string,
    options: readonly (readonly [string, string])[],
  ) => (
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
        'website_id',
        'Website filter',
        'All websites',
        (websites.data ?? []).map((website) => [String(website.id), website.name] as const),
      )}
      {select(
        'target',
        'Target filter',
        'All targets',
        PUBLISH_TARGETS.map((target) => [target, DELIVERY_TARGET_LABELS[target]] as const),
      )}
      {select(
        'outcome',
        'Outcome filter',
        'All outcomes',
        DELIVERY_OUTCOMES.map((outcome) => [outcome, outcome] as const),
      )}
      {select('kind', 'Kind filter', 'Posts and categories', [
        ['post', 'Posts'],
        ['category', 'Categories'],
      ])}
      {day('from', 'From date')}
      <span className="small text-body-secondary">to</span>
      {day('to', 'To date')}
    </>
  );
}
