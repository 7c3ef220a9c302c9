import { type EconomicsSummary, formatDate } from '@sitefleet/contract';
import { useMemo } from 'react';
import { ChartFigure, type ChartSeries } from '../../../components/charts/ChartFigure.tsx';
import { Money } from '../../../components/Money.tsx';
import { formatMoney, formatMoneyShort, missingRatesNote } from '../../../lib/money.ts';

/** The figures a money chart may draw, each with its colour and dash in both themes. */
const LINES = {
  revenue: { label: 'Revenue', colour: '--bs-success' },
  cost: { label: 'Cost', colour: '--bs-danger', dash: [6, 4] },
  profit: { label: 'Profit', colour: '--bs-primary', dash: [2, 3] },
} as const;
export type MoneyFigure = keyof typeof LINES;

interface MoneyChartProps {
  /** The chart's name: 'Revenue and cost per day'. */
  title: string;
  summary: EconomicsSummary;
  figures: readonly MoneyFigure[];
  busy?: boolean;
}

/** The same numbers as the chart, a row per day, and the period's totals. */
function MoneyTable({ title, summary, figures }: Omit<MoneyChartProps, 'busy'>) {
  const money = (value: number | null) => (
    <Money value={value} currency={summary.currency} missingRates={summary.missing_rates} />
  );
  return (
    <div className="table-responsive" style={{ maxHeight: '24rem' }}>
      <table className="table table-sm table-striped small mb-0" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {figures.map((figure) => (
              <th key={figure} scope="col" className="text-end">
                {LINES[figure].label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.series.map((day) => (
            <tr key={day.date}>
              <td className="text-nowrap">{formatDate(day.date)}</td>
              {figures.map((figure) => (
                <td key={figure} className="text-end text-nowrap">
                  {money(day[figure])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            {figures.map((figure) => (
              <td key={figure} className="text-end text-nowrap">
                {money(summary.totals[figure])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * A period's money per day as a chart (a day whose figure could not be converted is a gap) or, at
 * the reader's choice, as a table of the same numbers.
 */
export function MoneyChart({ title, summary, figures, busy }: MoneyChartProps) {
  const series = useMemo<ChartSeries>(
    () => ({
      times: summary.series.map((day) => Date.parse(day.date) / 1000),
      lines: figures.map((figure) => ({
        ...LINES[figure],
        values: summary.series.map((day) => day[figure]),
      })),
      format: (value) => formatMoneyShort(value, summary.currency),
    }),
    [summary, figures],
  );
  const note = missingRatesNote(summary.missing_rates);
  const totals = figures
    .map(
      (figure) => `${LINES[figure].label} ${formatMoney(summary.totals[figure], summary.currency)}`,
    )
    .join(', ')
    .concat(note && ` (${note})`);
  return (
    <ChartFigure
      title={title}
      summary={totals}
      series={series}
      testId="money-chart"
      busy={busy}
      table={<MoneyTable title={title} summary={summary} figures={figures} />}
    />
  );
}
