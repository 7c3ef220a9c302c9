import type { TrafficInterval, TrafficPoint } from '@sitefleet/contract';
import { lazy, Suspense, useId, useMemo } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { createPersistedChoice, usePersistedChoice } from '../../../lib/persisted-choice.ts';
import { bucketLabel, countOf, formatCount, type Metric, metricValue } from './traffic-format.ts';

/** A chart's data: the buckets' starts (seconds) and, per metric, one value per bucket. */
export interface ChartSeries {
  times: number[];
  metrics: readonly Metric[];
  values: number[][];
}

export function chartSeries(points: readonly TrafficPoint[], metrics: readonly Metric[]) {
  return {
    times: points.map((point) => Date.parse(point.t) / 1000),
    metrics,
    values: metrics.map((metric) => points.map((point) => metricValue(point, metric))),
  };
}

const UplotChart = lazy(() => import('./UplotChart.tsx'));

/** Chart or table: a reader who asked for the table (a screen reader's) keeps getting it. */
export const chartView = createPersistedChoice<'chart' | 'table'>(
  'sitefleet.traffic-view',
  ['chart', 'table'],
  'chart',
);

interface TrafficChartProps {
  /** The chart's name: 'Views and visitors per day'. */
  title: string;
  points: readonly TrafficPoint[];
  metrics: readonly Metric[];
  interval: TrafficInterval;
  /** A newer answer is on its way: the chart shown is the one before. */
  busy?: boolean;
}

/** The same numbers as the chart, one row per bucket, with their totals. */
export function TrafficSeriesTable({
  title,
  points,
  metrics,
  interval,
}: Omit<TrafficChartProps, 'busy'>) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped small mb-0" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{interval === 'hour' ? 'Hour' : 'Date'}</th>
            {metrics.map((metric) => (
              <th key={metric.key} scope="col" className="text-end">
                {metric.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.t}>
              <td className="text-nowrap">{bucketLabel(point, interval)}</td>
              {metrics.map((metric) => (
                <td key={metric.key} className="text-end">
                  {formatCount(metricValue(point, metric))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A time series as a chart (uPlot, loaded when first shown) or, at the reader's choice, as a
 * table of the same numbers: the table is what a screen reader or a keyboard reads.
 */
export function TrafficChart({ title, points, metrics, interval, busy }: TrafficChartProps) {
  const asTable = usePersistedChoice(chartView) === 'table';
  const captionId = useId();
  const series = useMemo(() => chartSeries(points, metrics), [points, metrics]);
  const totals = metrics
    .map((metric, index) => {
      const total = (series.values[index] ?? []).reduce((sum, value) => sum + value, 0);
      return countOf(total, metric);
    })
    .join(', ');

  return (
    <figure className="mb-0" aria-labelledby={captionId} aria-busy={busy}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <figcaption id={captionId} className="small text-body-secondary">
          {title}: {totals}
        </figcaption>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-pressed={asTable}
          onClick={() => chartView.set(asTable ? 'chart' : 'table')}
        >
          <i className={`bi ${asTable ? 'bi-graph-up' : 'bi-table'} me-1`} aria-hidden="true" />
          Show as table
        </button>
      </div>
      {asTable ? (
        <TrafficSeriesTable title={title} points={points} metrics={metrics} interval={interval} />
      ) : (
        // The canvas says nothing to a screen reader: its caption and the table do.
        <div role="img" aria-label={`${title}: ${totals}`} style={{ minHeight: '260px' }}>
          <Suspense fallback={<LoadingSpinner small label="Loading the chart..." />}>
            <UplotChart series={series} />
          </Suspense>
        </div>
      )}
    </figure>
  );
}
