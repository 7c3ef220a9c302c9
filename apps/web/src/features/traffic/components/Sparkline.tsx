import { formatCount } from './traffic-format.ts';

const WIDTH = 96;
const HEIGHT = 24;
/** Room for the line's width at the top and bottom edges. */
const PAD = 2;

/** The polyline's points of `values`, the largest at the top, zero at the bottom. */
export function sparklinePoints(values: readonly number[], width = WIDTH, height = HEIGHT) {
  if (values.length === 0) return '';
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) =>
    max === 0 ? height - PAD : PAD + (1 - value / max) * (height - 2 * PAD);
  const points = values.map((value, index) => `${round(index * step)},${round(y(value))}`);
  // One day draws as a flat line across, not a dot.
  return values.length === 1
    ? `${points[0]} ${width},${round(y(values[0] ?? 0))}`
    : points.join(' ');
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A row's views per day as a small line, in the text's colour of the theme. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const peak = Math.max(0, ...values);
  return (
    <svg
      className="text-primary d-block"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${label}: ${values.length} days, at most ${formatCount(peak)} a day`}
    >
      <polyline
        points={sparklinePoints(values)}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
