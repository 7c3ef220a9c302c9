import type { EconomicsSummary } from '@sitefleet/contract';
import { useId } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Money } from '../../../components/Money.tsx';
import { changeOf, formatChange } from '../../../lib/money.ts';
import { daysIn } from '../../../lib/period.ts';

type Figure = keyof EconomicsSummary['totals'];

/** The four figures of a period; for cost, a rise is the bad news. */
const TILES: readonly { figure: Figure; label: string; icon: string; riseIsGood: boolean }[] = [
  { figure: 'revenue', label: 'Revenue', icon: 'bi-cash-coin', riseIsGood: true },
  { figure: 'cost', label: 'Cost', icon: 'bi-receipt', riseIsGood: false },
  { figure: 'profit', label: 'Profit', icon: 'bi-piggy-bank', riseIsGood: true },
  { figure: 'views', label: 'Views', icon: 'bi-eye', riseIsGood: true },
];

const counts = new Intl.NumberFormat();

function Change({
  summary,
  figure,
  riseIsGood,
}: {
  summary: EconomicsSummary;
  figure: Figure;
  riseIsGood: boolean;
}) {
  const change = changeOf(summary.totals[figure], summary.previous[figure]);
  const days = daysIn(summary);
  const against = `against the ${days} ${days === 1 ? 'day' : 'days'} before`;
  if (change === null) {
    return <span className="text-body-secondary">No figure to compare {against}</span>;
  }
  const good = change === 0 ? null : change > 0 === riseIsGood;
  // The emphasis shades keep their contrast on the cards of both themes.
  const colour =
    good === null ? 'text-body-secondary' : good ? 'text-success-emphasis' : 'text-danger-emphasis';
  return (
    <>
      <span className={colour}>{formatChange(change)}</span>{' '}
      <span className="text-body-secondary">{against}</span>
    </>
  );
}

function Tile({ tile, summary }: { tile: (typeof TILES)[number]; summary?: EconomicsSummary }) {
  const labelId = useId();
  const value = summary?.totals[tile.figure];
  return (
    <section className="card h-100" aria-labelledby={labelId}>
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 text-body-secondary">
          <i className={`bi ${tile.icon}`} aria-hidden="true" />
          <h3 id={labelId} className="h6 mb-0">
            {tile.label}
          </h3>
        </div>
        <p className="h4 my-2" data-testid={`portfolio-${tile.figure}`}>
          {!summary || value === undefined ? (
            <LoadingSpinner small />
          ) : tile.figure === 'views' ? (
            counts.format(value ?? 0)
          ) : (
            <Money value={value} currency={summary.currency} missingRates={summary.missing_rates} />
          )}
        </p>
        {summary && (
          <p className="small mb-0">
            <Change summary={summary} figure={tile.figure} riseIsGood={tile.riseIsGood} />
          </p>
        )}
      </div>
    </section>
  );
}

/** Revenue, cost, profit and views of the period, each with its change against the period before. */
export function FigureTiles({ summary }: { summary?: EconomicsSummary }) {
  return (
    <div className="row g-3 mb-3">
      {TILES.map((tile) => (
        <div key={tile.figure} className="col-lg-3 col-6">
          <Tile tile={tile} summary={summary} />
        </div>
      ))}
    </div>
  );
}
