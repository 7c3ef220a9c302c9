import { ASSIGNEE_ME, type CategoryActionFilter, type PostActionFilter } from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../db/client.ts';
import { containsTerm, likePattern } from '../lists/search.ts';
import { kindOf } from './kinds.ts';

/**
 * The conditions of the Posts and Categories lists' search and filters, written once for the
 * list, its export and a bulk action on everything that matches.
 */

/** A filter whose assignee is a user's id: `me` read as the caller's. */
export type WithAssignee<F> = Omit<F, 'assignee_id'> & { assignee_id?: number };

/** The filter (or list query) with `assignee_id=me` as the caller's id. */
export function withAssignee<F extends { assignee_id?: number | typeof ASSIGNEE_ME }>(
  filter: F,
  callerId: number,
): WithAssignee<F> {
  const { assignee_id, ...rest } = filter;
  return { ...rest, assignee_id: assignee_id === ASSIGNEE_ME ? callerId : assignee_id };
}

/**
 * The websites an API token limited to some may see (null or absent: all): a record is listed
 * when it has a variant on one of them.
 */
export type WebsiteScope = { website_scope?: readonly number[] | null };

/** `v.website_id` within the scope, or nothing to add without one. */
export const variantInScope = (scope: readonly number[] | null | undefined): SQL =>
  scope ? sql` AND v.website_id = ANY(${idArray(scope)})` : sql``;

/** That the record of `kind` whose id is `record` (a column) has a variant on `scope`'s websites. */
export function recordInReach(kind: 'category' | 'post', scope: readonly number[], record: SQL) {
  const { variants, owner } = kindOf(kind);
  return sql`EXISTS (SELECT 1 FROM ${sql.identifier(variants)} v
                     WHERE v.${sql.identifier(owner)} = ${record}
                       AND v.website_id = ANY (${idArray(scope)}))`;
}

function scopeConditions(variants: SQL, ofRecord: SQL, filter: WebsiteScope): SQL[] {
  if (!filter.website_scope) return [];
  return [
    sql`EXISTS (SELECT 1 FROM ${variants} v
                WHERE ${ofRecord}${variantInScope(filter.website_scope)})`,
  ];
}

/** The Posts list's filter, a condition on `p` (posts). */
export function postFilterCondition(
  filter: Partial<WithAssignee<PostActionFilter>> & WebsiteScope,
): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.query) conditions.push(containsTerm(sql`p.title`, filter.query));
  if (filter.category_id !== undefined) conditions.push(sql`p.category_id = ${filter.category_id}`);
  if (filter.website_id !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM post_variants v
                               WHERE v.post_id = p.id AND v.website_id = ${filter.website_id})`);
  }
  if (filter.status !== undefined) {
    conditions.push(filter.status === 1 ? sql`p.status = 1` : sql`p.status <> 1`);
  }
  conditions.push(...reviewConditions(sql`post_variants`, sql`v.post_id = p.id`, filter));
  conditions.push(...scopeConditions(sql`post_variants`, sql`v.post_id = p.id`, filter));
  return sql.join(conditions, sql` AND `);
}

/** The Categories list's filter, a condition on `c` (categories). */
export function categoryFilterCondition(
  filter: Partial<WithAssignee<CategoryActionFilter>> & WebsiteScope,
): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.query) conditions.push(sql`c.name ILIKE ${likePattern(filter.query)}`);
  if (filter.website_id !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM category_variants v
                               WHERE v.category_id = c.id AND v.website_id = ${filter.website_id})`);
  }
  if (filter.status !== undefined) {
    conditions.push(filter.status === 1 ? sql`c.status = 1` : sql`c.status <> 1`);
  }
  for (const flag of ['is_approved', 'synced', 'auto_google_sync'] as const) {
    const value = filter[flag];
    if (value !== undefined) conditions.push(sql`c.${sql.identifier(flag)} = ${value}`);
  }
  conditions.push(...reviewConditions(sql`category_variants`, sql`v.category_id = c.id`, filter));
  conditions.push(...scopeConditions(sql`category_variants`, sql`v.category_id = c.id`, filter));
  return sql.join(conditions, sql` AND `);
}

/** The Stage and Assignee filters' conditions on a variant `v`; none without either. */
export function reviewVariantConditions(filter: {
  stage_id?: number;
  assignee_id?: number;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filter.stage_id !== undefined) conditions.push(sql`v.stage_id = ${filter.stage_id}`);
  if (filter.assignee_id !== undefined) {
    conditions.push(sql`v.assignee_id = ${filter.assignee_id}`);
  }
  return conditions;
}

/**
 * A record with a variant in the stage, or assigned to the user; with both, one variant in that
 * stage assigned to that user (the Stage and Assignee filters).
 */
function reviewConditions(
  variants: SQL,
  ofRecord: SQL,
  filter: { stage_id?: number; assignee_id?: number },
): SQL[] {
  const conditions = reviewVariantConditions(filter);
  if (conditions.length === 0) return [];
  return [
    sql`EXISTS (SELECT 1 FROM ${variants} v WHERE ${ofRecord} AND ${sql.join(conditions, sql` AND `)})`,
  ];
}
