import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useTheme } from '../../../lib/theme.ts';
import type { ChartSeries } from './TrafficChart.tsx';

const HEIGHT = 260;

/** A Bootstrap colour of the page as it is now: the canvas takes colours, not CSS variables. */
const cssColor = (element: Element, name: string) =>
  getComputedStyle(element).getPropertyValue(name).trim();

/** Each line's colour; the second is dashed too, so the two tell apart without colour. */
const LINES = [
  { color: '--bs-primary', dash: undefined },
  { color: '--bs-success', dash: [6, 4] },
] as const;

function optionsFor(element: HTMLElement, series: ChartSeries, width: number): uPlot.Options {
  const text = cssColor(element, '--bs-body-color');
  const background = cssColor(element, '--bs-body-bg');
  const grid = cssColor(element, '--bs-border-color');
  const axis: uPlot.Axis = {
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  return {
    width,
    height: HEIGHT,
    // The buckets are UTC days (hours the reader's own, which UTC shows just as well).
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [axis, { ...axis, size: 60 }],
    cursor: { drag: { x: false, y: false } },
    series: [
      {},
      ...series.metrics.map((metric, index) => {
        const line = LINES[index] ?? LINES[0];
        return {
          label: metric.label,
          stroke: cssColor(element, line.color),
          width: 2,
          dash: line.dash ? [...line.dash] : undefined,
          points: { show: series.times.length < 60, fill: background },
        };
      }),
    ],
  };
}

/**
 * The uPlot chart of a series, its own chunk (TrafficChart loads it lazily): uPlot is in no other
 * screen's load. It follows the theme and its box's width.
 */
export default function UplotChart({ series }: { series: ChartSeries }) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the colours read.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [series.times, ...series.values];
    const chart = new uPlot(optionsFor(element, series, element.clientWidth), data, element);
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, theme]);

  return <div ref={box} data-testid="traffic-chart" />;
}
