import { SKIP_REASONS, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, idArray, queryRows } from '../../db/client.ts';
import { forbidden, validationError } from '../../errors.ts';
import type { ContentKind } from './kinds.ts';
import { type ReviewAuthor, recordReview } from './review-history.ts';

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

/**
 * Puts the variants matching `condition` (on `v`) in the first or last stage of their workflow,
 * the approval flag following; answers the ids of those that moved.
 */
export async function moveToEnd(
  tx: Executor,
  kind: ContentKind,
  condition: SQL,
  end: 'first' | 'last',
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.variants)} v
        SET stage_id = ${endStage(end)}, is_approved = ${end === 'last'}, updated_at = now()
        WHERE ${condition} AND v.stage_id IS DISTINCT FROM ${endStage(end)}
        RETURNING v.id`,
  );
  return rows.map((row) => row.id);
}

/** Who moves: their user id, name, role ids, and whether the four-eyes rule is on. */
export interface Mover extends ReviewAuthor {
  roleIds: readonly number[];
  requireSecondPerson: boolean;
  /** A review link's id, when an outside reviewer decides through it. */
  reviewLinkId?: number;
}

/** The role ids of a user, for the stages' "who may move out" rule. */
export async function roleIdsOf(tx: Executor, userId: number) {
  const rows = await queryRows<{ role_id: number }>(
    tx,
    sql`SELECT role_id FROM user_roles WHERE user_id = ${userId}`,
  );
  return rows.map((row) => row.role_id);
}

/**
 * Whether the user created the record, edited it last (both from its audit entries) or asked for
 * the variant's generation.
 */
async function isAuthor(tx: Executor, kind: ContentKind, variant: StagedVariant, userId: number) {
  if (variant.generation_requested_by === userId) return true;
  const [row] = await queryRows<{ author: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM audit_log WHERE subject_type = ${kind.kind}
                         AND subject_id = ${variant.record_id} AND action = 'created'
                         AND user_id = ${userId})
            OR (SELECT user_id FROM audit_log WHERE subject_type = ${kind.kind}
                  AND subject_id = ${variant.record_id} AND action = 'updated'
                ORDER BY id DESC LIMIT 1) = ${userId} AS author`,
  );
  return row?.author === true;
}

const mayMoveOut = (variant: StagedVariant, mover: Mover) =>
  (variant.role_ids.length === 0 && variant.user_ids.length === 0) ||
  (mover.userId !== null && variant.user_ids.includes(mover.userId)) ||
  variant.role_ids.some((id) => mover.roleIds.includes(id));

export interface MoveOutcome {
  changed: number;
  skipped: { reason: string; count: number }[];
}

/**
 * Moves variants to a stage of their workflow, each checked first so that nothing is written
 * unless every move is allowed: out of a stage only by its roles and users (403), back only with
 * a comment, into the last stage never by the author while the four-eyes rule is on (422).
 * Variants already there, or whose website uses another workflow, are skipped.
 */
export async function moveVariants(
  tx: Db,
  kind: ContentKind,
  variants: readonly StagedVariant[],
  stage: TargetStage,
  mover: Mover,
  comment: string | undefined,
): Promise<MoveOutcome> {
  const moving = variants.filter(
    (variant) => variant.workflow_id === stage.workflow_id && variant.stage_id !== stage.id,
  );
  for (const variant of moving) {
    if (!mayMoveOut(variant, mover)) {
      throw forbidden(WORKFLOW_MESSAGES.notAllowedOut(variant.stage_name));
    }
    if (stage.position < variant.position && !comment) {
      throw validationError({ comment: WORKFLOW_MESSAGES.commentForBack });
    }
    if (
      stage.is_last &&
      mover.requireSecondPerson &&
      mover.userId !== null &&
      (await isAuthor(tx, kind, variant, mover.userId))
    ) {
      throw validationError({ stage_id: WORKFLOW_MESSAGES.secondPerson });
    }
  }
  for (const variant of moving) {
    await tx.execute(
      sql`UPDATE ${sql.identifier(kind.variants)}
          SET stage_id = ${stage.id}, is_approved = ${stage.is_last}, updated_at = now()
          WHERE id = ${variant.id}`,
    );
    await recordReview(
      tx,
      kind,
      { id: variant.id, recordId: variant.record_id, recordName: variant.record_name },
      'stage_changed',
      mover,
      {
        website: variant.website_name,
        from_stage: variant.stage_name,
        to_stage: stage.name,
        comment: comment || null,
        ...(mover.reviewLinkId === undefined ? {} : { review_link_id: mover.reviewLinkId }),
      },
    );
  }
  const otherWorkflow = variants.filter((variant) => variant.workflow_id !== stage.workflow_id);
  const already = variants.length - moving.length - otherWorkflow.length;
  return {
    changed: moving.length,
    skipped: [
      ...(already > 0 ? [{ reason: SKIP_REASONS.alreadyDone, count: already }] : []),
      ...(otherWorkflow.length > 0
        ? [{ reason: WORKFLOW_MESSAGES.otherWorkflow, count: otherWorkflow.length }]
        : []),
    ],
  };
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
