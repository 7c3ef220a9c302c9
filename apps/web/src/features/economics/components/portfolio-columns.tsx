import { COST_KINDS, type EconomicsWebsiteRow, websiteSettingsPath } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { Sparkline } from '../../../components/charts/Sparkline.tsx';
import { MissingFigure, Money } from '../../../components/Money.tsx';
import { formatMoney, formatPercent, missingRatesText } from '../../../lib/money.ts';
import { WEBSITE_MONEY_TAB } from '../../../lib/paths.ts';
import { COST_KIND_LABELS } from './cost-kinds.ts';

const number = { className: 'text-end text-nowrap' };
const counts = new Intl.NumberFormat();

/** A rate of the row (margin, RPM): missing for want of a rate, or of what it divides by. */
function Rate({
  row,
  value,
  text,
  without,
}: {
  row: EconomicsWebsiteRow;
  value: number | null;
  text: (value: number) => string;
  /** Why it is missing when every rate is known: 'No revenue in the period'. */
  without: string;
}) {
  if (value !== null) return <>{text(value)}</>;
  return (
    <MissingFigure
      why={row.missing_rates.length > 0 ? missingRatesText(row.missing_rates) : without}
    />
  );
}

/** The cost's parts, as its cell's title: 'Hosting ₹1,200.00, Instances ₹300.00, …'. */
const costParts = (row: EconomicsWebsiteRow, currency: string) =>
  COST_KINDS.map(
    (kind) => `${COST_KIND_LABELS[kind]} ${formatMoney(row.costs[kind], currency)}`,
  ).join(', ');

/**
 * The portfolio table's columns; their ids are the list's order keys (each column sorts but the
 * sparkline). A website's name opens its Money tab.
 */
export function portfolioColumns(currency: string): ColumnDef<EconomicsWebsiteRow>[] {
  return [
    {
      id: 'name',
      header: 'Website',
      cell: ({ row }) => (
        <>
          <Link to={websiteSettingsPath(row.original.id, WEBSITE_MONEY_TAB)}>
            {row.original.name}
          </Link>
          <div className="small text-body-secondary text-break">{row.original.url}</div>
        </>
      ),
    },
    {
      id: 'revenue',
      header: 'Revenue',
      cell: ({ row }) => (
        <Money
          value={row.original.revenue}
          currency={currency}
          missingRates={row.original.missing_rates}
        />
      ),
      meta: number,
    },
    {
      id: 'cost',
      header: 'Cost',
      cell: ({ row }) => (
        <span title={costParts(row.original, currency)}>
          <Money
            value={row.original.cost}
            currency={currency}
            missingRates={row.original.missing_rates}
          />
        </span>
      ),
      meta: number,
    },
    {
      id: 'profit',
      header: 'Profit',
      cell: ({ row }) => (
        <span className={(row.original.profit ?? 0) < 0 ? 'text-danger-emphasis' : undefined}>
          <Money
            value={row.original.profit}
            currency={currency}
            missingRates={row.original.missing_rates}
          />
        </span>
      ),
      meta: number,
    },
    {
      id: 'margin',
      header: 'Margin',
      cell: ({ row }) => (
        <Rate
          row={row.original}
          value={row.original.margin}
          text={formatPercent}
          without="No revenue in the period"
        />
      ),
      meta: number,
    },
    {
      id: 'views',
      header: 'Views',
      cell: ({ row }) => counts.format(row.original.views),
      meta: number,
    },
    {
      id: 'rpm',
      header: () => <abbr title="Revenue per 1,000 views">RPM</abbr>,
      cell: ({ row }) => (
        <Rate
          row={row.original}
          value={row.original.rpm}
          text={(value) => formatMoney(value, currency)}
          without="No views in the period"
        />
      ),
      meta: number,
    },
    {
      id: 'sparkline',
      header: 'Profit per day',
      cell: ({ row }) => (
        <Sparkline
          values={row.original.sparkline}
          label={`Profit per day of ${row.original.name}: ${row.original.sparkline.length} days, ${formatMoney(row.original.profit, currency)} in all`}
        />
      ),
    },
  ];
}
