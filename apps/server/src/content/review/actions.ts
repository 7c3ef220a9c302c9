import {
  ACTION_MESSAGES,
  type ActionAnswer,
  hasAbility,
  REVIEW_SECOND_PERSON_SETTING,
  type ReviewAction,
  SKIP_REASONS,
  WORKFLOW_MESSAGES,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordBulkAction } from '../../db/audit.ts';
import { type Db, type Executor, idArray, queryRows } from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { forbidden, validationError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { notifyUsers } from '../../notifications/personal.ts';
import type { ContentKind } from '../kinds.ts';
import { recordReview } from './history.ts';
import { type MoveMode, type Mover, moveVariants, variantOutcome } from './moves.ts';
import { roleIdsOf, type StagedVariant, stagedVariants, targetStage } from './stages.ts';

/**
 * The review actions of Detailed Review and of the lists' bulk menus: `move_stage` and `assign`,
 * on variants, each one audit entry per variant plus the call's bulk entry.
 */

export interface ReviewActionBody {
  action: ReviewAction;
  stage_id?: number;
  comment?: string;
  user_id?: number | null;
  due_at?: string | null;
}

type Outcome = Omit<ActionAnswer, 'message'>;

/** The signed-in user who acts. */
export interface ReviewCaller {
  userId: number;
  name: string;
  abilities: readonly string[];
}

/** The review ability of a kind: `move_stage` and `assign` need it, whatever the endpoint. */
export const reviewAbility = (kind: ContentKind) => kind.reviewAbility;

/** Refuses a caller without the kind's review ability. */
export function assertMayReview(caller: ReviewCaller, kind: ContentKind) {
  if (!hasAbility(caller.abilities, reviewAbility(kind))) throw forbidden();
}

/**
 * Whether the four-eyes rule is on: only when the setting says so. It is opt-in, since with it an
 * install's only administrator could no longer approve or publish what they wrote.
 */
export async function requiresSecondPerson(db: Executor) {
  const [row] = await queryRows<{ value: string | null }>(
    db,
    sql`SELECT value FROM settings WHERE full_path = ${REVIEW_SECOND_PERSON_SETTING}`,
  );
  return ['true', '1'].includes((row?.value ?? 'false').toLowerCase());
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function assign(
  tx: Tx,
  queue: JobQueue,
  kind: ContentKind,
  variants: readonly StagedVariant[],
  caller: ReviewCaller,
  body: ReviewActionBody,
): Promise<Outcome> {
  const userId = body.user_id ?? null;
  let assignee: { id: number; name: string } | undefined;
  if (userId !== null) {
    [assignee] = await queryRows<{ id: number; name: string }>(
      tx,
      sql`SELECT id, name FROM users WHERE id = ${userId}`,
    );
    if (!assignee) throw validationError({ user_id: WORKFLOW_MESSAGES.unknownUser });
  }
  const dueAt = userId === null ? null : (body.due_at ?? null);
  const changed = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.variants)} SET assignee_id = ${userId},
               due_at = ${dueAt}::timestamptz, updated_at = now()
        WHERE id = ANY(${idArray(variants.map((variant) => variant.id))})
          AND (assignee_id IS DISTINCT FROM ${userId}
               OR due_at IS DISTINCT FROM ${dueAt}::timestamptz)
        RETURNING id`,
  );
  const changedIds = new Set(changed.map((row) => row.id));
  const author = { userId: caller.userId, name: caller.name };
  for (const variant of variants.filter((one) => changedIds.has(one.id))) {
    await recordReview(
      tx,
      kind,
      { id: variant.id, recordId: variant.record_id, recordName: variant.record_name },
      'assigned',
      author,
      { website: variant.website_name, assignee: assignee?.name ?? null, due_at: dueAt },
    );
  }
  if (assignee && changedIds.size > 0 && assignee.id !== caller.userId) {
    const first = variants.find((variant) => changedIds.has(variant.id))!;
    await notifyUsers(tx, queue, [assignee.id], {
      kind: 'assigned',
      subject: `${kind.kind}:${first.record_id}`,
      title: `${caller.name} assigned you ${changedIds.size === 1 ? `"${first.record_name}"` : `${changedIds.size} variants`} to review`,
      body: `${first.record_name} on ${first.website_name}${dueAt ? `, due ${dueAt}` : ''}`,
      link: null,
    });
  }
  const already = variants.length - changedIds.size;
  return {
    changed: changedIds.size,
    queued: 0,
    skipped: already > 0 ? [{ reason: SKIP_REASONS.alreadyDone, count: already }] : [],
  };
}

/** The caller as a mover: their roles, and whether the four-eyes rule is on. */
export async function moverOf(tx: Executor, caller: ReviewCaller): Promise<Mover> {
  return {
    userId: caller.userId,
    name: caller.name,
    roleIds: await roleIdsOf(tx, caller.userId),
    requireSecondPerson: await requiresSecondPerson(tx),
  };
}

/**
 * Runs a review action on the variants matching `condition` (on `v`) in one transaction, the
 * caller holding the kind's review ability. `target` is what the call's bulk entry names; `mode`
 * what becomes of a variant the caller may not move (see MoveMode).
 */
export async function runReviewAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  caller: ReviewCaller,
  condition: SQL,
  body: ReviewActionBody,
  target: readonly number[] | { filter: Readonly<Record<string, unknown>> },
  mode: MoveMode,
): Promise<Outcome> {
  assertMayReview(caller, kind);
  return db.transaction(async (tx) => {
    let outcome: Outcome;
    let count: number;
    if (body.action === 'assign') {
      const variants = await stagedVariants(tx, kind, condition);
      outcome = await assign(tx, queue, kind, variants, caller, body);
      count = variants.length;
    } else {
      const stage = await targetStage(tx, body.stage_id!);
      const counts = await moveVariants(
        tx,
        kind,
        condition,
        { stageId: stage.id },
        await moverOf(tx, caller),
        { comment: body.comment, mode },
      );
      outcome = variantOutcome(counts);
      count = outcome.changed + outcome.skipped.reduce((sum, skip) => sum + skip.count, 0);
    }
    // One variant's move or assignment is its own entry (stage_changed, assigned): a summary of
    // it would log the one change a second time, as a bulk action.
    if (count > 1 || !Array.isArray(target)) {
      const named = Array.isArray(target) ? target : { ...target, count };
      await recordBulkAction(tx, kind.kind, body.action, named, {
        of: 'variants',
        changed: outcome.changed,
        skipped: outcome.skipped,
      });
    }
    return outcome;
  });
}

/** Detailed Review: the selected variants, which must all exist. */
export async function reviewDetailVariants(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  caller: ReviewCaller,
  ids: readonly number[],
  body: ReviewActionBody,
) {
  const unique = [...new Set(ids)];
  await assertIdsExist(db, kind.variants, unique);
  return {
    message: ACTION_MESSAGES.detailsUpdated,
    ...(await runReviewAction(
      db,
      queue,
      kind,
      caller,
      sql`v.id = ANY(${idArray(unique)})`,
      body,
      unique,
      'refuse',
    )),
  };
}

/**
 * A list's bulk menu: the variants of the selected records (`records`, a subquery of their ids),
 * or only those on `websiteIds`.
 */
export function variantsOfRecords(
  kind: ContentKind,
  records: SQL,
  websiteIds: readonly number[] | undefined,
) {
  const owners = sql`v.${sql.identifier(kind.owner)} IN (${records})`;
  return websiteIds ? sql`${owners} AND v.website_id = ANY(${idArray(websiteIds)})` : owners;
}
