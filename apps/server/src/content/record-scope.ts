import { CATEGORY_MESSAGES, POST_MESSAGES, unknownIdsMessage } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Executor, idArray, queryRows } from '../db/client.ts';
import { notFound, validationError } from '../errors.ts';
import { websiteScope } from '../plugins/auth.ts';
import { recordInReach } from './filters.ts';
import { kindOf } from './kinds.ts';

/**
 * What an API token limited to some websites may write of categories and posts: a record is
 * within its reach when one of its variants is on one of its websites, as the lists narrow
 * (filters.ts); the others are unknown to it. A session, or a token of every website, reaches all.
 */

/** The records of `ids` out of the token's reach (none without a scope). */
async function outOfReach(
  db: Executor,
  kind: 'category' | 'post',
  ids: readonly number[],
  scope: readonly number[] | null,
) {
  if (!scope || ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT r.id FROM ${sql.identifier(kindOf(kind).records)} r
        WHERE r.id = ANY (${idArray(ids)}) AND NOT ${recordInReach(kind, scope, sql`r.id`)}
        ORDER BY r.id`,
  );
  return rows.map((row) => row.id);
}

/** One record of the route's path: 404 to a token that does not reach it. */
export async function assertRecordInReach(
  db: Executor,
  request: FastifyRequest,
  kind: 'category' | 'post',
  id: number,
) {
  if ((await outOfReach(db, kind, [id], websiteScope(request))).length > 0) throw notFound();
}

/** The ids of a bulk call: those out of reach refuse it, as unknown ids do. */
export async function assertRecordsInReach(
  db: Executor,
  request: FastifyRequest,
  kind: 'category' | 'post',
  ids: readonly number[],
) {
  const outside = await outOfReach(db, kind, ids, websiteScope(request));
  if (outside.length > 0) throw validationError({ ids: unknownIdsMessage(outside) });
}

/** A post's category, which its variants follow: one out of reach does not exist for the token. */
export async function assertCategoryInReach(
  db: Executor,
  request: FastifyRequest,
  categoryId: number,
) {
  const outside = await outOfReach(db, 'category', [categoryId], websiteScope(request));
  if (outside.length > 0) throw validationError({ category_id: POST_MESSAGES.categoryMissing });
}

/** The category a deleted one's posts move to: one out of reach does not exist for the token. */
export async function assertMoveTargetInReach(
  db: Executor,
  request: FastifyRequest,
  categoryId: number,
) {
  const outside = await outOfReach(db, 'category', [categoryId], websiteScope(request));
  if (outside.length > 0) {
    throw validationError({ move_to: CATEGORY_MESSAGES.moveTargetMissing });
  }
}

/** A category's websites, chosen in its form: a token may only name its own. */
export function assertWebsitesInReach(request: FastifyRequest, websiteIds: readonly number[]) {
  const scope = websiteScope(request);
  const outside = scope ? websiteIds.filter((id) => !scope.includes(id)) : [];
  if (outside.length > 0) {
    throw validationError({ websites: CATEGORY_MESSAGES.unknownWebsites(outside) });
  }
}

/**
 * The websites a review or schedule action names (`website_ids`): to a token, only its own, and
 * all of them when it names none.
 */
export function websitesInReach(
  request: FastifyRequest,
  websiteIds: readonly number[] | undefined,
): number[] | undefined {
  const scope = websiteScope(request);
  if (!scope) return websiteIds && [...websiteIds];
  const outside = (websiteIds ?? []).filter((id) => !scope.includes(id));
  if (outside.length > 0) {
    throw validationError({ website_ids: CATEGORY_MESSAGES.unknownWebsites(outside) });
  }
  return [...(websiteIds ?? scope)];
}

/** The variants of a Detailed Review action: those on other websites are unknown to a token. */
export async function assertVariantsInReach(
  db: Executor,
  request: FastifyRequest,
  kind: 'category' | 'post',
  variantIds: readonly number[],
) {
  const scope = websiteScope(request);
  if (!scope) return;
  const outside = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(kindOf(kind).variants)}
        WHERE id = ANY (${idArray(variantIds)}) AND NOT website_id = ANY (${idArray(scope)})
        ORDER BY id`,
  );
  if (outside.length > 0) {
    throw validationError({ ids: unknownIdsMessage(outside.map((row) => row.id)) });
  }
}
