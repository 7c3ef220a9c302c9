import { ADSENSE_SOURCE, COST_KINDS, economicsPeriodSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Answered, PERIOD_INCOMPLETE } from '../../../components/Answered.tsx';
import { usePreloadedChart } from '../../../components/charts/ChartFigure.tsx';
import { PeriodError, PeriodPicker } from '../../../components/PeriodPicker.tsx';
import {
  DEFAULT_PERIOD,
  daysIn,
  type PeriodChanges,
  type PeriodCheck,
  periodChoice,
} from '../../../lib/period.ts';
import { websiteEconomicsQueryOptions } from '../../../lib/website-economics.ts';
import { economicsSummaryQueryOptions } from '../api/economics.ts';
import { revenueTotalsQueryOptions } from '../api/website-money.ts';
import { BreakdownTable } from './BreakdownTable.tsx';
import { COST_KIND_LABELS } from './cost-kinds.ts';
import { MoneyChart } from './MoneyChart.tsx';

const checkPeriod: PeriodCheck = (days) => economicsPeriodSchema.safeParse(days);

const FIGURES = ['revenue', 'cost', 'profit'] as const;

/** A revenue source as the screens name it: AdSense's import by its name, the others as given. */
const sourceName = (source: string) => (source === ADSENSE_SOURCE ? 'AdSense' : source);

/**
 * A website's money over a period (the last 30 days first; the choice is the tab's own): revenue,
 * cost and profit per day, its revenue by source and its costs by kind (its share of the fleet's
 * costs among them), in the base currency.
 */
export function WebsiteMoney({ websiteId }: { websiteId: number }) {
  usePreloadedChart();
  const [asked, setAsked] = useState<PeriodChanges>({ period: DEFAULT_PERIOD });
  const period = useMemo(() => periodChoice(asked, checkPeriod), [asked]);
  const request = { from: period.range?.from ?? '', to: period.range?.to ?? '', websiteId };
  const enabled = period.range !== null;
  const summary = useQuery({ ...economicsSummaryQueryOptions(request), enabled });
  const revenue = useQuery({ ...revenueTotalsQueryOptions(request), enabled });
  // Its costs by kind as the portfolio counts them: its share of the fleet's costs among them.
  const costs = useQuery({
    ...websiteEconomicsQueryOptions(websiteId, period.range ?? {}),
    enabled,
  });

  return (
    <section aria-label="Money">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <PeriodPicker value={period} onChange={(changes) => setAsked({ ...asked, ...changes })} />
        <PeriodError value={period} />
      </div>
      {!enabled ? (
        <p className="text-body-secondary">{PERIOD_INCOMPLETE}</p>
      ) : (
        <>
          <Answered answer={summary}>
            {(data) => (
              <MoneyChart
                title={`Revenue, cost and profit per day, ${daysIn(data)} days`}
                summary={data}
                figures={FIGURES}
                busy={summary.isFetching}
              />
            )}
          </Answered>
          <div className="row g-3 mt-1">
            <div className="col-md-6">
              <Answered answer={revenue}>
                {(data) => (
                  <BreakdownTable
                    title="Revenue by source"
                    what="Source"
                    rows={data.totals.map((total) => ({
                      key: total.source,
                      name: sourceName(total.source),
                      amount: total.amount_base,
                    }))}
                    currency={data.currency}
                    missingRates={data.missing_rates}
                    emptyText="No revenue in this period."
                  />
                )}
              </Answered>
            </div>
            <div className="col-md-6">
              <Answered answer={costs}>
                {(found) =>
                  found ? (
                    <BreakdownTable
                      title="Costs by kind"
                      what="Kind"
                      rows={COST_KINDS.filter((kind) => found.row.costs[kind] !== 0).map(
                        (kind) => ({
                          key: kind,
                          name: COST_KIND_LABELS[kind],
                          amount: found.row.costs[kind],
                        }),
                      )}
                      total={found.row.cost}
                      currency={found.currency}
                      missingRates={found.row.missing_rates}
                      emptyText="No cost in this period."
                    />
                  ) : (
                    <p className="text-body-secondary">The website's figures were not found.</p>
                  )
                }
              </Answered>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
