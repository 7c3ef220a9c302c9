import { DATE_INPUT_FORMAT, formatDate, parseDisplayDate } from '@sitefleet/contract';
import { type InputHTMLAttributes, type Ref, useState } from 'react';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The API's YYYY-MM-DD, '' for none; anything else is shown as it is (a half-typed date). */
  value: string;
  /**
   * The typed date as YYYY-MM-DD, '' when emptied, or the text itself while it is no date (so
   * that a form's validation can say so).
   */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

const shownAs = (value: string) => (parseDisplayDate(value) === value ? formatDate(value) : value);

/**
 * A date typed in the order the lists show dates (DD-MM-YYYY), whatever the browser's language:
 * a native date input shows the browser's own order (mm/dd/yyyy in American English).
 */
export function DateInput({ value, onChange, ...input }: DateInputProps) {
  const [text, setText] = useState(() => shownAs(value));
  // A value set from outside (a reset, the URL) replaces what was typed.
  const typedValue = text.trim() === '' ? '' : (parseDisplayDate(text) ?? text);
  const shown = typedValue === value ? text : shownAs(value);
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_INPUT_FORMAT}
      value={shown}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : (parseDisplayDate(typed) ?? typed));
      }}
    />
  );
}
