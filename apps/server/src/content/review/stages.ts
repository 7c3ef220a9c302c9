import { WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import type { ContentKind } from '../kinds.ts';

/**
 * Moving variants through their website's workflow. A variant's stage is `stage_id`; its
 * `is_approved` flag is kept equal to "in the last stage", so that everything that reads the flag
 * (publishing, the lists' filters, the answers) means the last stage.
 */

/** The workflow of a website (`ws`): its own, or the default one. */
export const WEBSITE_WORKFLOW = sql`COALESCE(ws.workflow_id, (SELECT id FROM workflows WHERE is_default))`;

/** A Detailed Review row's stage, assignee and due date, as columns of a select on `v`. */
export const REVIEW_ROW_COLUMNS = sql`
  (SELECT json_build_object('id', s.id, 'name', s.name, 'colour', s.colour,
            'is_last', s.position = (SELECT max(o.position) FROM workflow_stages o
                                     WHERE o.workflow_id = s.workflow_id))
   FROM workflow_stages s WHERE s.id = v.stage_id) AS stage,
  (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = v.assignee_id)
    AS assignee,
  v.due_at`;

/**
 * The items of a list row's review columns, for a page of records at once, as rows of a related
 * union: `owner`, the list (`stages` or `assignees`), sort keys `name`, `a`, `b` (stages in their
 * workflow's order, users by name) and the JSON `item` (as row_to_json writes it), from
 * `variants`: a relation of the records' variants with their record as `owner`, their `stage_id`
 * and `assignee_id`.
 */
export function reviewItems(variants: SQL, stages: SQL, assignees: SQL): SQL {
  return sql`
    SELECT x.owner, ${stages} AS list, '' AS name, s.workflow_id AS a, s.position AS b,
           '{"id":' || s.id || ',"name":' || to_json(s.name) || ',"colour":' || to_json(s.colour) || '}'
             AS item
    FROM (SELECT DISTINCT owner, stage_id FROM ${variants}) x
    JOIN workflow_stages s ON s.id = x.stage_id
    UNION ALL
    SELECT x.owner, ${assignees}, u.name, u.id, 0, '{"id":' || u.id || ',"name":' || to_json(u.name) || '}'
    FROM (SELECT DISTINCT owner, assignee_id FROM ${variants} WHERE assignee_id IS NOT NULL) x
    JOIN users u ON u.id = x.assignee_id`;
}

/**
 * A list row's review columns, one row per record of `variants` (as for reviewItems) that has
 * any: `owner`, and `stages` and `assignees` as JSON arrays, in reviewItems' order.
 */
export function reviewColumns(variants: SQL): SQL {
  const list = (items: SQL) => sql`('[' || COALESCE(${items}, '') || ']')::json`;
  return sql`
    SELECT owner,
           ${list(sql`string_agg(item, ',') FILTER (WHERE list = 1)`)} AS stages,
           ${list(sql`string_agg(item, ',') FILTER (WHERE list = 2)`)} AS assignees
    FROM (SELECT owner, list, item FROM (${reviewItems(variants, sql`1`, sql`2`)}) items
          ORDER BY owner, name, a, b) sorted
    GROUP BY owner`;
}

export interface ReviewRowColumns {
  stage: { id: number; name: string; colour: string; is_last: boolean };
  assignee: { id: number; name: string } | null;
  due_at: Date | string | null;
}

/** A variant as a move reads it: its record, website, stage and that stage's rules. */
export interface StagedVariant {
  id: number;
  record_id: number;
  record_name: string;
  website_name: string;
  workflow_id: number;
  stage_id: number;
  stage_name: string;
  position: number;
  role_ids: number[];
  user_ids: number[];
  generation_requested_by: number | null;
}

/** The variants matching `condition` (on `v`), locked, with their stage. */
export async function stagedVariants(tx: Executor, kind: ContentKind, condition: SQL) {
  return queryRows<StagedVariant>(
    tx,
    sql`SELECT v.id, r.id AS record_id, r.${sql.identifier(kind.nameColumn)} AS record_name,
               ws.name AS website_name, ${WEBSITE_WORKFLOW} AS workflow_id,
               s.id AS stage_id, s.name AS stage_name, s.position, s.role_ids, s.user_ids,
               v.generation_requested_by
        FROM ${sql.identifier(kind.variants)} v
        JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
        JOIN websites ws ON ws.id = v.website_id
        JOIN workflow_stages s ON s.id = v.stage_id
        WHERE ${condition}
        ORDER BY v.id
        FOR UPDATE OF v`,
  );
}

export interface TargetStage {
  id: number;
  name: string;
  workflow_id: number;
  position: number;
  is_last: boolean;
}

/** A stage with whether it is its workflow's last; 422 on `stage_id` when there is none. */
export async function targetStage(tx: Executor, stageId: number): Promise<TargetStage> {
  const [stage] = await queryRows<TargetStage>(
    tx,
    sql`SELECT s.id, s.name, s.workflow_id, s.position,
               s.position = (SELECT max(o.position) FROM workflow_stages o
                             WHERE o.workflow_id = s.workflow_id) AS is_last
        FROM workflow_stages s WHERE s.id = ${stageId}`,
  );
  if (!stage) throw validationError({ stage_id: WORKFLOW_MESSAGES.unknownStage });
  return stage;
}

/** The stage at an end (`first` or `last`) of each variant's workflow, as a SQL value on `v`. */
export const endStage = (end: 'first' | 'last') =>
  sql`(SELECT s.id FROM workflow_stages s JOIN websites ws ON ws.id = v.website_id
       WHERE s.workflow_id = ${WEBSITE_WORKFLOW}
       ORDER BY s.position ${end === 'first' ? sql`ASC` : sql`DESC`} LIMIT 1)`;

/** The role ids of a user, for the stages' "who may move out" rule. */
export async function roleIdsOf(tx: Executor, userId: number) {
  const rows = await queryRows<{ role_id: number }>(
    tx,
    sql`SELECT role_id FROM user_roles WHERE user_id = ${userId}`,
  );
  return rows.map((row) => row.role_id);
}

/**
 * A website's variants follow it to another workflow: each goes to the stage at the same
 * position, or the new workflow's last stage when it has fewer.
 */
export async function changeWebsiteWorkflow(tx: Executor, websiteId: number) {
  for (const kind of ['category_variants', 'post_variants'] as const) {
    await tx.execute(
      sql`UPDATE ${sql.identifier(kind)} v
          SET stage_id = moved.id, is_approved = moved.is_last, updated_at = now()
          FROM workflow_stages old, websites ws,
               LATERAL (SELECT s.id, s.position = max(s.position) OVER () AS is_last, s.position
                        FROM workflow_stages s WHERE s.workflow_id = ${WEBSITE_WORKFLOW}) moved
          WHERE v.website_id = ${websiteId} AND ws.id = v.website_id AND old.id = v.stage_id
            AND old.workflow_id <> ${WEBSITE_WORKFLOW}
            AND moved.position = (SELECT LEAST(old.position, max(s.position))
                                  FROM workflow_stages s WHERE s.workflow_id = ${WEBSITE_WORKFLOW})`,
    );
  }
}

/** Who asked for the variants' regeneration: an author for the four-eyes rule. */
export async function noteGenerationRequester(
  tx: Executor,
  kind: ContentKind,
  variantIds: readonly number[],
  userId: number | null,
) {
  await tx.execute(
    sql`UPDATE ${sql.identifier(kind.variants)} SET generation_requested_by = ${userId}
        WHERE id = ANY(${idArray(variantIds)})`,
  );
}
