import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * How many variants of each kind every review stage holds (`post_stage_counts`,
 * `category_stage_counts`, migration 0026), for the dashboard's count per stage: kept by
 * statement-level triggers on the variants as rows of changes, each stage's count the sum of its
 * rows; folded into one row per stage by a scheduled task, and recounted from the variants when
 * it has drifted (db/integrity.ts).
 */

/** The counts' table of each variants' table. */
export const STAGE_COUNT_TABLES = {
  post_variants: 'post_stage_counts',
  category_variants: 'category_stage_counts',
} as const;

export type VariantsTable = keyof typeof STAGE_COUNT_TABLES;

/** Each stage's kept count of `variants`, as `stage_id` and `variants` (only stages with rows). */
export const keptStageCounts = (variants: VariantsTable) =>
  sql`SELECT stage_id, sum(variants)::int AS variants
      FROM ${sql.identifier(STAGE_COUNT_TABLES[variants])} GROUP BY stage_id`;

/** Rows `(key, actual, kept)` of every stage whose kept count differs from its variants'. */
export const stageCountDifferences = (variants: VariantsTable): SQL => sql`
  SELECT stage_id AS key, COALESCE(actual.variants, 0) AS actual,
         COALESCE(kept.variants, 0) AS kept
  FROM (SELECT stage_id, count(*)::int AS variants FROM ${sql.identifier(variants)}
        GROUP BY stage_id) actual
  FULL JOIN (${keptStageCounts(variants)}) kept USING (stage_id)
  WHERE COALESCE(actual.variants, 0) <> COALESCE(kept.variants, 0)`;

/** Adds to the stages `wrong` (the differences) names what their kept counts lack. */
export const stageCountRepair = (variants: VariantsTable): SQL => sql`
  INSERT INTO ${sql.identifier(STAGE_COUNT_TABLES[variants])} (stage_id, variants)
  SELECT key, actual - kept FROM wrong`;

/**
 * Folds each counts table into one row per stage with variants. The rows are never updated, only
 * added: the rows this statement sees are deleted and summed, and those that writers add
 * meanwhile are left for the next fold.
 */
export async function foldStageCounts(db: Executor) {
  for (const table of Object.values(STAGE_COUNT_TABLES)) {
    await db.execute(
      sql`WITH gone AS (DELETE FROM ${sql.identifier(table)} RETURNING stage_id, variants)
          INSERT INTO ${sql.identifier(table)} (stage_id, variants)
          SELECT stage_id, sum(variants)::int FROM gone
          GROUP BY stage_id HAVING sum(variants) <> 0`,
    );
  }
}
