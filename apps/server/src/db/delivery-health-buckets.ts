import { type SQL, sql } from 'drizzle-orm';

/**
 * What delivery health is made of, whatever keeps it: the duration buckets, the hour an attempt
 * counts in, and the SQL that adds health up or reads a percentile from it.
 */

/**
 * The lower bound of each duration bucket, in ms: an attempt counts in the last bucket whose bound
 * it reaches. A percentile is read as the upper bound of the bucket it falls in.
 */
export const DURATION_BUCKETS_MS = [
  0, 25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000,
] as const;

const thresholds = sql.raw(`ARRAY[${DURATION_BUCKETS_MS.join(',')}]::int[]`);
export const bucketNumbers = DURATION_BUCKETS_MS.map((_, index) => index + 1);

/** The 1-based bucket of a duration in ms. */
export const bucketOf = (duration: SQL) => sql`width_bucket(${duration}, ${thresholds})`;
/** The hour an attempt counts in, in UTC whatever the session's time zone. */
export const hourOf = (at: SQL) => sql`date_trunc('hour', ${at}, 'UTC')`;
export const NO_BUCKETS = `ARRAY[${DURATION_BUCKETS_MS.map(() => 0).join(',')}]::int[]`;

/** The first hour a window of the last `windowHours` hours counts. */
export const windowStart = (windowHours: number) =>
  hourOf(sql`now() - ${windowHours} * interval '1 hour'`);

/**
 * The health each attempt of `attempts` (a relation with the attempts' columns) adds: its website,
 * target, hour and counts of one.
 */
export const healthOfAttempts = (attempts: SQL) => sql`
  SELECT website_id, target, ${hourOf(sql`created_at`)} AS hour, 1 AS attempts,
         (outcome = 'delivered')::int AS delivered, (outcome = 'failed')::int AS failed,
         duration_ms::bigint AS duration_ms_sum,
         ARRAY(SELECT (n = ${bucketOf(sql`duration_ms`)})::int
               FROM generate_series(1, ${DURATION_BUCKETS_MS.length}) n ORDER BY n) AS buckets
  FROM ${attempts}`;

/** The health the attempt `attemptId` adds. */
export const attemptHealth = (attemptId: number) =>
  healthOfAttempts(sql`delivery_attempts WHERE id = ${attemptId}`);

/** Two bucket arrays combined element by element with `operator`. */
export const combinedBuckets = (left: string, operator: '+' | '-', right: string) =>
  `ARRAY(SELECT l ${operator} r FROM unnest(${left}, ${right}) WITH ORDINALITY u(l, r, n) ORDER BY n)`;

/** The counts kept beside the buckets. */
export const HEALTH_COUNTS = ['attempts', 'delivered', 'failed', 'duration_ms_sum'] as const;

/**
 * The SET list of an update that combines the kept row `kept` with the row `other` by `operator`:
 * `+` adds an attempt's health, `-` takes hours out of a window.
 */
export const combinedHealth = (kept: string, operator: '+' | '-', other: string) =>
  sql.raw(
    [
      ...HEALTH_COUNTS.map(
        (column) => `${column} = ${kept}.${column} ${operator} ${other}.${column}`,
      ),
      `buckets = ${combinedBuckets(`${kept}.buckets`, operator, `${other}.buckets`)}`,
    ].join(', '),
  );

/** The SET list of an upsert that replaces the kept health with the `EXCLUDED` row's. */
export const replacedHealth = sql.raw(
  [...HEALTH_COUNTS, 'buckets'].map((column) => `${column} = EXCLUDED.${column}`).join(', '),
);

/** The health columns of one side of a comparison, an absent row as zeros. */
export const healthSide = (alias: string) =>
  sql.raw(
    `(${HEALTH_COUNTS.map((column) => `COALESCE(${alias}.${column}, 0)`).join(', ')}, COALESCE(${alias}.buckets, ${NO_BUCKETS}))`,
  );

/** The health columns of `alias` to write, an absent row as zeros. */
export const healthValues = (alias: string) =>
  sql.raw(
    [
      ...HEALTH_COUNTS.map((column) => `COALESCE(${alias}.${column}, 0) AS ${column}`),
      `COALESCE(${alias}.buckets, ${NO_BUCKETS}) AS buckets`,
    ].join(', '),
  );

/**
 * The health summed over the grouped rows of `alias`: the counts, and the buckets as one array
 * (`summedBuckets` gives them as columns instead).
 */
export const summedHealth = (alias: string) =>
  sql.raw(
    [
      ...HEALTH_COUNTS.map((column) => `COALESCE(sum(${alias}.${column}), 0)::bigint AS ${column}`),
      `ARRAY[${bucketNumbers.map((n) => `COALESCE(sum(${alias}.buckets[${n}]), 0)::int`).join(', ')}] AS buckets`,
    ].join(', '),
  );

/**
 * The `quantile` (0–1) of the durations held in the summed bucket columns `b1`… among the
 * `total` attempts (a column): the upper bound of the bucket it falls in. Written as text once,
 * since its fifteen cases of running sums are the longest part of the statements that read it.
 */
export function durationQuantile(total: string, quantile: number): SQL {
  const cases = bucketNumbers.map((n) => {
    const upTo = bucketNumbers
      .filter((m) => m <= n)
      .map((m) => `b${m}`)
      .join(' + ');
    const bound = DURATION_BUCKETS_MS[n] ?? DURATION_BUCKETS_MS[n - 1];
    return `WHEN ${upTo} >= ceil(${total} * ${quantile}) THEN ${bound}`;
  });
  return sql.raw(`(CASE WHEN ${total} = 0 THEN NULL ${cases.join(' ')} END)`);
}

/** The sum of each bucket over the grouped rows of `alias`, as columns b1…bN. */
export const summedBuckets = (alias: string) =>
  sql.raw(
    bucketNumbers.map((n) => `COALESCE(sum(${alias}.buckets[${n}]), 0)::int AS b${n}`).join(', '),
  );

/** The buckets of one kept row `alias` as columns b1…bN, an absent row's as zeros. */
export const keptBuckets = (alias: string) =>
  sql.raw(bucketNumbers.map((n) => `COALESCE(${alias}.buckets[${n}], 0) AS b${n}`).join(', '));
