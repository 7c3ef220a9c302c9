/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted when it holds a quote, a comma or a
 * line break. A cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) is prefixed with `'`, so that an exported value never executes.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A value as one CSV cell: objects by their name, lists joined with "; ". */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(csvText).join('; ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return named.name === undefined ? JSON.stringify(value) : csvText(named.name);
  }
  return String(value);
}

export function csvCell(value: unknown): string {
  const text = csvText(value);
  // A number is never a formula, and a negative one keeps its sign.
  const safe = typeof value !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The attachment's name: `sitefleet-<resource>-YYYY-MM-DD.csv`, dated today (UTC). */
export const csvFileName = (resource: string, now = new Date()) =>
  `sitefleet-${resource}-${now.toISOString().slice(0, 10)}.csv`;
