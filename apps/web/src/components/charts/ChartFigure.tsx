import { type ReactNode, useEffect, useId } from 'react';
import { loadedApart } from '../../lib/loaded-apart.tsx';
import { createPersistedChoice, usePersistedChoice } from '../../lib/persisted-choice.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

/** One line of a chart: its name and one value per bucket (null: no figure, drawn as a gap). */
export interface ChartLine {
  label: string;
  values: readonly (number | null)[];
  /** A Bootstrap colour variable ('--bs-danger') and a dash, else its place's (UplotChart). */
  colour?: string;
  dash?: readonly number[];
}

/** A chart's data: the buckets' starts (seconds), its lines, how its values read (axis, legend). */
export interface ChartSeries {
  times: readonly number[];
  lines: readonly ChartLine[];
  format?: (value: number) => string;
}

/** uPlot and its wrapper, loaded with the first chart. */
const UplotChart = loadedApart(
  () => import('./UplotChart.tsx').then((module) => module.default),
  <LoadingSpinner small label="Loading the chart..." />,
);

/** Chart or table: a reader who asked for the table (a screen reader's) keeps getting it. */
export const chartView = createPersistedChoice<'chart' | 'table'>(
  'sitefleet.chart-view',
  ['chart', 'table'],
  'chart',
);

/**
 * Starts loading the chart's code (uPlot) before its data is there, so that both arrive together;
 * nothing for a reader who reads the table.
 */
export function usePreloadedChart() {
  const asChart = usePersistedChoice(chartView) === 'chart';
  useEffect(() => {
    if (asChart) void UplotChart.preload();
  }, [asChart]);
}

interface ChartFigureProps {
  /** The chart's name: 'Views and visitors per day'. */
  title: string;
  /** Its figures in words, after the title: '1,234 views, 320 visitors'. */
  summary: string;
  series: ChartSeries;
  /** The same numbers as a table, shown instead of the chart at the reader's choice. */
  table: ReactNode;
  /** The chart's box, as the browser tests find it. */
  testId: string;
  /** A newer answer is on its way: the chart shown is the one before. */
  busy?: boolean;
}

/**
 * A time series as a chart (uPlot, loaded when first shown) or, at the reader's choice, as a
 * table of the same numbers: the table is what a screen reader or a keyboard reads.
 */
export function ChartFigure({ title, summary, series, table, testId, busy }: ChartFigureProps) {
  const asTable = usePersistedChoice(chartView) === 'table';
  const captionId = useId();
  return (
    <figure className="mb-0" aria-labelledby={captionId} aria-busy={busy}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <figcaption id={captionId} className="small text-body-secondary">
          {title}: {summary}
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
        table
      ) : (
        // The canvas says nothing to a screen reader: its caption and the table do.
        <div role="img" aria-label={`${title}: ${summary}`} style={{ minHeight: '260px' }}>
          <UplotChart series={series} testId={testId} />
        </div>
      )}
    </figure>
  );
}
