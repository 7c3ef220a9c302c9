import { formatDateTime } from '@sitefleet/contract';

/** Longer than any word: a run of this many characters without a space is a code or a made-up name. */
const LONGEST_WORD = 25;
const UNBROKEN_RUN = new RegExp(`\\S{${LONGEST_WORD + 1}}`);

/**
 * The classes of a name in a list cell (styles.css): up to three lines, cut there with an ellipsis;
 * a run too long to be a word breaks anywhere.
 */
export function cellNameClass(name: string): string {
  return UNBROKEN_RUN.test(name) ? 'cell-name cell-unbroken' : 'cell-name';
}

interface CellNameProps {
  name: string;
  /** More classes, e.g. 'fw-semibold'. */
  className?: string;
}

/** A name in a list cell, cut after three lines (see cellNameClass); the whole name on hover. */
export function CellName({ name, className = '' }: CellNameProps) {
  return (
    <span className={`${cellNameClass(name)} ${className}`} title={name}>
      {name}
    </span>
  );
}

/**
 * A date and time ('08-09-2026 01:31:22') that a narrow column puts on two lines: between the date
 * and the time, never within either (a browser breaks a line after a date's hyphens).
 */
export function CellDateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <>
      <span className="text-nowrap">{date}</span> <span className="text-nowrap">{time}</span>
    </>
  );
}
