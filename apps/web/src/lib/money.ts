/**
 * Amounts in the fleet's base currency (the answer's `currency`), grouped as the reader's locale
 * groups them (₹12,34,567.50 in India, ₹1,234,567.50 in the US). A figure the server could not
 * convert (no exchange rate for a day) is null: shown as a dash, never as 0.
 */

/** What a missing figure shows. */
export const MISSING_FIGURE = '—';

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency} ${compact}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      ...(compact && { notation: 'compact', maximumFractionDigits: 1 }),
    });
    formats.set(key, format);
  }
  return format;
}

/** An amount in `currency`, or the dash for none. */
export function formatMoney(value: number | null, currency: string): string {
  return value === null ? MISSING_FIGURE : formatOf(currency, false).format(value);
}

/** An amount in few characters, for a chart's axis: ₹1.2K. */
export const formatMoneyShort = (value: number, currency: string) =>
  formatOf(currency, true).format(value);

/** Which currencies have no exchange rate on some days of a period: '' when none. */
export const missingRatesNote = (missingRates: readonly string[]) =>
  missingRates.length === 0 ? '' : `No exchange rate for ${missingRates.join(', ')} on some days`;

/** Why a figure is missing: the currencies whose rate is unknown on some of its days. */
export const missingRatesText = (missingRates: readonly string[]) =>
  missingRates.length === 0
    ? 'Not known'
    : `${missingRatesNote(missingRates)}: this figure cannot be converted`;

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** A fraction as a percentage: 0.125 → 12.5%. */
export const formatPercent = (value: number) => percent.format(value);

/** A change as a signed percentage: +12.5%, -3%, 0%. */
export const formatChange = (change: number) => signedPercent.format(change);

/**
 * The change of a figure against the period before, as a fraction of the one before (of its size,
 * so that a smaller loss is a rise); null when either is unknown or the one before was 0.
 */
export function changeOf(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return (now - before) / Math.abs(before);
}
