import type { TrafficInterval, TrafficPoint } from '@sitefleet/contract';
import { useMemo } from 'react';
import { ChartFigure, type ChartSeries } from '../../../components/charts/ChartFigure.tsx';
import { bucketLabel, countOf, formatCount, type Metric, metricValue } from './traffic-format.ts';

/** A chart's data: the buckets' starts (seconds) and, per metric, one line. */
export function chartSeries(
  points: readonly TrafficPoint[],
  metrics: readonly Metric[],
): ChartSeries {
  return {
    times: points.map((point) => Date.parse(point.t) / 1000),
    lines: metrics.map((metric) => ({
      label: metric.label,
      values: points.map((point) => metricValue(point, metric)),
    })),
  };
}

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

/** The series as a chart, or as a table at the reader's choice (ChartFigure). */
export function TrafficChart({ title, points, metrics, interval, busy }: TrafficChartProps) {
  const series = useMemo(() => chartSeries(points, metrics), [points, metrics]);
  const totals = metrics
    .map((metric) =>
      countOf(
        points.reduce((sum, point) => sum + metricValue(point, metric), 0),
        metric,
      ),
    )
    .join(', ');
  return (
    <ChartFigure
      title={title}
      summary={totals}
      series={series}
      testId="traffic-chart"
      busy={busy}
      table={
        <TrafficSeriesTable title={title} points={points} metrics={metrics} interval={interval} />
      }
    />
  );
}
