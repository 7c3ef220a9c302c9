import {
  CATEGORY_MESSAGES,
  CATEGORY_OPTIONS_LIMIT,
  CATEGORY_ORDER_DEFAULT_DIRECTIONS,
  type CategoryListQuery,
  type CategoryRow,
  type categoryCreateSchema,
  categoryRowSchema,
  type categoryUpdateSchema,
  DEFAULT_PER_PAGE,
  type NamedRef,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  categoryFilterCondition,
  recordInReach,
  type WebsiteScope,
  type WithAssignee,
} from '../../content/filters.ts';
import { CATEGORY_KIND } from '../../content/kinds.ts';
import { changedFields, emitRecordEvents } from '../../content/record-events.ts';
import {
  assertFormReferences,
  insertCategory,
  replaceParents,
  syncWebsites,
} from '../../content/records.ts';
import { markContentChanged, syncPostVariants } from '../../content/variants.ts';
import { recordChange } from '../../db/audit.ts';
import { type Db, type Executor, idArray, preparedRows, queryRows } from '../../db/client.ts';
import { type Deleter, deleteToTrash } from '../../db/trash.ts';
import { notFound, validationError } from '../../errors.ts';
import { sampledWhenSearched } from '../../lists/estimate.ts';
import { listExport } from '../../lists/export.ts';
import { findingCost, inPageOrder, jsonPageAnswer, listJsonPage } from '../../lists/page.ts';
import { likePattern } from '../../lists/search.ts';
import { type CategoryJsonRow, categoryRows } from './rows.ts';

/** The list's query, its Assignee filter's `me` read as the caller's id. */
type ListQuery = WithAssignee<CategoryListQuery> & WebsiteScope;

type CategoryCreate = z.output<typeof categoryCreateSchema>;
type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

// ── List ──────────────────────────────────────────────────────────────────────────────────────

const ORDER_COLUMNS = {
  id: sql`c.id`,
  name: sql`c.name`,
  slug: sql`c.slug`,
  created_at: sql`c.created_at`,
  views: sql`c.views`,
  ga4_views: sql`c.ga4_views`,
} as const;

const listConditions = categoryFilterCondition;

/** The answer's rows, in the order of `ids`. */
const inCategoryOrder = (ids: readonly number[], rows: readonly CategoryJsonRow[]) =>
  inPageOrder(ids, rows, (row) => row.json);

const listDirection = (query: ListQuery) =>
  query.order_dir ?? query.order_by ?? CATEGORY_ORDER_DEFAULT_DIRECTIONS[query.order_key];

/** GET /api/categories/export: every category the list finds, in its order. */
export function exportCategories(db: Db, query: ListQuery) {
  return listExport<CategoryRow>(db, {
    resource: 'categories',
    row: categoryRowSchema,
    fromWhere: sql`FROM categories c WHERE ${listConditions(query)}`,
    order: { key: ORDER_COLUMNS[query.order_key], id: sql`c.id`, direction: listDirection(query) },
    shape: async (ids) =>
      inCategoryOrder(
        ids,
        await queryRows<CategoryJsonRow>(
          db,
          categoryRows({ scope: query.website_scope })(idArray(ids)),
        ),
      ),
  });
}

/**
 * GET /api/categories: the page's ids come first (filtered, sorted, LIMITed on the categories
 * alone), then their related data, over those ids only.
 */
export async function listCategories(db: Db, query: ListQuery) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const direction = sql.raw(listDirection(query).toUpperCase());
  const where = listConditions(query);
  const page = await listJsonPage(
    db,
    {
      fromWhere: sql`FROM categories c WHERE ${where}`,
      idColumn: sql`c.id`,
      orderBy: sql`${ORDER_COLUMNS[query.order_key]} ${direction}, c.id ${direction}`,
      page: query.page,
      perPage,
      ...findingCost(query),
      ...sampledWhenSearched(query, { table: 'categories', alias: 'c', where }),
      cacheKey: JSON.stringify([
        'categories',
        query.query,
        query.website_id,
        query.status,
        query.is_approved,
        query.synced,
        query.auto_google_sync,
        query.stage_id,
        query.assignee_id,
        query.website_scope,
      ]),
    },
    categoryRows({ scope: query.website_scope }),
  );
  return jsonPageAnswer(page, { page: query.page, perPage, path: '/api/categories' });
}

