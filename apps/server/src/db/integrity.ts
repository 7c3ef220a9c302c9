import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';
import { healthDifferences, healthRepair } from './delivery-health.ts';
import { keptWindowDifferences, keptWindowRepair } from './delivery-health-window.ts';
import { stageCountDifferences, stageCountRepair } from './review-stage-counts.ts';
import { POST_BLOCK_SIZE, POST_RANGE_SIZE } from './schema.ts';

/**
 * What a list reads from derived state that triggers keep, and how to tell when it has drifted.
 * Triggers do not fire for every way rows arrive: a load with `session_replication_role =
 * replica`, a restore that disables them, or an ALTER TABLE … DISABLE TRIGGER leave the derived
 * rows behind. Checking is one read under one snapshot; repairing locks the source table against
 * writers first, so no insert can slip between the recount and its write.
 */
interface DerivedState {
  /** The derived table, as reported. */
  name: string;
  /** The table whose rows it is derived from, locked while it is repaired. */
  source: string;
  /** Rows `(key, actual, kept, …)` for every key whose kept value differs from the source's. */
  differences: SQL;
  /** Sets the kept value of `wrong` (the differences, as a CTE) to the actual one. */
  repair: SQL;
}

/**
 * A table of posts counted per id span (`post_ranges`, `post_range_blocks`): its key column
 * `spanStart`, and the span each row of `source` (its ids in `id`, counted `weight` times) falls
 * in, `span` ids wide.
 */
function postCounts(
  name: string,
  spanStart: string,
  counted: { source: string; id: string; weight: string; span: number },
): DerivedState {
  const key = sql.raw(spanStart);
  const { source, id, weight, span } = counted;
  return {
    name,
    source,
    differences: sql`
      SELECT ${key} AS key, COALESCE(actual.posts, 0) AS actual, COALESCE(kept.posts, 0) AS kept
      FROM (SELECT ${sql.raw(`${id} - ${id} % ${span}`)} AS ${key},
                   ${sql.raw(weight)}::int AS posts
            FROM ${sql.raw(source)} GROUP BY 1) actual
      FULL JOIN ${sql.raw(name)} kept USING (${key})
      WHERE COALESCE(actual.posts, 0) <> COALESCE(kept.posts, 0)`,
    repair: sql`
      INSERT INTO ${sql.raw(name)} (${key}, posts) SELECT key, actual FROM wrong
      ON CONFLICT (${key}) DO UPDATE SET posts = EXCLUDED.posts`,
  };
}

const DERIVED_STATES: DerivedState[] = [
  postCounts('post_ranges', 'range_start', {
    source: 'posts',
    id: 'id',
    weight: 'count(*)',
    span: POST_RANGE_SIZE,
  }),
  // After the ranges it sums (whose repair its triggers follow).
  postCounts('post_range_blocks', 'block_start', {
    source: 'post_ranges',
    id: 'range_start',
    weight: 'sum(posts)',
    span: POST_BLOCK_SIZE,
  }),
  {
    name: 'delivery_health_hours',
    source: 'delivery_attempts',
    differences: healthDifferences,
    repair: healthRepair,
  },
  {
    // After the hours it sums: a repair of the hours is then in the sums it checks.
    name: 'delivery_health_windows',
    source: 'delivery_health_hours',
    differences: keptWindowDifferences,
    repair: keptWindowRepair,
  },
  {
    name: 'post_stage_counts',
    source: 'post_variants',
    differences: stageCountDifferences('post_variants'),
    repair: stageCountRepair('post_variants'),
  },
  {
    name: 'category_stage_counts',
    source: 'category_variants',
    differences: stageCountDifferences('category_variants'),
    repair: stageCountRepair('category_variants'),
  },
];

/** One derived table's drift: how many of its rows differed, and the totals on both sides. */
export interface Drift {
  name: string;
  wrongRows: number;
  /** The sum of the kept values and of the actual ones over the rows that differ. */
  kept: number;
  actual: number;
}

interface Difference {
  /** The derived row: a number, or the parts of a composite key joined by colons. */
  key: number | string;
  actual: number;
  kept: number;
}

function driftOf(state: DerivedState, rows: readonly Difference[]): Drift | undefined {
  if (rows.length === 0) return undefined;
  const sum = (pick: (row: Difference) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    name: state.name,
    wrongRows: rows.length,
    kept: sum((row) => row.kept),
    actual: sum((row) => row.actual),
  };
}

/** The derived state that differs from its source now; an empty list when all is consistent. */
export async function checkDerivedState(db: Db): Promise<Drift[]> {
  const drifts: Drift[] = [];
  for (const state of DERIVED_STATES) {
    const drift = driftOf(state, await queryRows<Difference>(db, state.differences));
    if (drift) drifts.push(drift);
  }
  return drifts;
}

async function repairState(db: Db, state: DerivedState): Promise<Drift | undefined> {
  return db.transaction(async (tx) => {
    // Blocks inserts, updates and deletes of the source (and a second repair) until commit, but
    // not its readers: the recount below then sees every committed row and no writer behind it.
    await tx.execute(sql.raw(`LOCK TABLE ${state.source} IN SHARE ROW EXCLUSIVE MODE`));
    const { rows } = (await tx.execute(
      sql`WITH wrong AS (${state.differences}), fixed AS (${state.repair} RETURNING 1)
          SELECT key, actual, kept FROM wrong, (SELECT count(*) FROM fixed) done`,
    )) as unknown as { rows: Difference[] };
    return driftOf(state, rows);
  });
}

/**
 * Checks every derived table and repairs those that drifted, in their order (a table derived from
 * another is checked once that one is right); answers what it found (and so repaired). A check
 * runs without locks; only a drifted table's source is locked, briefly.
 */
export async function repairDerivedState(db: Db): Promise<Drift[]> {
  const repaired: Drift[] = [];
  for (const state of DERIVED_STATES) {
    if (!driftOf(state, await queryRows<Difference>(db, state.differences))) continue;
    const found = await repairState(db, state);
    if (found) repaired.push(found);
  }
  return repaired;
}

/** A line per drift, for logs and the CLI. */
export function describeDrift(drift: Drift): string {
  return `${drift.name}: ${drift.wrongRows} row(s) differed (kept ${drift.kept}, actual ${drift.actual})`;
}
