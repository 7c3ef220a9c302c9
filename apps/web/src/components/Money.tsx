import { formatMoney, MISSING_FIGURE, missingRatesText } from '../lib/money.ts';

/** A figure that is not known: a dash, with why in its title and for a screen reader, never 0. */
export function MissingFigure({ why }: { why: string }) {
  return (
    <span title={why}>
      {MISSING_FIGURE}
      <span className="visually-hidden"> ({why})</span>
    </span>
  );
}

/** An amount in the base currency; a missing one (a rate unknown on one of its days) says so. */
export function Money({
  value,
  currency,
  missingRates,
}: {
  value: number | null;
  currency: string;
  /** The answer's currencies without a rate, which say why a figure is missing. */
  missingRates: readonly string[];
}) {
  if (value === null) return <MissingFigure why={missingRatesText(missingRates)} />;
  return formatMoney(value, currency);
}
