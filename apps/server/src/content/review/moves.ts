import { reviewLinkActorName, SKIP_REASONS, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { holdsAbility } from '../../db/abilities.ts';
import { currentActor } from '../../db/audit.ts';
import { type Executor, idArray, queryRows } from '../../db/client.ts';
import { forbidden, validationError } from '../../errors.ts';
import type { ContentKind } from '../kinds.ts';
import { type ReviewAuthor, reviewVariantColumn } from './history.ts';
import { emitMoveEvents, type MovedVariant, movesSubscribed } from './review-events.ts';
import { WEBSITE_WORKFLOW } from './stages.ts';

/**
 * Moving variants through their website's workflow, set-based: one statement checks every
 * variant against the rules, moves those that may move, and writes each move's history row and
 * audit entry, however many variants a bulk names; then its outgoing events (review-events.ts).
 * Approving is a move to the last stage.
 *
 * The rules: out of a stage only by its roles and users (when it names any); back only with a
 * comment; into the last stage never by the author (creator, last editor, or who asked for the
 * generation) while the four-eyes rule is on.
 */

/** Where the variants go: a stage (of their website's workflow), or its last stage. */
export type MoveTarget = { stageId: number } | 'last';

/**
 * What becomes of a variant the caller may not move: `refuse` answers the call with the error
 * (one record, Detailed Review); `skip` leaves it, counted with its reason (a bulk over several).
 * A move back without a comment is refused either way: the request itself lacks it.
 */
export type MoveMode = 'refuse' | 'skip';

/**
 * Who moves: their user id, name, role ids, and whether the four-eyes rule is on. Through a
 * review link, the link's creator's id and roles decide what the move may do, and the history
 * and audit name the outside reviewer, marked as coming through the link.
 */
export interface Mover extends ReviewAuthor {
  roleIds: readonly number[];
  requireSecondPerson: boolean;
  reviewLink?: ReviewLinkDecision;
}

/** An outside reviewer's decision through a review link. */
export interface ReviewLinkDecision {
  id: number;
  /** The name the reviewer gave. */
  reviewerName: string;
  /** The name of the user who made the link. */
  madeBy: string;
}

/** Who a move is recorded under: the signed-in mover, or the link's outside reviewer. */
function recordedAuthor(mover: Mover): { userId: number | null; name: string; extra: object } {
  const link = mover.reviewLink;
  if (link === undefined) return { userId: mover.userId, name: mover.name, extra: {} };
  return {
    userId: null,
    name: reviewLinkActorName(link.reviewerName),
    extra: {
      review_link_id: link.id,
      reviewer_name: link.reviewerName,
      review_link_made_by: link.madeBy,
    },
  };
}

/** What one move statement did, per variant, and per record for the lists' bulks. */
export interface MoveCounts {
  moved: number;
  movedRecords: number;
  /** The records (of the moved variants) ids; asked for categories, whose own flag follows. */
  movedRecordIds: number[];
  already: number;
  otherWorkflow: number;
  notAllowedOut: number;
  needsComment: number;
  author: number;
  /** Records none of whose variants moved because a rule refused at least one. */
  refusedRecords: number;
  /** The stage of the first variant the caller may not move out of. */
  heldIn: string | null;
  /** The variants moved, for their outgoing events: none when nobody subscribed to them. */
  movedVariants: MovedVariant[];
}

/**
 * The stage the target names in each workflow that has it: every workflow's last stage, or the
 * one stage (in its own workflow only). Read once per move, not once per variant.
 */
function targetStages(target: MoveTarget): SQL {
  const lastPosition = sql`(SELECT max(o.position) FROM workflow_stages o WHERE o.workflow_id = s.workflow_id)`;
  return target === 'last'
    ? sql`SELECT DISTINCT ON (s.workflow_id) s.workflow_id, s.id, s.name, s.position,
                 TRUE AS is_last
          FROM workflow_stages s ORDER BY s.workflow_id, s.position DESC`
    : sql`SELECT s.workflow_id, s.id, s.name, s.position, s.position = ${lastPosition} AS is_last
          FROM workflow_stages s WHERE s.id = ${target.stageId}`;
}

/** Whether the mover wrote record `r`, edited it last, or asked for variant `v`'s generation. */
function authoredBy(kind: ContentKind, userId: number): SQL {
  const ofRecord = sql`a.subject_type = ${kind.kind} AND a.subject_id = r.id`;
  return sql`(v.generation_requested_by = ${userId}
      OR EXISTS (SELECT 1 FROM audit_log a
                 WHERE ${ofRecord} AND a.action = 'created' AND a.user_id = ${userId})
      OR (SELECT a.user_id FROM audit_log a WHERE ${ofRecord} AND a.action = 'updated'
          ORDER BY a.id DESC LIMIT 1) = ${userId})`;
}

/** Each variant matching `condition`, where it goes, and why it may not (NULL: it moves). */
function movePlan(
  kind: ContentKind,
  condition: SQL,
  target: MoveTarget,
  mover: Mover,
  comment: string | null,
): SQL {
  const mayMoveOut = sql`COALESCE((cardinality(f.role_ids) = 0 AND cardinality(f.user_ids) = 0)
      OR ${mover.userId}::int = ANY(f.user_ids) OR f.role_ids && ${idArray(mover.roleIds)}, FALSE)`;
  const fourEyes =
    mover.requireSecondPerson && mover.userId !== null
      ? authoredBy(kind, mover.userId)
      : sql`FALSE`;
  return sql`SELECT v.id, v.${sql.identifier(kind.owner)} AS record_id, v.website_id,
           r.${sql.identifier(kind.nameColumn)} AS record_name, ws.name AS website_name,
           f.name AS from_name, t.id AS to_id, t.name AS to_name, t.is_last,
           CASE WHEN t.id IS NULL THEN 'other_workflow'
                WHEN t.id = v.stage_id THEN 'already'
                WHEN NOT ${mayMoveOut} THEN 'not_allowed_out'
                WHEN t.position < f.position AND ${comment}::text IS NULL THEN 'needs_comment'
                WHEN t.is_last AND ${fourEyes} THEN 'author'
           END AS refusal
    FROM ${sql.identifier(kind.variants)} v
    JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
    JOIN websites ws ON ws.id = v.website_id
    JOIN workflow_stages f ON f.id = v.stage_id
    LEFT JOIN (${targetStages(target)}) t ON t.workflow_id = ${WEBSITE_WORKFLOW}
    WHERE ${condition}`;
}

/**
 * Moves the variants matching `condition` (on `v`) that may move, in one statement with their
 * history rows and audit entries, then refuses the call if `mode` says so (the caller's
 * transaction then undoes the moves). Answers the counts.
 */
export async function moveVariants(
  tx: Executor,
  kind: ContentKind,
  condition: SQL,
  target: MoveTarget,
  mover: Mover,
  options: { comment?: string; mode: MoveMode; recordIds?: boolean },
): Promise<MoveCounts> {
  const comment = options.comment || null;
  const actor = currentActor();
  const author = recordedAuthor(mover);
  const details = sql`jsonb_build_object('website', p.website_name, 'from_stage', p.from_name,
      'to_stage', p.to_name, 'comment', ${comment}::text) || ${JSON.stringify(author.extra)}::jsonb`;
  const refused = sql`p.refusal IN ('not_allowed_out', 'author')`;
  const [counts] = await queryRows<MoveCounts>(
    tx,
    sql`WITH plan AS (${movePlan(kind, condition, target, mover, comment)}),
        moved AS (
          UPDATE ${sql.identifier(kind.variants)} u
          SET stage_id = p.to_id, is_approved = p.is_last, updated_at = now()
          FROM plan p WHERE u.id = p.id AND p.refusal IS NULL
          RETURNING u.id),
        history AS (
          INSERT INTO variant_reviews (${reviewVariantColumn(kind)}, event, user_id, user_name, details)
          SELECT p.id, 'stage_changed', ${author.userId}::int, ${author.name}, ${details}
          FROM plan p JOIN moved USING (id) ORDER BY p.id
          RETURNING 1),
        audited AS (
          INSERT INTO audit_log (user_id, user_name, token_name, action, subject_type, subject_id,
                                 subject_name, details, ip_address, user_agent, request_id)
          SELECT ${author.userId}::int, ${author.name}, ${actor.tokenName}::text, 'stage_changed', ${kind.kind}, p.record_id,
                 p.record_name, jsonb_build_object('variant_id', p.id) || ${details},
                 ${actor.ipAddress}, ${actor.userAgent}, ${actor.requestId}
          FROM plan p JOIN moved USING (id) ORDER BY p.id
          RETURNING 1)
        SELECT count(*) FILTER (WHERE p.refusal IS NULL)::int AS "moved",
               count(DISTINCT p.record_id) FILTER (WHERE p.refusal IS NULL)::int AS "movedRecords",
               ${
                 options.recordIds
                   ? sql`COALESCE(array_agg(DISTINCT p.record_id) FILTER (WHERE p.refusal IS NULL), '{}')`
                   : sql`'{}'::int[]`
               } AS "movedRecordIds",
               count(*) FILTER (WHERE p.refusal = 'already')::int AS "already",
               count(*) FILTER (WHERE p.refusal = 'other_workflow')::int AS "otherWorkflow",
               count(*) FILTER (WHERE p.refusal = 'not_allowed_out')::int AS "notAllowedOut",
               count(*) FILTER (WHERE p.refusal = 'needs_comment')::int AS "needsComment",
               count(*) FILTER (WHERE p.refusal = 'author')::int AS "author",
               (SELECT count(*)::int FROM (
                  SELECT 1 FROM plan p GROUP BY p.record_id
                  HAVING bool_or(${refused}) AND bool_and(p.refusal IS NOT NULL)) held
               ) AS "refusedRecords",
               (array_agg(p.from_name ORDER BY p.id)
                  FILTER (WHERE p.refusal = 'not_allowed_out'))[1] AS "heldIn",
               CASE WHEN ${movesSubscribed} THEN
                 (SELECT COALESCE(json_agg(json_build_object('id', m.id, 'record_id', m.record_id,
                            'website_id', m.website_id, 'stage', m.to_name, 'is_last', m.is_last)
                          ORDER BY m.id), '[]')
                  FROM plan m JOIN moved USING (id))
               ELSE '[]' END AS "movedVariants"
        FROM plan p`,
  );
  const result = counts!;
  if (result.needsComment > 0) {
    throw validationError({ comment: WORKFLOW_MESSAGES.commentForBack });
  }
  if (options.mode === 'refuse' && result.notAllowedOut > 0) {
    throw forbidden(WORKFLOW_MESSAGES.notAllowedOut(result.heldIn ?? ''));
  }
  if (options.mode === 'refuse' && result.author > 0) {
    const [other] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT u.id FROM users u
          WHERE u.id IS DISTINCT FROM ${mover.userId}::int AND ${holdsAbility(sql`u.id`, [kind.reviewAbility])}
          LIMIT 1`,
    );
    throw validationError({
      stage_id: other ? WORKFLOW_MESSAGES.secondPerson : WORKFLOW_MESSAGES.noOtherApprover,
    });
  }
  await emitMoveEvents(tx, kind, result.movedVariants);
  return result;
}

/** The skips of the rules, counted in variants. */
export const refusalSkips = (counts: MoveCounts) => [
  ...(counts.author > 0 ? [{ reason: SKIP_REASONS.needsSecondPerson, count: counts.author }] : []),
  ...(counts.notAllowedOut > 0
    ? [{ reason: SKIP_REASONS.notYourStage, count: counts.notAllowedOut }]
    : []),
];

/** A move's answer counted in variants: Detailed Review, and `move_stage` anywhere. */
export const variantOutcome = (counts: MoveCounts) => ({
  changed: counts.moved,
  queued: 0,
  skipped: [
    ...(counts.already > 0 ? [{ reason: SKIP_REASONS.alreadyDone, count: counts.already }] : []),
    ...(counts.otherWorkflow > 0
      ? [{ reason: WORKFLOW_MESSAGES.otherWorkflow, count: counts.otherWorkflow }]
      : []),
    ...refusalSkips(counts),
  ],
});
