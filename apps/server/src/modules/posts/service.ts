import {
  DEFAULT_PER_PAGE,
  type PostListQuery,
  type PostOrderKey,
  type PostRow,
  PUBLISH_TARGETS,
  pageOffset,
  postedFlag,
  type postFormSchema,
  postRowSchema,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  postFilterCondition,
  reviewVariantConditions,
  variantInScope,
  type WebsiteScope,
  type WithAssignee,
} from '../../content/filters.ts';
import { POST_KIND } from '../../content/kinds.ts';
import { changedFields, emitRecordEvents } from '../../content/record-events.ts';
import { assertCategoryExists, insertPost } from '../../content/records.ts';
import { reviewColumns } from '../../content/review/stages.ts';
import { markContentChanged, syncPostVariants } from '../../content/variants.ts';
import { recordBulkAction, recordChange } from '../../db/audit.ts';
import {
  type Db,
  type Executor,
  idArray,
  preparedRead,
  preparedRows,
  queryRows,
} from '../../db/client.ts';
import { assertIdsExist } from '../../db/ids.ts';
import { type Deleter, deleteToTrash } from '../../db/trash.ts';
import { notFound } from '../../errors.ts';
import { sampledWhenSearched } from '../../lists/estimate.ts';
import { type KeysetOrder, listExport } from '../../lists/export.ts';
import { estimatedPage, findingCost, inPageOrder, isoText, listPage } from '../../lists/page.ts';
import { pageOfRows, pageRowsStatement, type RowsOf, rowsByOptions } from '../../lists/rows.ts';
import { newestPostsPage } from './newest-page.ts';

/** The list's query, its Assignee filter's `me` read as the caller's id, and its website scope. */
type ListQuery = WithAssignee<PostListQuery> & WebsiteScope;

type PostForm = z.output<typeof postFormSchema>;

const listConditions = postFilterCondition;

type PostRecord = Omit<PostRow, 'category' | 'created_at' | 'next_publish_at'> & {
  category_name: string;
  created_at: Date | string;
  next_publish_at: Date | string | null;
};

const postedFlags = PUBLISH_TARGETS.map((target) => sql.identifier(postedFlag(target)));
/** A post's flags: 1 when every variant is posted to that place (a post without any has 0). */
const POST_FLAGS = sql.join(
  postedFlags.map((flag) => sql`COALESCE(f.${flag}, 0) AS ${flag}`),
  sql`, `,
);
const VARIANT_FLAGS = sql.join(
  postedFlags.map((flag) => sql`bool_and(${flag})::int AS ${flag}`),
  sql`, `,
);

/**
 * The posts of `ids` (an int[] expression) with their category, the flags of their variants and
 * their review columns (a post without variants has none in either list); with a website scope,
 * of its variants on those websites only.
 */
const postRows = rowsByOptions(
  (scope: readonly number[] | null | undefined): RowsOf =>
    (ids) =>
      sql`WITH v AS MATERIALIZED (
        SELECT post_id AS owner, stage_id, assignee_id, publish_at, ${sql.join(postedFlags, sql`, `)}
        FROM post_variants v WHERE post_id = ANY(${ids})${variantInScope(scope)})
      SELECT p.id, p.title, p.description, p.content_reference, p.status, p.category_id,
             c.name AS category_name, p.created_at, p.views, p.ga4_views, ${POST_FLAGS}, f.next_publish_at,
             COALESCE(r.stages, '[]'::json) AS stages,
             COALESCE(r.assignees, '[]'::json) AS assignees
      FROM posts p
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN (
        SELECT owner, ${VARIANT_FLAGS}, min(publish_at) AS next_publish_at
        FROM v GROUP BY owner
      ) f ON f.owner = p.id
      LEFT JOIN (${reviewColumns(sql`v`)}) r ON r.owner = p.id
      WHERE p.id = ANY(${ids})`,
  (scope) => JSON.stringify(scope ?? null),
);

/** The answer's rows, in the order of `ids`. */
const inPostOrder = (ids: readonly number[], records: readonly PostRecord[]): PostRow[] =>
  inPageOrder(ids, records, shapePost);

/**
 * A record of this read as its answer's row, shaped in place: copying its twenty-odd fields into
 * a new object (the rest and spread it was written with) took more of a list request's CPU than
 * the rest of its shaping. `category_name` is left undefined, which JSON and the answers'
 * schemas leave out, rather than deleted, which would slow every later read of the object.
 */
