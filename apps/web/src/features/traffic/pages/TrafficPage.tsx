import {
  TRAFFIC_MESSAGES,
  TRAFFIC_SOURCE_LABELS,
  TRAFFIC_WEBSITE_ORDER_KEYS,
} from '@sitefleet/contract';
import { useCallback, useMemo } from 'react';
import { Answered } from '../../../components/Answered.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Page } from '../../../components/Page.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import { useKeepPageInRange, useListParams } from '../../../lib/use-list-params.ts';
import { useTraffic } from '../api/traffic.ts';
import { useTrafficWebsites } from '../api/traffic-websites.ts';
import { TopPanels } from '../components/TopPanels.tsx';
import { TrafficChart } from '../components/TrafficChart.tsx';
import { TrafficFilters } from '../components/TrafficFilters.tsx';
import { metricsOf } from '../components/traffic-format.ts';
import { intervalFor } from '../components/traffic-period.ts';
import { trafficWebsiteColumns } from '../components/traffic-website-columns.tsx';
import { useTrafficFilters } from '../components/use-traffic-filters.ts';

/**
 * The fleet's traffic, or one website's: its series as a chart (or a table), every website's
 * views, visitors, change and sparkline over the period, the top pages and referrers.
 */
export function TrafficPage() {
  const [filters, changeFilters] = useTrafficFilters();
  const { source, websiteId } = filters;
  // A custom range still being typed asks nothing: what was shown stays.
  const range = filters.range ?? {};
  const ready = filters.range !== null;
  const interval = filters.range ? intervalFor(filters.range, source === 'beacon') : 'day';
  const metrics = useMemo(() => metricsOf(source), [source]);
  const traffic = useTraffic({ ...range, source, interval, website_id: websiteId }, ready);
  const websiteOptions = useWebsiteOptions();
  const nameOf = useCallback(
    (id: number) => websiteOptions.data?.find((website) => website.id === id)?.name,
    [websiteOptions.data],
  );
  const websiteName = websiteId === undefined ? 'every website' : (nameOf(websiteId) ?? '');

  const list = useListParams();
  const websites = useTrafficWebsites(
    {
      list: { page: list.page, perPage: list.perPage, query: list.query, sort: list.sort },
      ...range,
      source,
    },
    ready,
  );
  useKeepPageInRange(websites.data, list.setPage);
  const columns = useMemo(
    () => trafficWebsiteColumns((row) => changeFilters({ websiteId: row.id })),
    [changeFilters],
  );

  const [first, second] = metrics;
  const title = `${first.label} and ${second.label.toLowerCase()} per ${interval}`;
  return (
    <Page title="Traffic">
      <TrafficFilters filters={filters} onChange={changeFilters} />
      <div className="card mb-4">
        <div className="card-header">
          <h2 className="card-title h5 mb-0">
            {TRAFFIC_SOURCE_LABELS[source]}: {websiteName}
          </h2>
        </div>
        <div className="card-body">
          <Answered answer={traffic} ready={ready}>
            {(data) => (
              <TrafficChart
                title={title}
                points={data.series}
                metrics={metrics}
                interval={interval}
                busy={traffic.isFetching}
              />
            )}
          </Answered>
        </div>
      </div>

      <ListCard
        search={<SearchBox value={list.query} onSearch={list.setQuery} label="Search websites" />}
        footer={
          <Pagination
            page={websites.data}
            onPageChange={list.setPage}
            perPage={list.perPage}
            onPerPageChange={list.setPerPage}
            label="Websites pages"
          />
        }
      >
        <DataTable
          label="Traffic per website"
          columns={columns}
          rows={websites.data?.data}
          rowId={(row) => row.id}
          isFetching={websites.isFetching}
          error={websites.error}
          sortKeys={TRAFFIC_WEBSITE_ORDER_KEYS}
          sort={list.sort}
          onSortChange={list.setSort}
          emptyText={TRAFFIC_MESSAGES.empty}
        />
      </ListCard>

      {traffic.data && (
        <TopPanels
          traffic={traffic.data}
          websiteName={websiteId === undefined ? nameOf : undefined}
        />
      )}
    </Page>
  );
}
