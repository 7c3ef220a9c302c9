import {
  type ActionAnswer,
  BULK_PUBLISH_TARGETS,
  type CategoryAction,
  DETAIL_POST_TARGETS,
  type DetailAction,
  type PostAction,
  PUBLISH_TARGETS,
  type PublishTarget,
  SKIP_REASONS,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit, recordBulkAction } from '../db/audit.ts';
import { type Db, type Executor, idArray, queryRows } from '../db/client.ts';
import { assertIdsExist } from '../db/ids.ts';
import { notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { variantInScope } from './filters.ts';
import type { ContentKind } from './kinds.ts';
import { PUBLISH_ANY, PUBLISH_APPROVED, queueJobs, REGENERATE, WEB_SYNC } from './publish/queue.ts';
import type { ReviewCaller } from './review/actions.ts';
import { approveRecords, approveVariants, settleCategoryFlag } from './review/approve.ts';
import type { MoveMode } from './review/moves.ts';
import { noteGenerationRequester } from './review/stages.ts';

/**
 * The bulk actions of the Categories and Posts lists and the actions of Detailed Review, each a
 * few set-based statements in one transaction, whatever the number of rows. Publishing actions
 * only queue jobs: the pipeline carries them out.
 */

/** Sync (GET /api/{categories,posts}/sync/{id}): the record and all its variants are marked synced. */
export function syncRecord(db: Db, kind: ContentKind, id: number) {
  return db.transaction(async (tx) => {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM ${sql.identifier(kind.records)} WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    const changed = await markRecordsSynced(tx, kind, selectedIds([id]));
    await recordAudit(tx, {
      action: 'updated',
      subjectType: kind.kind,
      subjectId: id,
      details: { action: 'synced', changed },
    });
  });
}
type Outcome = Omit<ActionAnswer, 'message'>;

/** Marks the variants matching `variantCondition` synced; answers the owners it changed. */
async function setVariantsSynced(
  tx: Executor,
  kind: ContentKind,
  variantCondition: SQL,
  countColumn: 'id' | 'owner',
): Promise<number[]> {
  const returned = countColumn === 'id' ? sql`v.id` : sql`v.${sql.identifier(kind.owner)}`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.variants)} v SET synced = true, updated_at = now()
        WHERE ${variantCondition} AND NOT v.synced
        RETURNING ${returned} AS id`,
  );
  return [...new Set(rows.map((row) => row.id))];
}

/** changed + skipped for an action that either changes a row or finds it already so. */
function flagOutcome(total: number, changed: number): Outcome {
  const already = total - changed;
  return {
    changed,
    queued: 0,
    skipped: already > 0 ? [{ reason: SKIP_REASONS.alreadyDone, count: already }] : [],
  };
}

async function setRecordColumn(
  tx: Executor,
  kind: ContentKind,
  column: 'status' | 'auto_google_sync',
  value: number,
  selected: SQL,
) {
  const name = sql.identifier(column);
  const [row] = await queryRows<{ changed: number }>(
    tx,
    sql`WITH changed AS (
          UPDATE ${sql.identifier(kind.records)} SET ${name} = ${value}, updated_at = now()
          WHERE id IN (${selected}) AND ${name} <> ${value} RETURNING 1)
        SELECT count(*)::int AS changed FROM changed`,
  );
  return row?.changed ?? 0;
}

/** Marks records (and all their variants) synced. */
async function markRecordsSynced(tx: Executor, kind: ContentKind, selected: SQL) {
  const owners = sql`v.${sql.identifier(kind.owner)} IN (${selected})`;
  const changed = new Set(await setVariantsSynced(tx, kind, owners, 'owner'));
  if (kind.kind === 'category') {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE categories SET synced = 1, updated_at = now()
          WHERE id IN (${selected}) AND synced <> 1 RETURNING id`,
    );
    for (const row of rows) changed.add(row.id);
  }
  return changed.size;
}

