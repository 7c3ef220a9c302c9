import { parseDisplayDate } from '@sitefleet/contract';
import { useState } from 'react';
import { DateInput } from './DateInput.tsx';

interface DateTimeInputProps {
  /** The date's id, for its label; the time is named "<label> time". */
  id: string;
  label: string;
  /** A local date and time as a datetime-local input holds it (YYYY-MM-DDTHH:mm), '' for none. */
  value: string;
  /** The typed date and time as YYYY-MM-DDTHH:mm, or '' while either is missing or no date. */
  onChange: (value: string) => void;
  className?: string;
  invalid?: boolean;
  describedBy?: string;
}

const TIME = /^\d\d:\d\d$/;

const partsOf = (value: string) => ({ date: value.slice(0, 10), time: value.slice(11, 16) });
const joined = ({ date, time }: { date: string; time: string }) =>
  parseDisplayDate(date) === date && TIME.test(time) ? `${date}T${time}` : '';

/**
 * A local date and time: the date typed in the order every screen shows dates (DD-MM-YYYY), the
 * time beside it. A native datetime-local input shows the browser's own order (mm/dd/yyyy in
 * American English).
 */
export function DateTimeInput({
  id,
  label,
  value,
  onChange,
  className = 'form-control',
  invalid,
  describedBy,
}: DateTimeInputProps) {
  const [parts, setParts] = useState(() => partsOf(value));
  // A whole value set from outside (a reset) replaces what was typed; '' while typing does not.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== '' && value !== joined(parts)) setParts(partsOf(value));
  }
  const change = (next: { date: string; time: string }) => {
    setParts(next);
    onChange(joined(next));
  };
  const invalidClass = invalid ? ' is-invalid' : '';
  return (
    <div className="d-flex gap-2">
      <DateInput
        id={id}
        className={`${className}${invalidClass}`}
        size={10}
        value={parts.date}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(date) => change({ ...parts, date })}
      />
      <input
        type="time"
        className={`${className} w-auto${invalidClass}`}
        aria-label={`${label} time`}
        value={parts.time}
        aria-invalid={invalid || undefined}
        onChange={(event) => change({ ...parts, time: event.target.value })}
      />
    </div>
  );
}
