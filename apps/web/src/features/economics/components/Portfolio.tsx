import { ECONOMICS_ORDER_KEYS, economicsPeriodSchema } from '@sitefleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Answered } from '../../../components/Answered.tsx';
import { usePreloadedChart } from '../../../components/charts/ChartFigure.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { PeriodError, PeriodPicker } from '../../../components/PeriodPicker.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { daysIn, type PeriodCheck } from '../../../lib/period.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { usePeriodParams } from '../../../lib/use-period-params.ts';
import { economicsSummaryQueryOptions, economicsWebsitesQueryOptions } from '../api/economics.ts';
import { FigureTiles } from './FigureTiles.tsx';
import { MoneyChart } from './MoneyChart.tsx';
import { portfolioColumns } from './portfolio-columns.tsx';
import { RenewalsCard } from './RenewalsCard.tsx';

const checkPeriod: PeriodCheck = (days) => economicsPeriodSchema.safeParse(days);

const REVENUE_AND_COST = ['revenue', 'cost'] as const;

/**
 * The fleet's money over a period (kept in the address): revenue, cost, profit and views with
 * their change, revenue against cost per day, every website's figures (sorted, searched and paged
 * by the server) and the renewals due with their advice. Its requests leave together.
 */
export function Portfolio() {
  const titleId = useId();
  usePreloadedChart();
  const [period, changePeriod] = usePeriodParams(checkPeriod);
  const { range } = period;
  const ready = range !== null;
  const list = useListParams();
  const summary = useQuery({
    ...economicsSummaryQueryOptions(range ?? { from: '', to: '' }),
    enabled: ready,
  });
  const websites = useQuery({
    ...economicsWebsitesQueryOptions({
      list: { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort },
      ...range,
    }),
    enabled: ready,
  });
  useKeepPageInRange(websites.data, list.setPage);
  const currency = websites.data?.currency ?? summary.data?.currency;
  const columns = useMemo(() => portfolioColumns(currency ?? ''), [currency]);
  const days = range ? daysIn(range) : 0;

  return (
    <section className="mb-4" aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id={titleId} className="h4 mb-0 me-auto">
          Portfolio
        </h2>
        <PeriodPicker value={period} onChange={changePeriod} />
        <PeriodError value={period} />
      </div>
      <FigureTiles summary={summary.data} />
      <div className="card mb-4">
        <div className="card-header">
          <h3 className="card-title h5 mb-0">Revenue and cost</h3>
        </div>
        <div className="card-body">
          <Answered answer={summary} ready={ready}>
            {(data) => (
              <MoneyChart
                title={`Revenue and cost per day, ${days} days`}
                summary={data}
                figures={REVENUE_AND_COST}
                busy={summary.isFetching}
              />
            )}
          </Answered>
        </div>
      </div>
      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search websites" />}
        actions={
          <ExportButton
            resource="economics/websites"
            list={{ query: list.query, sort: list.sort, filters: { ...range } }}
          />
        }
        footer={
          <Pagination
            page={websites.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Portfolio pages"
          />
        }
      >
        <DataTable
          label="Portfolio"
          columns={columns}
          rows={currency ? websites.data?.data : undefined}
          rowId={(row) => row.id}
          isFetching={websites.isFetching}
          error={websites.error}
          sortKeys={ECONOMICS_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
          emptyText={
            list.query
              ? 'No website matches the search.'
              : 'No websites yet: add one on the Websites screen.'
          }
        />
      </ListCard>
      <RenewalsCard currency={currency} />
    </section>
  );
}