/** The records a bulk action runs on: the selected ids, or every record a list's filter finds. */
export type BulkSelection =
  | { ids: readonly number[] }
  | { matching: SQL; filter: Readonly<Record<string, unknown>> };

/** A subquery of the selected ids. */
const selectedIds = (ids: readonly number[]) => sql`SELECT unnest(${idArray(ids)})`;

/**
 * The selection as a subquery of record ids, and how many records it holds. Selected ids must all
 * exist.
 */
export async function resolveSelection(tx: Executor, kind: ContentKind, selection: BulkSelection) {
  if ('ids' in selection) {
    const unique = [...new Set(selection.ids)];
    await assertIdsExist(tx, kind.records, unique);
    return { selected: selectedIds(unique), total: unique.length };
  }
  const [row] = await queryRows<{ total: number }>(
    tx,
    sql`SELECT count(*)::int AS total FROM (${selection.matching}) matching`,
  );
  return { selected: selection.matching, total: row?.total ?? 0 };
}

/**
 * Runs a bulk action of the Categories or Posts list on the selected records (their ids, or every
 * record the list's filter finds), set-based in one transaction: flags change on the records and
 * their variants; publishing actions queue jobs in the same transaction, so nothing is half done.
 * With `scope` (an API token's websites) the variants are those on its websites only.
 */
export function runBulkAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  selection: BulkSelection,
  action: CategoryAction | PostAction,
  caller: ReviewCaller,
  scope: readonly number[] | null,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const { selected, total } = await resolveSelection(tx, kind, selection);
    const approving = { caller, mode: bulkMoveMode(selection), inScope: variantInScope(scope) };
    const outcome = await bulkOutcome(tx, queue, kind, selected, total, action, approving);
    const target =
      'ids' in selection ? [...new Set(selection.ids)] : { filter: selection.filter, count: total };
    await recordBulkAction(tx, kind.kind, action, target, outcomeDetails(outcome));
    return outcome;
  });
}

/** What an action's entry says it did: rows changed, jobs queued, rows skipped. */
const outcomeDetails = (outcome: Outcome) => ({
  changed: outcome.changed,
  queued: outcome.queued,
  skipped: outcome.skipped,
});

/**
 * What becomes of a variant the caller may not move into the last stage: one selected record
 * answers the rule's error, as Detailed Review does; several (or a filter) skip it, with the
 * reason, and approve the rest.
 */
export const bulkMoveMode = (selection: BulkSelection): MoveMode =>
  'ids' in selection && new Set(selection.ids).size === 1 ? 'refuse' : 'skip';

async function bulkOutcome(
  tx: Db,
  queue: JobQueue,
  kind: ContentKind,
  selected: SQL,
  total: number,
  action: CategoryAction | PostAction,
  approving: { caller: ReviewCaller; mode: MoveMode; inScope: SQL },
): Promise<Outcome> {
  // An API token limited to websites acts on the selected records' variants on them only.
  const owners = sql`v.${sql.identifier(kind.owner)} IN (${selected})${approving.inScope}`;
  const approve = () =>
    approveRecords(tx, kind, selected, total, approving.caller, approving.mode, approving.inScope);
  switch (action) {
    case 'synced':
      return flagOutcome(total, await markRecordsSynced(tx, kind, selected));
    case 'approve':
      return approve();
    case 'enable':
    case 'disable': {
      const status = action === 'enable' ? 1 : 2;
      return flagOutcome(total, await setRecordColumn(tx, kind, 'status', status, selected));
    }
    case 'auto_google_sync':
      return flagOutcome(total, await switchOnGeneration(tx, kind, selected));
    case 'webSync':
      return { changed: 0, ...(await queueJobs(tx, queue, kind, owners, ['website'], WEB_SYNC)) };
    case 'forceWebSync':
      return {
        changed: 0,
        ...(await queueJobs(tx, queue, kind, owners, ['website'], PUBLISH_ANY)),
      };
    case 'publish_web': {
      const approved = await approve();
      const pushed = await queueJobs(tx, queue, kind, owners, ['website'], PUBLISH_APPROVED);
      // The variants left unapproved are exactly those the approval skipped, with its reason:
      // the push does not count them a second time as "not approved".
      const notApproved = (skip: { reason: string }) => skip.reason === SKIP_REASONS.notApproved;
      return {
        changed: approved.changed,
        queued: pushed.queued,
        skipped: [
          ...approved.skipped.filter((skip) => skip.reason !== SKIP_REASONS.alreadyDone),
          ...pushed.skipped.filter((skip) => !notApproved(skip)),
        ],
      };
    }
    default: {
      const network = BULK_PUBLISH_TARGETS[action];
      return {
        changed: 0,
        ...(await queueJobs(tx, queue, kind, owners, [network], PUBLISH_APPROVED)),
      };
    }
  }
}