function shapePost(record: PostRecord): PostRow {
  const { category_name: name, created_at, next_publish_at } = record;
  const row = record as unknown as PostRow & { category_name?: string };
  row.category = { id: record.category_id, name };
  row.category_name = undefined;
  row.created_at = isoText(created_at);
  row.next_publish_at = next_publish_at === null ? null : isoText(next_publish_at);
  return row;
}

/** Every post, newest first: the list's most read page, its statement's text written once. */
const newestPage = preparedRead((offset: number, perPage: number) =>
  pageRowsStatement(newestPostsPage(offset, perPage), postRows(null)),
);

const isUnfiltered = (query: ListQuery) =>
  query.order_key === undefined &&
  query.query === '' &&
  query.category_id === undefined &&
  query.website_id === undefined &&
  query.status === undefined &&
  query.stage_id === undefined &&
  query.assignee_id === undefined &&
  !query.website_scope;

const ORDER_COLUMNS: Record<PostOrderKey, SQL> = {
  title: sql`p.title`,
  created_at: sql`p.created_at`,
  // posts_views_id_idx: the list sorted by views walks it and stops after the page.
  views: sql`p.views`,
  // posts_ga4_views_id_idx, likewise.
  ga4_views: sql`p.ga4_views`,
};
const DEFAULT_DIRECTIONS: Record<PostOrderKey, 'ASC' | 'DESC'> = {
  title: 'ASC',
  created_at: 'DESC',
  views: 'DESC',
  ga4_views: 'DESC',
};

/** The list's ORDER BY: newest first by default, else the key then the id, in one direction. */
function listOrder(query: ListQuery): SQL {
  if (query.order_key === undefined) return sql`p.id DESC`;
  const direction = sql.raw(query.order_dir?.toUpperCase() ?? DEFAULT_DIRECTIONS[query.order_key]);
  return sql`${ORDER_COLUMNS[query.order_key]} ${direction}, p.id ${direction}`;
}

/**
 * Where the list finds its rows. Filtered by stage or assignee alone and newest first, the ids are
 * the variants' post ids, a group per post, read backwards along the variants' index of the filter
 * ((assignee, stage, post) or (stage, post)): the walk stops after the page, and finds no post
 * (every variant's post exists, by its foreign key). Through `posts`, the prepared page's generic
 * plan gathered every matching variant, looked up each one's post and sorted them all for a page.
 */
function listFinding(query: ListQuery) {
  const reviewOnly =
    !isUnfiltered(query) && isUnfiltered({ ...query, stage_id: undefined, assignee_id: undefined });
  if (reviewOnly) {
    return {
      fromWhere: sql`FROM post_variants v WHERE ${sql.join(reviewVariantConditions(query), sql` AND `)}
                     GROUP BY v.post_id`,
      idColumn: sql`v.post_id`,
      orderBy: sql`v.post_id DESC`,
      // The planner's count of the variants' groups misses by about the variants per post: the
      // same posts, found through their own table, are counted in a sample of it.
      sampled: { table: 'posts', alias: 'p', where: listConditions(query) },
    };
  }
  const where = listConditions(query);
  return {
    fromWhere: sql`FROM posts p WHERE ${where}`,
    idColumn: sql`p.id`,
    orderBy: listOrder(query),
    ...sampledWhenSearched(query, { table: 'posts', alias: 'p', where }),
  };
}

/**
 * GET /api/posts, newest first unless sorted: the page's ids come first, then their category and
 * flags. The unfiltered, unsorted list takes a quicker path.
 */
export async function listPosts(db: Db, query: ListQuery) {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const paging = { page: query.page, perPage, path: '/api/posts' };
  if (isUnfiltered(query)) {
    const { ids, counted, records } = pageOfRows(
      await newestPage<PostRecord & { page_total: number | null }>(
        db,
        pageOffset(query.page, perPage),
        perPage,
      ),
    );
    return estimatedPage(inPostOrder(ids, records), paging, {
      total: counted ?? 0,
      estimated: false,
    });
  }
  const page = await listPage<PostRecord>(
    db,
    {
      ...listFinding(query),
      page: query.page,
      perPage,
      ...findingCost(query),
      cacheKey: JSON.stringify([
        'posts',
        query.query,
        query.category_id,
        query.website_id,
        query.status,
        query.stage_id,
        query.assignee_id,
        query.website_scope,
      ]),
    },
    postRows(query.website_scope),
  );
  return estimatedPage(inPostOrder(page.ids, page.records), paging, page);
}

const postSubject = (post: PostRow) => ({ id: post.id, name: post.title });
/** The keyset order of the list's order. */
function exportOrder(query: ListQuery): KeysetOrder {
  const id = sql`p.id`;
  if (query.order_key === undefined) return { key: id, id, direction: 'desc' };
  const direction =
    query.order_dir ?? (DEFAULT_DIRECTIONS[query.order_key] === 'ASC' ? 'asc' : 'desc');
  return { key: ORDER_COLUMNS[query.order_key], id, direction };
}

