import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useTheme } from '../../lib/theme.ts';
import type { ChartSeries } from './ChartFigure.tsx';

const HEIGHT = 260;

/** A Bootstrap colour of the page as it is now: the canvas takes colours, not CSS variables. */
const cssColor = (element: Element, name: string) =>
  getComputedStyle(element).getPropertyValue(name).trim();

/** Each line's colour and dash by its place, unless it names its own: they tell apart without colour. */
const LINES = [
  { colour: '--bs-primary', dash: undefined },
  { colour: '--bs-success', dash: [6, 4] },
  { colour: '--bs-danger', dash: [2, 3] },
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
  const { format } = series;
  return {
    width,
    height: HEIGHT,
    // The buckets are UTC days (hours the reader's own, which UTC shows just as well).
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    // Zero always in view: below it only where a value is (a loss).
    scales: {
      x: { time: true },
      y: { range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, max ?? 1)] },
    },
    axes: [
      axis,
      {
        ...axis,
        size: 60,
        ...(format && { values: (_u, splits) => splits.map((value) => format(value)) }),
      },
    ],
    cursor: { drag: { x: false, y: false } },
    series: [
      {},
      ...series.lines.map((line, index) => {
        const own = LINES[index] ?? LINES[0];
        const dash = line.dash ?? own.dash;
        return {
          label: line.label,
          stroke: cssColor(element, line.colour ?? own.colour),
          width: 2,
          dash: dash ? [...dash] : undefined,
          points: { show: series.times.length < 60, fill: background },
          ...(format && { value: (_u: uPlot, value: number | null) => formatValue(value, format) }),
        };
      }),
    ],
  };
}

/** The legend's value at the cursor: a day without a figure says so, never 0. */
const formatValue = (value: number | null, format: (value: number) => string) =>
  value === null ? '—' : format(value);

/**
 * The uPlot chart of a series, its own chunk (ChartFigure loads it lazily): uPlot is in no other
 * screen's load. It follows the theme and its box's width; a day without a figure is a gap.
 */
export default function UplotChart({ series, testId }: { series: ChartSeries; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the colours read.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data = [series.times, ...series.lines.map((line) => line.values)] as uPlot.AlignedData;
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

  return <div ref={box} data-testid={testId} />;
}