/**
 * One category with every website and parent: GET /api/categories/{id} and the form's answers.
 * With a website scope (an API token limited to some), one with no variant on them is not found,
 * and its row names those websites only.
 */
export async function categoryRow(
  db: Executor,
  id: number,
  scope: readonly number[] | null = null,
): Promise<CategoryRow> {
  if (scope) {
    const [inScope] = await queryRows(
      db,
      sql`SELECT 1 FROM category_variants
          WHERE category_id = ${id} AND website_id = ANY(${idArray(scope)})`,
    );
    if (!inScope) throw notFound();
  }
  const records = await preparedRows<CategoryJsonRow>(
    db,
    categoryRows({ complete: true, scope })(idArray([id])),
  );
  const [row] = inCategoryOrder([id], records);
  if (!row) throw notFound();
  return row;
}

// ── Form ──────────────────────────────────────────────────────────────────────────────────────

/** The categories below `id` (children, their children …); UNION stops on any loop. */
const descendantsOf = (id: number) => sql`
  WITH RECURSIVE below(id) AS (
    SELECT category_id FROM category_parents WHERE parent_id = ${id}
    UNION
    SELECT cp.category_id FROM category_parents cp JOIN below ON cp.parent_id = below.id)`;

/** A parent link makes a cycle when the parent is the category itself or one of its descendants. */
async function assertNoCycle(db: Executor, id: number, parents: readonly number[]) {
  if (parents.includes(id)) throw validationError({ parents: CATEGORY_MESSAGES.parentIsSelf });
  if (parents.length === 0) return;
  const looping = await queryRows<{ name: string }>(
    db,
    sql`${descendantsOf(id)}
        SELECT c.name FROM below JOIN categories c ON c.id = below.id
        WHERE below.id = ANY(${idArray(parents)}) ORDER BY c.name`,
  );
  if (looping.length > 0) {
    throw validationError({
      parents: CATEGORY_MESSAGES.parentCycle(looping.map((row) => row.name)),
    });
  }
}

export async function createCategory(db: Db, input: CategoryCreate) {
  return db.transaction(async (tx) => {
    const created = await categoryRow(tx, await insertCategory(tx, input));
    await recordChange(tx, 'category', created, null, created);
    await emitRecordEvents(tx, 'category', 'created', [created.id]);
    return created;
  });
}

/** The fields a category's edit form saves, as they were before a save. */
export type CategoryFields = CategoryUpdate;

/**
 * Saves the edit form onto category `id`, as an edit does, with the form's checks (websites and
 * parents that exist, a free slug, no parent loop). Answers the fields before, or null when there
 * is no such category.
 */
export async function saveCategory(
  tx: Executor,
  id: number,
  input: CategoryUpdate,
): Promise<CategoryFields | null> {
  const [before] = await queryRows<CategoryFields>(
    tx,
    sql`SELECT name, slug, description, type, keywords, status::int AS status,
               is_approved::int AS is_approved, auto_google_sync::int AS auto_google_sync,
               ARRAY(SELECT website_id FROM category_variants WHERE category_id = c.id
                     ORDER BY website_id) AS websites,
               ARRAY(SELECT parent_id FROM category_parents WHERE category_id = c.id
                     ORDER BY parent_id) AS parents
        FROM categories c WHERE id = ${id} FOR UPDATE`,
  );
  if (!before) return null;
  await assertFormReferences(tx, input, id);
  await assertNoCycle(tx, id, input.parents);
  await tx.execute(sql`
    UPDATE categories SET name = ${input.name}, slug = ${input.slug},
      description = ${input.description}, type = ${input.type}, keywords = ${input.keywords},
      status = ${input.status}, is_approved = ${input.is_approved},
      auto_google_sync = ${input.auto_google_sync}, updated_at = now()
    WHERE id = ${id}`);
  await replaceParents(tx, id, input.parents);
  const contentChanged =
    before.name !== input.name ||
    before.slug !== input.slug ||
    before.description !== input.description ||
    before.type !== input.type ||
    before.keywords !== input.keywords;
  if (contentChanged) {
    await markContentChanged(tx, CATEGORY_KIND, id, {
      before: before.description,
      after: input.description,
    });
  }
  await syncWebsites(tx, id, input.websites, input.description);
  return before;
}

