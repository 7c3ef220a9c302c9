import { type ActionAnswer, SKIP_REASONS } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { ContentKind } from '../kinds.ts';
import { assertMayReview, moverOf, type ReviewCaller } from './actions.ts';
import { type MoveMode, moveVariants, refusalSkips, variantOutcome } from './moves.ts';

/**
 * Approving (the lists' Approve and Publish to Web, Detailed Review's Mark as Approved) is moving
 * variants to their workflow's last stage, under the rules of every move: the review ability, the
 * stage's roles and users, and the four-eyes rule.
 */

type Outcome = Omit<ActionAnswer, 'message'>;

/** A category's own flag follows its variants: set once every variant has it. */
export async function settleCategoryFlag(
  tx: Executor,
  flag: 'synced' | 'is_approved',
  categoryCondition: SQL,
): Promise<number[]> {
  const column = sql.identifier(flag);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE categories c SET ${column} = 1, updated_at = now()
        WHERE ${categoryCondition} AND c.${column} <> 1
          AND NOT EXISTS (SELECT 1 FROM category_variants v
                          WHERE v.category_id = c.id AND NOT v.${column})
        RETURNING c.id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Approves the variants of the selected records (`selected`, a subquery of `total` record ids).
 * The answer counts records, as the lists' other bulk actions do: those with a variant approved
 * (or, for a category, its own flag set) changed, those with nothing to approve already so; the
 * variants a rule keeps out are skipped with its reason, counted in variants.
 */
export async function approveRecords(
  tx: Executor,
  kind: ContentKind,
  selected: SQL,
  total: number,
  caller: ReviewCaller,
  mode: MoveMode,
  inScope: SQL,
): Promise<Outcome> {
  assertMayReview(caller, kind);
  const counts = await moveVariants(
    tx,
    kind,
    sql`v.${sql.identifier(kind.owner)} IN (${selected})${inScope}`,
    'last',
    await moverOf(tx, caller),
    { mode, recordIds: kind.kind === 'category' },
  );
  let changed = counts.movedRecords;
  if (kind.kind === 'category') {
    const settled = await settleCategoryFlag(tx, 'is_approved', sql`c.id IN (${selected})`);
    changed = new Set([...counts.movedRecordIds, ...settled]).size;
  }
  const already = total - changed - counts.refusedRecords;
  return {
    changed,
    queued: 0,
    skipped: [
      ...(already > 0 ? [{ reason: SKIP_REASONS.alreadyDone, count: already }] : []),
      ...refusalSkips(counts),
    ],
  };
}

/** Mark as Approved: the selected variants (`variants`, a condition on `v`), counted in variants. */
export async function approveVariants(
  tx: Executor,
  kind: ContentKind,
  variants: SQL,
  caller: ReviewCaller,
): Promise<Outcome> {
  assertMayReview(caller, kind);
  const counts = await moveVariants(tx, kind, variants, 'last', await moverOf(tx, caller), {
    mode: 'refuse',
  });
  if (kind.kind === 'category') {
    await settleCategoryFlag(
      tx,
      'is_approved',
      sql`c.id IN (SELECT v.category_id FROM category_variants v WHERE ${variants})`,
    );
  }
  return variantOutcome(counts);
}
