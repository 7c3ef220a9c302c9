import {
  PERIOD_LABELS,
  PERIODS,
  type Period,
  type PeriodChanges,
  type PeriodChoice,
} from '../lib/period.ts';
import { DayRangeFilter } from './ListFilters.tsx';

/** A period's choice, and its first and last day when the choice is a custom range. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (changes: PeriodChanges) => void;
}) {
  return (
    <>
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Period"
        value={value.period}
        onChange={(event) => {
          const period = event.target.value as Period;
          // A custom range starts from the days shown.
          const days = period === 'custom' && !value.customFrom && value.range;
          onChange({ period, ...(days && { customFrom: days.from, customTo: days.to }) });
        }}
      >
        {PERIODS.map((period) => (
          <option key={period} value={period}>
            {PERIOD_LABELS[period]}
          </option>
        ))}
      </select>
      {value.period === 'custom' && (
        <DayRangeFilter
          from={value.customFrom}
          to={value.customTo}
          onChange={(days) =>
            onChange({
              ...('from' in days && { customFrom: days.from }),
              ...('to' in days && { customTo: days.to }),
            })
          }
        />
      )}
    </>
  );
}

/** Why the custom days are no period yet, under the pickers (a whole line of their row). */
export function PeriodError({ value }: { value: PeriodChoice }) {
  if (!value.rangeError) return null;
  return (
    <div className="text-danger small w-100" role="alert">
      {value.rangeError.field === 'to' ? 'To date' : 'From date'}: {value.rangeError.message}
    </div>
  );
}