/** GET /api/posts/export: every post the list finds, in its order. */
export function exportPosts(db: Db, query: ListQuery) {
  return listExport<PostRow>(db, {
    resource: 'posts',
    row: postRowSchema,
    fromWhere: sql`FROM posts p WHERE ${listConditions(query)}`,
    order: exportOrder(query),
    shape: async (ids) =>
      inPostOrder(
        ids,
        await queryRows<PostRecord>(db, postRows(query.website_scope)(idArray(ids))),
      ),
    ...(isUnfiltered({ ...query, order_key: undefined }) && {
      total: async () =>
        (
          await queryRows<{ total: number }>(
            db,
            sql`SELECT COALESCE(sum(posts), 0)::int AS total FROM post_ranges`,
          )
        )[0]?.total ?? 0,
    }),
  });
}

async function postRow(db: Executor, id: number): Promise<PostRow> {
  const [row] = inPostOrder(
    [id],
    await preparedRows<PostRecord>(db, postRows(null)(idArray([id]))),
  );
  if (!row) throw notFound();
  return row;
}

/** POST /api/posts: the post gets one variant per website of its category. */
export async function createPost(db: Db, input: PostForm) {
  return db.transaction(async (tx) => {
    const created = await postRow(tx, await insertPost(tx, input));
    await recordChange(tx, 'post', postSubject(created), null, created);
    await emitRecordEvents(tx, 'post', 'created', [created.id]);
    return created;
  });
}

/** The fields a post's form saves, as they were before a save. */
export type PostFields = Required<Omit<PostForm, 'content_reference'>> & {
  content_reference: string | null;
};

/**
 * Saves the form onto post `id`, as an edit does: a new category re-syncs the variants to its
 * websites; changed content bumps the variants' version and marks the posted ones
 * updated-after-posted. Answers the fields before, or null when there is no such post.
 */
export async function savePost(
  tx: Executor,
  id: number,
  input: PostForm,
): Promise<PostFields | null> {
  const [before] = await queryRows<PostFields>(
    tx,
    sql`SELECT title, description, content_reference, category_id, status::int AS status
        FROM posts WHERE id = ${id} FOR UPDATE`,
  );
  if (!before) return null;
  await assertCategoryExists(tx, input.category_id);
  const contentReference = input.content_reference ?? null;
  await tx.execute(sql`
    UPDATE posts SET title = ${input.title}, description = ${input.description},
      content_reference = ${contentReference}, category_id = ${input.category_id},
      status = COALESCE(${input.status ?? null}::smallint, status), updated_at = now()
    WHERE id = ${id}`);
  if (before.category_id !== input.category_id) {
    await syncPostVariants(tx, sql`p.id = ${id}`);
  }
  const contentChanged =
    before.title !== input.title ||
    before.description !== input.description ||
    before.content_reference !== contentReference;
  if (contentChanged) {
    await markContentChanged(tx, POST_KIND, id, {
      before: before.description,
      after: input.description,
    });
  }
  return before;
}

/** PUT /api/posts/{id} */
export async function updatePost(db: Db, id: number, input: PostForm) {
  return db.transaction(async (tx) => {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM posts WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    const previous = await postRow(tx, id);
    await savePost(tx, id, input);
    const updated = await postRow(tx, id);
    await recordChange(tx, 'post', postSubject(updated), previous, updated);
    await emitRecordEvents(tx, 'post', 'updated', [id], changedFields(previous, updated));
    return updated;
  });
}

/** Moves the post, with its variants, to the trash. */
export async function deletePost(db: Db, deleter: Deleter, id: number) {
  await db.transaction(async (tx) => {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM posts WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    const deleted = await postRow(tx, id);
    await emitRecordEvents(tx, 'post', 'deleted', [id]);
    await deleteToTrash(tx, 'posts', id, deleter);
    await recordChange(tx, 'post', postSubject(deleted), deleted, null);
  });
}

/** DELETE /api/posts { ids }: to the trash, all or nothing; answers how many were deleted. */
export async function deletePosts(db: Db, deleter: Deleter, ids: readonly number[]) {
  return db.transaction(async (tx) => {
    const unique = await assertIdsExist(tx, 'posts', ids);
    await emitRecordEvents(tx, 'post', 'deleted', unique);
    const deleted = await deleteToTrash(tx, 'posts', unique, deleter);
    await recordBulkAction(tx, 'post', 'delete', deleted);
    return deleted.length;
  });
}
