const WIDTH = 96;
const HEIGHT = 24;
/** Room for the line's width at the top and bottom edges. */
const PAD = 2;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The polylines' points of `values`, one per run of days with a figure (a day without one is a
 * gap): the largest value at the top, the smallest at the bottom, zero always within (at the
 * bottom unless a value is below it).
 */
export function sparklineRuns(
  values: readonly (number | null)[],
  width = WIDTH,
  height = HEIGHT,
): string[] {
  const known = values.filter((value) => value !== null);
  const top = Math.max(0, ...known);
  const bottom = Math.min(0, ...known);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) =>
    top === bottom ? height - PAD : PAD + ((top - value) / (top - bottom)) * (height - 2 * PAD);
  const runs: [x: number, y: number][][] = [];
  let run: [number, number][] | null = null;
  values.forEach((value, index) => {
    if (value === null) {
      run = null;
      return;
    }
    if (!run) {
      run = [];
      runs.push(run);
    }
    run.push([index * step, y(value)]);
  });
  return runs.map((points) => {
    const [x, at] = points[0] ?? [0, 0];
    // One day draws as a flat line across, not a dot; a lone day between gaps as a short dash.
    const drawn: [number, number][] =
      points.length > 1
        ? points
        : [
            [x, at],
            [values.length === 1 ? width : x + 1, at],
          ];
    return drawn.map(([px, py]) => `${round(px)},${round(py)}`).join(' ');
  });
}

/** The points of a series with a figure every day (views): one polyline. */
export const sparklinePoints = (values: readonly number[], width = WIDTH, height = HEIGHT) =>
  sparklineRuns(values, width, height)[0] ?? '';

/**
 * A row's figure per day as a small line, in the theme's primary colour; `label` says what it
 * shows to a screen reader, which reads no line.
 */
export function Sparkline({
  values,
  label,
}: {
  values: readonly (number | null)[];
  label: string;
}) {
  return (
    <svg
      className="text-primary d-block"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      {sparklineRuns(values).map((points) => (
        <polyline
          key={points}
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
    </svg>
  );
}
