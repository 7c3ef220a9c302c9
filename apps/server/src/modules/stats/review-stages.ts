import { EXACT_COUNT_LIMIT, type ReviewStageStats } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { variantInScope } from '../../content/filters.ts';
import type { ContentKind } from '../../content/kinds.ts';
import { type Db, preparedRows } from '../../db/client.ts';
import { keptStageCounts } from '../../db/review-stage-counts.ts';

type StageCount = ReviewStageStats['data'][number];

/**
 * The dashboard's review box: every stage of every workflow with how many variants of `kind` are
 * in it (stages without any too), the default workflow first. The variants are the kept counts, a
 * few rows per stage, not a count of the variants. The records are those the list filtered by the
 * stage shows (a record with a variant there), counted as the list counts them, exactly up to
 * EXACT_COUNT_LIMIT: a walk of the stage's index that stops one past it. With `scope` (an API
 * token's websites) both count the variants on those websites only, the variants counted anew.
 */
export async function reviewStageCounts(
  db: Db,
  kind: ContentKind,
  scope: readonly number[] | null,
): Promise<StageCount[]> {
  const inScope = variantInScope(scope);
  const counts = scope
    ? sql`SELECT v.stage_id, count(*)::int AS variants
          FROM ${sql.identifier(kind.variants)} v WHERE TRUE${inScope} GROUP BY v.stage_id`
    : keptStageCounts(kind.variants);
  return preparedRows<StageCount>(
    db,
    sql`SELECT json_build_object('id', w.id, 'name', w.name, 'is_default', w.is_default) AS workflow,
               json_build_object('id', s.id, 'name', s.name, 'colour', s.colour,
                 'is_last', s.position = max(s.position) OVER (PARTITION BY s.workflow_id))
                 AS stage,
               COALESCE(c.variants, 0)::int AS variants,
               r.records
        FROM workflow_stages s
        JOIN workflows w ON w.id = s.workflow_id
        LEFT JOIN (${counts}) c ON c.stage_id = s.id
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS records
          FROM (SELECT 1 FROM ${sql.identifier(kind.variants)} v WHERE v.stage_id = s.id${inScope}
                GROUP BY v.${sql.identifier(kind.owner)} LIMIT ${EXACT_COUNT_LIMIT + 1}) found
        ) r
        ORDER BY w.is_default DESC, lower(w.name), w.id, s.position`,
  );
}