/**
 * Auto Google Sync (the bulk action the original product labels SyncVertex): automatic generation
 * runs per category, so for posts it is switched on for their categories; `changed` counts the
 * records whose (category's) setting changed.
 */
async function switchOnGeneration(tx: Executor, kind: ContentKind, selected: SQL) {
  if (kind.kind === 'category') return setRecordColumn(tx, kind, 'auto_google_sync', 1, selected);
  const [row] = await queryRows<{ changed: number }>(
    tx,
    sql`WITH switched AS (
          UPDATE categories SET auto_google_sync = 1, updated_at = now()
          WHERE id IN (SELECT category_id FROM posts WHERE id IN (${selected}))
            AND auto_google_sync <> 1
          RETURNING id)
        SELECT count(*)::int AS changed FROM posts
        WHERE id IN (${selected}) AND category_id IN (SELECT id FROM switched)`,
  );
  return row?.changed ?? 0;
}

/** The targets a Detailed Review posting action posts to. */
const DETAIL_TARGETS: Partial<Record<DetailAction, readonly PublishTarget[]>> = {
  ...Object.fromEntries(
    Object.entries(DETAIL_POST_TARGETS).map(([action, target]) => [action, [target]]),
  ),
  post_to_all: PUBLISH_TARGETS,
};

/**
 * Runs a Detailed Review action on variants (`ids` are variant ids), in one transaction. Posting
 * needs an approved variant on an active website; regeneration queues whatever the flags.
 */
export function runDetailAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  ids: readonly number[],
  action: DetailAction,
  caller: ReviewCaller,
): Promise<Outcome> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await assertIdsExist(tx, kind.variants, unique);
    const outcome = await detailOutcome(tx, queue, kind, unique, action, caller);
    if (action === 'regenerate_content')
      await noteGenerationRequester(tx, kind, unique, caller.userId);
    // The ids are the variants' (Detailed Review rows), not the records'.
    await recordBulkAction(tx, kind.kind, action, unique, {
      of: 'variants',
      ...outcomeDetails(outcome),
    });
    return outcome;
  });
}

async function detailOutcome(
  tx: Db,
  queue: JobQueue,
  kind: ContentKind,
  unique: number[],
  action: DetailAction,
  caller: ReviewCaller,
): Promise<Outcome> {
  const selected = sql`v.id = ANY(${idArray(unique)})`;
  if (action === 'mark_approved') return approveVariants(tx, kind, selected, caller);
  if (action === 'mark_synced') {
    const changed = await setVariantsSynced(tx, kind, selected, 'id');
    if (kind.kind === 'category') {
      await settleCategoryFlag(
        tx,
        'synced',
        sql`c.id IN (SELECT category_id FROM category_variants WHERE id = ANY(${idArray(unique)}))`,
      );
    }
    return flagOutcome(unique.length, changed.length);
  }
  if (action === 'regenerate_content') {
    return { changed: 0, ...(await queueJobs(tx, queue, kind, selected, ['ai'], REGENERATE)) };
  }
  const targets = DETAIL_TARGETS[action] ?? [];
  return {
    changed: 0,
    ...(await queueJobs(tx, queue, kind, selected, targets, PUBLISH_APPROVED)),
  };
}