export async function updateCategory(db: Db, id: number, input: CategoryUpdate) {
  return db.transaction(async (tx) => {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM categories WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    const previous = await categoryRow(tx, id);
    await saveCategory(tx, id, input);
    const updated = await categoryRow(tx, id);
    await recordChange(tx, 'category', updated, previous, updated);
    await emitRecordEvents(tx, 'category', 'updated', [id], changedFields(previous, updated));
    return updated;
  });
}

// ── Delete ────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves a category to the trash, with its variants and its links to its parents. One with posts
 * or sub-categories is refused unless `moveTo` names another category (not itself nor one of its
 * sub-categories): its posts move there (their variants follow the new category's websites) and
 * its sub-categories become that category's, and they stay there when it is restored.
 */
export async function deleteCategory(
  db: Db,
  deleter: Deleter,
  id: number,
  moveTo: number | undefined,
) {
  await db.transaction(async (tx) => {
    const [found] = await queryRows<{ posts: number; children: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM posts WHERE category_id = ${id}) AS posts,
                 (SELECT count(*)::int FROM category_parents WHERE parent_id = ${id}) AS children
          FROM categories WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    const deleted = await categoryRow(tx, id);
    if (found.posts + found.children > 0) {
      if (moveTo === undefined) {
        throw validationError({
          move_to: CATEGORY_MESSAGES.hasDependents(found.posts, found.children),
        });
      }
      await assertMoveTarget(tx, id, moveTo);
      await tx.execute(sql`UPDATE posts SET category_id = ${moveTo}, updated_at = now()
                           WHERE category_id = ${id}`);
      await syncPostVariants(tx, sql`p.category_id = ${moveTo}`);
      await tx.execute(sql`
        INSERT INTO category_parents (category_id, parent_id)
        SELECT category_id, ${moveTo} FROM category_parents
        WHERE parent_id = ${id} AND category_id <> ${moveTo}
        ON CONFLICT DO NOTHING`);
    }
    await emitRecordEvents(tx, 'category', 'deleted', [id]);
    await deleteToTrash(tx, 'categories', id, deleter);
    await recordChange(tx, 'category', deleted, deleted, null);
  });
}

async function assertMoveTarget(db: Executor, id: number, moveTo: number) {
  const [target] = await queryRows<{ inside: boolean }>(
    db,
    sql`${descendantsOf(id)}
        SELECT (c.id = ${id} OR EXISTS (SELECT 1 FROM below WHERE below.id = c.id)) AS inside
        FROM categories c WHERE c.id = ${moveTo}`,
  );
  if (!target) throw validationError({ move_to: CATEGORY_MESSAGES.moveTargetMissing });
  if (target.inside) throw validationError({ move_to: CATEGORY_MESSAGES.moveTargetInside });
}

// ── Details ───────────────────────────────────────────────────────────────────────────────────

/** Form options: all categories (id 0) or the sub-categories of `id`, by name. */
/** With `scope` (an API token's websites), the categories with a variant on one of them. */
export async function categoryOptions(
  db: Db,
  id: number,
  search: string,
  scope: readonly number[] | null,
): Promise<NamedRef[]> {
  const conditions: SQL[] = [sql`TRUE`];
  if (scope) conditions.push(recordInReach('category', scope, sql`c.id`));
  if (id !== 0) {
    conditions.push(
      sql`c.id IN (SELECT category_id FROM category_parents WHERE parent_id = ${id})`,
    );
  }
  if (search) conditions.push(sql`c.name ILIKE ${likePattern(search)}`);
  return queryRows<NamedRef>(
    db,
    sql`SELECT c.id, c.name FROM categories c WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY c.name, c.id LIMIT ${CATEGORY_OPTIONS_LIMIT}`,
  );
}
