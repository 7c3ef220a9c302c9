import { parseDisplayDate } from '@sitefleet/contract';
import { DateInput } from './form/DateInput.tsx';

interface FilterSelectProps {
  label: string;
  /** The first option's text, which narrows nothing. */
  all: string;
  value: string | undefined;
  options: readonly (readonly [value: string, text: string])[];
  onChange: (value: string) => void;
}

/** A list's filter beside its search: one choice, or all. */
export function FilterSelect({ label, all, value, options, onChange }: FilterSelectProps) {
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{all}</option>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </select>
  );
}

interface DayRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string; to?: string }) => void;
}

/** A list's range of days, typed as the lists show dates (DD-MM-YYYY). */
export function DayRangeFilter({ from, to, onChange }: DayRangeFilterProps) {
  const day = (bound: 'from' | 'to', value: string | undefined, label: string) => (
    <DateInput
      className="form-control form-control-sm w-auto"
      size={10}
      aria-label={label}
      value={value ?? ''}
      // A half-typed date narrows nothing yet.
      onChange={(typed) => {
        if (typed === '' || parseDisplayDate(typed) === typed) onChange({ [bound]: typed });
      }}
    />
  );
  return (
    <>
      {day('from', from, 'From date')}
      <span className="small text-body-secondary">to</span>
      {day('to', to, 'To date')}
    </>
  );
}
