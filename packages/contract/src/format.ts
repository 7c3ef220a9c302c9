/** Formatting shared by the screens and the server's answers. */

const pad = (n: number) => String(n).padStart(2, '0');

const ISO_DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date or timestamp as a Date. A calendar date (YYYY-MM-DD, e.g. a renewal date) is that day
 * in local time: `new Date` would read it as UTC midnight, the day before west of Greenwich.
 */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const dateOnly = ISO_DATE_ONLY.exec(value);
  if (!dateOnly) return new Date(value);
  const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, day);
}

/** The display format of every date and time on the screens, DD-MM-YYYY h:m:s, in local time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatDate(value: string | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}

/** How a date is typed, in the lists' order. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY';
const DISPLAY_DATE = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;

/**
 * A date typed as the lists show it (DD-MM-YYYY, or already YYYY-MM-DD) as the API's YYYY-MM-DD;
 * null when the text is no calendar day (31-02-2026 included).
 */
export function parseDisplayDate(text: string): string | null {
  const typed = text.trim();
  const display = DISPLAY_DATE.exec(typed);
  const iso = display
    ? `${display[3]}-${pad(Number(display[2]))}-${pad(Number(display[1]))}`
    : ISO_DATE_ONLY.test(typed)
      ? typed
      : null;
  if (!iso) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? iso
    : null;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export function formatRupees(amount: number | string): string {
  return rupees.format(Number(amount));
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Age of a record in words, for the dashboard's instances table. */
export function formatAge(createdAt: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 1000));
  const units: [number, string][] = [
    [86400 * 365, 'year'],
    [86400 * 30, 'month'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n > 1 ? 's' : ''}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
