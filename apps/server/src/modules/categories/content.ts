import {
  type ActionAnswer,
  type CategoryAction,
  DEFAULT_PER_PAGE,
  DELIVERY_TARGETS,
  type DeliveryStatus,
  type DeliveryTarget,
  type DetailAction,
  type detailRowBaseSchema,
  type PostAction,
  type PublishTarget,
  paginate,
  SKIP_REASONS,
  SOCIAL_NETWORKS,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type Executor, preparedRows } from '../../db/client.ts';
import { notFound, validationError } from '../../errors.ts';
import { type ContentJob, type JobQueue, queueFor } from '../../jobs/queue.ts';
import { settingTargets, type TargetDelivery } from '../publishing/delivery-state.ts';

/**
 * What categories and posts share: per-website variants, their bulk and detail actions, and the
 * paging of big lists. Written in SQL over the two kinds' tables so that every action is a few
 * set-based statements, whatever the number of rows.
 */

export interface ContentKind {
  kind: 'category' | 'post';
  /** The records' table and the variants' table, and the variants' column naming the record. */
  records: 'categories' | 'posts';
  /** The records' column that names them in Detailed Review, and the answer's field for it. */
  nameColumn: 'name' | 'title';
  nameField: 'category_name' | 'post_title';
  variants: 'category_variants' | 'post_variants';
  owner: 'category_id' | 'post_id';
}

export const CATEGORY_KIND = {
  kind: 'category',
  records: 'categories',
  nameColumn: 'name',
  nameField: 'category_name',
  variants: 'category_variants',
  owner: 'category_id',
} as const satisfies ContentKind;
export const POST_KIND = {
  kind: 'post',
  records: 'posts',
  nameColumn: 'title',
  nameField: 'post_title',
  variants: 'post_variants',
  owner: 'post_id',
} as const satisfies ContentKind;

/** A list of ids as one array parameter (`= ANY(...)`), however many there are. */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Runs a statement on the database or a transaction and answers its rows. */
export async function selectRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Records in the order of `ids` (the page's), shaped for the answer; vanished ones are left out. */
export function inPageOrder<R extends { id: number }, T>(
  ids: readonly number[],
  records: readonly R[],
  shape: (record: R) => T,
): T[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [shape(record)] : [];
  });
}

/** Timestamps arrive as Date or text depending on the driver; answers carry ISO text. */
export const isoText = (value: Date | string) => new Date(value).toISOString();

// ── Paging ────────────────────────────────────────────────────────────────────────────────────

/** Up to this many rows a list's total is counted exactly; beyond, the planner estimates it. */
export const EXACT_COUNT_LIMIT = 1000;
/** How long a list's estimated total is reused before the planner is asked again. */
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_SIZE = 1000;
const estimates = new Map<string, { total: number; expires: number }>();

/**
 * The planner's estimate (from the table statistics) of how many rows `SELECT 1 ${fromWhere}`
 * has, kept for a while under `cacheKey`: an estimate need not be asked for on every page.
 */
async function estimatedRows(db: Executor, fromWhere: SQL, cacheKey: string) {
  const cached = estimates.get(cacheKey);
  if (cached && cached.expires > Date.now()) return cached.total;
  const [plan] = await selectRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`,
  );
  const total = Math.max(
    Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0),
    EXACT_COUNT_LIMIT + 1,
  );
  if (estimates.size >= ESTIMATE_CACHE_SIZE) estimates.clear();
  estimates.set(cacheKey, { total, expires: Date.now() + ESTIMATE_TTL_MS });
  return total;
}

export interface ListPage {
  /** `FROM … WHERE …` of the list. */
  fromWhere: SQL;
  /** The rows' id, and the order of the list (ending with a unique column). */
  idColumn: SQL;
  orderBy: SQL;
  page: number;
  perPage: number;
  /** Names the list and its filters, for the cached estimate. */
  cacheKey: string;
  /**
   * Finding the list's rows is the costly part (a search term's trigram index scan, a website's
   * variants each looked up): it is done once for the page and the count.
   */
  findOnce: boolean;
  /**
   * The best plan depends on the values (a search term: a rare one is found through the trigram
   * index, a common one along the list's order), so the page is planned for each request instead
   * of being prepared once per connection.
   */
  planEachTime: boolean;
}

/**
 * What makes a content list costly to find, from its query: a search term or a website filter is
 * found once for the page and the count, and a search term decides the plan.
 */
export const findingCost = (query: { query: string; website_id?: number }) => ({
  findOnce: query.query !== '' || query.website_id !== undefined,
  planEachTime: query.query !== '',
});

/** Selects the answer's rows whose id is in `ids`, an int[] expression, in any order. */
export type RowsOf = (ids: SQL) => SQL;

/**
 * Lists lately counted past EXACT_COUNT_LIMIT, until when: their first pages skip the count and
 * answer the estimate, as deep pages do. A list that shrinks meanwhile is counted again once the
 * entry expires; until then its total stays flagged as an estimate.
 */
const largeLists = new Map<string, number>();

function rememberLarge(cacheKey: string) {
  if (largeLists.size >= ESTIMATE_CACHE_SIZE) largeLists.clear();
  largeLists.set(cacheKey, Date.now() + ESTIMATE_TTL_MS);
}

const knownLarge = (cacheKey: string) => (largeLists.get(cacheKey) ?? 0) > Date.now();

/**
 * Runs `page` (one row: the page's `ids` in order and the counted `total`, or null) and selects
 * the rows of those ids. Prepared, both are one statement: a round trip less per request. A page
 * planned each time is read first, so that the rows' statement, whose plan suits any page, stays
 * prepared.
 */
export async function pageWithRows<R extends { id: number }>(
  db: Executor,
  page: SQL,
  rowsOf: RowsOf,
  { planEachTime = false } = {},
): Promise<{ ids: number[]; counted: number | undefined; records: R[] }> {
  if (planEachTime) {
    const [found] = await selectRows<{ ids: number[]; total: number | null }>(db, page);
    const ids = found?.ids ?? [];
    const records = ids.length > 0 ? await preparedRows<R>(db, rowsOf(idArray(ids))) : [];
    return { ids, counted: found?.total ?? undefined, records };
  }
  // The rows come in the page's order, so their ids are the page's: the array is not sent back.
  const rows = await preparedRows<R & { page_total: number | null }>(
    db,
    sql`WITH page AS MATERIALIZED (${page})
        SELECT page.total AS page_total, found.*
        FROM page LEFT JOIN LATERAL (${rowsOf(sql`page.ids`)}) found ON TRUE
        ORDER BY array_position(page.ids, found.id)`,
  );
  const records = rows
    .filter((row) => row.id !== null)
    .map(({ page_total: _total, ...record }) => record as unknown as R);
  return {
    ids: records.map((record) => record.id),
    counted: rows[0]?.page_total ?? undefined,
    records,
  };
}

/**
 * One scan finds the first EXACT_COUNT_LIMIT + 1 rows, counts them and keeps the page's.
 * row_number() numbers the rows in the order the sorted subquery yields them.
 */
const numberedPage = (list: ListPage, offset: number) =>
  sql`SELECT COALESCE(array_agg(id ORDER BY position), '{}') AS ids, max(total) AS total FROM (
        SELECT id, total, position FROM (
          SELECT id, count(*) OVER ()::int AS total, row_number() OVER () AS position
          FROM (SELECT ${list.idColumn} AS id ${list.fromWhere} ORDER BY ${list.orderBy}
                LIMIT ${EXACT_COUNT_LIMIT + 1}) first_rows
        ) numbered
        WHERE position > ${offset} ORDER BY position LIMIT ${list.perPage}) page_rows`;

/**
 * Other lists: the page through the list's order (an index walk that stops after the page) and,
 * unless `counting` is off, a count that stops past EXACT_COUNT_LIMIT.
 */
const orderedPage = (list: ListPage, offset: number, counting: boolean) =>
  sql`SELECT ARRAY(SELECT ${list.idColumn} ${list.fromWhere} ORDER BY ${list.orderBy}
                   LIMIT ${list.perPage} OFFSET ${offset}) AS ids,
             ${
               counting
                 ? sql`(SELECT count(*)::int FROM (SELECT 1 ${list.fromWhere}
                                                   LIMIT ${EXACT_COUNT_LIMIT + 1}) capped)`
                 : sql`NULL::int`
             } AS total`;

/**
 * One page of a list with its rows (`rowsOf`), in order, and the list's total, without a full
 * count of a big table: an exact count up to EXACT_COUNT_LIMIT rows, the planner's estimate
 * beyond. Pages within the first EXACT_COUNT_LIMIT rows are counted in the same statement (a
 * list found at a cost numbers those rows once); deeper pages, and the first pages of a list
 * lately found larger, take the page alone and the estimate.
 */
export async function listPage<R extends { id: number }>(
  db: Db,
  list: ListPage,
  rowsOf: RowsOf,
): Promise<{ records: R[]; ids: number[]; total: number; estimated: boolean }> {
  const offset = (list.page - 1) * list.perPage;
  const estimating =
    offset + list.perPage > EXACT_COUNT_LIMIT || (!list.findOnce && knownLarge(list.cacheKey));
  const statement = estimating
    ? orderedPage(list, offset, false)
    : list.findOnce
      ? numberedPage(list, offset)
      : orderedPage(list, offset, true);
  const { ids, counted, records } = await pageWithRows<R>(db, statement, rowsOf, list);
  const found = { records, ids };
  if (estimating) {
    // A short page is the last one: its total is known exactly.
    if (ids.length > 0 && ids.length < list.perPage) {
      return { ...found, total: offset + ids.length, estimated: false };
    }
    if (ids.length === 0) {
      const total = await cappedCount(db, list.fromWhere);
      if (total <= EXACT_COUNT_LIMIT) return { ...found, total, estimated: false };
    }
  } else {
    // A page past the last row carries no count of a found list: it is counted apart.
    const total = counted ?? (offset === 0 ? 0 : await cappedCount(db, list.fromWhere));
    if (total <= EXACT_COUNT_LIMIT) return { ...found, total, estimated: false };
    rememberLarge(list.cacheKey);
  }
  const total = await estimatedRows(db, list.fromWhere, list.cacheKey);
  return { ...found, total, estimated: true };
}

/** Counts the list's rows, stopping past EXACT_COUNT_LIMIT (a page asked beyond the last). */
async function cappedCount(db: Executor, fromWhere: SQL) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 ${fromWhere} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
  );
  return row?.total ?? 0;
}

/** Shapes a page whose total may be an estimate; the total never falls short of the rows seen. */
export function estimatedPage<T>(
  data: T[],
  options: { page: number; perPage: number; path: string },
  counted: { total: number; estimated: boolean },
) {
  const seen = data.length > 0 ? (options.page - 1) * options.perPage + data.length : 0;
  const total = Math.max(counted.total, seen);
  return {
    ...paginate(data, { ...options, total }),
    total_is_estimate: counted.estimated,
  };
}

// ── Existence ─────────────────────────────────────────────────────────────────────────────────

/** Bulk calls are all-or-nothing: any unknown id refuses the whole call with a 422 on `ids`. */
export async function assertIdsExist(db: Executor, table: string, ids: readonly number[]) {
  const missing = await selectRows<{ id: number }>(
    db,
    sql`SELECT wanted.id FROM unnest(${idArray(ids)}) AS wanted(id)
        WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} t WHERE t.id = wanted.id)
        ORDER BY wanted.id`,
  );
  if (missing.length > 0) {
    throw validationError({ ids: unknownIdsMessage(missing.map((row) => row.id)) });
  }
}

// ── Variants ──────────────────────────────────────────────────────────────────────────────────

/**
 * Gives the selected posts exactly one variant per website of their category: adds the missing
 * ones (with the post's description) and removes those of websites the category no longer has.
 * `postCondition` is a condition on `p` (posts).
 */
export async function syncPostVariants(db: Executor, postCondition: SQL) {
  await db.execute(sql`
    DELETE FROM post_variants pv USING posts p
    WHERE p.id = pv.post_id AND ${postCondition}
      AND NOT EXISTS (SELECT 1 FROM category_variants cv
                      WHERE cv.category_id = p.category_id AND cv.website_id = pv.website_id)`);
  await db.execute(sql`
    INSERT INTO post_variants (post_id, website_id, description)
    SELECT p.id, cv.website_id, p.description
    FROM posts p JOIN category_variants cv ON cv.category_id = p.category_id
    WHERE ${postCondition}
    ON CONFLICT (post_id, website_id) DO NOTHING`);
}

/**
 * After a record's content changed: every variant gets a new version (a new idempotency key for
 * its next delivery), variants already posted somewhere are marked updated-after-posted, and
 * variants whose description was still the record's old one follow the new one.
 */
export async function markContentChanged(
  db: Executor,
  kind: ContentKind,
  recordId: number,
  descriptions: { before: string; after: string },
) {
  await db.execute(sql`
    UPDATE ${sql.identifier(kind.variants)} SET
      version = version + 1,
      is_updated_after_posted = is_updated_after_posted OR is_posted_to_website
        OR is_posted_to_facebook OR is_posted_to_twitter OR is_posted_to_linkedin
        OR is_posted_to_tiktok OR is_posted_to_youtube,
      description = CASE WHEN description = ${descriptions.before}
                         THEN ${descriptions.after} ELSE description END,
      updated_at = now()
    WHERE ${sql.identifier(kind.owner)} = ${recordId}`);
}

// ── Detailed Review ──

async function assertRecordExists(db: Executor, kind: ContentKind, id: number) {
  const [found] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(kind.records)} WHERE id = ${id}`,
  );
  if (!found) throw notFound();
}

interface VariantRecord {
  pivot_id: number;
  website_id: number;
  website_name: string;
  description: string;
  version: number;
  synced: boolean;
  is_approved: boolean;
  is_updated_after_posted: boolean;
  is_posted_to_website: boolean;
  is_posted_to_facebook: boolean;
  is_posted_to_twitter: boolean;
  is_posted_to_linkedin: boolean;
  is_posted_to_tiktok: boolean;
  is_posted_to_youtube: boolean;
  delivery_status: DeliveryStatus | null;
  delivery_error: string | null;
  deliveries: Partial<Record<DeliveryTarget, TargetDelivery>>;
  created_at: Date | string;
}

/** A variant's per-target deliveries as Detailed Review lists them, in the targets' order. */
const deliveryList = (deliveries: VariantRecord['deliveries']) =>
  DELIVERY_TARGETS.flatMap((target) => {
    const delivery = deliveries[target];
    return delivery ? [{ target, status: delivery.status, error: delivery.error }] : [];
  });

const FLAG_COLUMNS = [
  'synced',
  'is_approved',
  'is_updated_after_posted',
  'is_posted_to_website',
  'is_posted_to_facebook',
  'is_posted_to_twitter',
  'is_posted_to_linkedin',
  'is_posted_to_tiktok',
  'is_posted_to_youtube',
] as const;

type FlagColumn = (typeof FLAG_COLUMNS)[number];

/** The answer's flags are 1 or 0, like the records' own flags. */
const flagNumbers = (record: Record<FlagColumn, boolean>) =>
  Object.fromEntries(FLAG_COLUMNS.map((flag) => [flag, record[flag] ? 1 : 0])) as Record<
    FlagColumn,
    number
  >;

/**
 * A page of a record's variants for Detailed Review, with its website, ordered by website name.
 * The record's name or title is answered as the kind's `nameField`. A record has at most one
 * variant per website, so the page and the exact total come from one prepared statement.
 */
export async function detailRows<K extends ContentKind>(
  db: Db,
  kind: K,
  recordId: number,
  options: { page: number; perPage?: number; path: string },
) {
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const records = await preparedRows<VariantRecord & { record_name: string; total: number }>(
    db,
    sql`SELECT v.id AS pivot_id, v.website_id,
               (SELECT w.name FROM websites w WHERE w.id = v.website_id) AS website_name,
               v.description, v.version, ${sql.join(
                 FLAG_COLUMNS.map((flag) => sql`v.${sql.identifier(flag)}`),
                 sql`, `,
               )},
               v.delivery_status, v.delivery_error, v.deliveries, v.created_at,
               r.${sql.identifier(kind.nameColumn)} AS record_name,
               count(*) OVER ()::int AS total
        FROM ${sql.identifier(kind.variants)} v
        JOIN ${sql.identifier(kind.records)} r ON r.id = v.${sql.identifier(kind.owner)}
        WHERE v.${sql.identifier(kind.owner)} = ${recordId}
        ORDER BY website_name, v.id
        LIMIT ${perPage} OFFSET ${(options.page - 1) * perPage}`,
  );
  const total = records[0]?.total ?? (await variantCount(db, kind, recordId));
  const data = records.map(({ record_name, created_at, total: _total, ...record }) => ({
    ...record,
    ...flagNumbers(record),
    deliveries: deliveryList(record.deliveries),
    [kind.nameField]: record_name,
    created_at: isoText(created_at),
  })) as (z.infer<typeof detailRowBaseSchema> & Record<K['nameField'], string>)[];
  return estimatedPage(
    data,
    { page: options.page, perPage, path: options.path },
    { total, estimated: false },
  );
}

/** How many variants a record has, for a page past its last; 404 when there is no such record. */
async function variantCount(db: Db, kind: ContentKind, recordId: number) {
  await assertRecordExists(db, kind, recordId);
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM ${sql.identifier(kind.variants)}
        WHERE ${sql.identifier(kind.owner)} = ${recordId}`,
  );
  return row?.total ?? 0;
}

// ── Actions ───────────────────────────────────────────────────────────────────────────────────

type Skipped = ActionAnswer['skipped'];

/** Sync (GET /api/{categories,posts}/sync/{id}): the record and all its variants are marked synced. */
export function syncRecord(db: Db, kind: ContentKind, id: number) {
  return db.transaction(async (tx) => {
    const [found] = await selectRows<{ id: number }>(
      tx,
      sql`SELECT id FROM ${sql.identifier(kind.records)} WHERE id = ${id} FOR UPDATE`,
    );
    if (!found) throw notFound();
    await markRecords(tx, kind, 'synced', [id]);
  });
}
type Outcome = Omit<ActionAnswer, 'message'>;

const VARIANT_FLAGS = { synced: 'synced', approved: 'is_approved' } as const;
/** The categories' own columns for the same flags (posts have none: theirs live on variants). */
const CATEGORY_FLAGS = { synced: 'synced', approved: 'is_approved' } as const;

/** Which rules decide that a variant is not published. */
interface PublishRules {
  /** Only active websites receive publishing jobs (always on for publishing). */
  activeWebsite: boolean;
  approved: boolean;
  /** Skip variants already posted to their website and not changed since (webSync). */
  changedSincePosted: boolean;
}

const PUBLISH_ANY: PublishRules = {
  activeWebsite: true,
  approved: false,
  changedSincePosted: false,
};
const PUBLISH_APPROVED: PublishRules = {
  activeWebsite: true,
  approved: true,
  changedSincePosted: false,
};
const WEB_SYNC: PublishRules = { activeWebsite: true, approved: true, changedSincePosted: true };
const REGENERATE: PublishRules = {
  activeWebsite: false,
  approved: false,
  changedSincePosted: false,
};

/** The reason a variant `v` of website `w` is left alone under `rules`, or NULL to queue it. */
function skipReason(rules: PublishRules): SQL {
  const cases: SQL[] = [];
  if (rules.activeWebsite) cases.push(sql`WHEN w.status <> 1 THEN ${SKIP_REASONS.websiteInactive}`);
  if (rules.approved) cases.push(sql`WHEN NOT v.is_approved THEN ${SKIP_REASONS.notApproved}`);
  if (rules.changedSincePosted) {
    cases.push(
      sql`WHEN v.is_posted_to_website AND NOT v.is_updated_after_posted THEN ${SKIP_REASONS.alreadyPosted}`,
    );
  }
  return cases.length === 0
    ? sql`NULL::text`
    : sql`(CASE ${sql.join(cases, sql` `)} ELSE NULL END)`;
}

/**
 * Queues a job per selected variant and target, marks those variants 'queued', and counts the
 * others per reason. `variantCondition` is a condition on `v` (the variants).
 */
async function queueJobs(
  tx: Executor,
  queue: JobQueue,
  kind: ContentKind,
  variantCondition: SQL,
  targets: readonly DeliveryTarget[],
  rules: PublishRules,
): Promise<{ queued: number; skipped: Skipped }> {
  const variants = sql.identifier(kind.variants);
  const reason = skipReason(rules);
  const skipped = await selectRows<{ reason: string; count: number }>(
    tx,
    sql`SELECT reason, count(*)::int AS count FROM (
          SELECT ${reason} AS reason FROM ${variants} v JOIN websites w ON w.id = v.website_id
          WHERE ${variantCondition}) reasons
        WHERE reason IS NOT NULL GROUP BY reason ORDER BY reason`,
  );
  const marked = await selectRows<{ id: number; version: number }>(
    tx,
    sql`UPDATE ${variants} v
        SET ${settingTargets(
          Object.fromEntries(targets.map((target) => [target, { status: 'queued', error: null }])),
        )}, updated_at = now()
        FROM websites w
        WHERE w.id = v.website_id AND ${variantCondition} AND ${reason} IS NULL
        RETURNING v.id, v.version`,
  );
  const jobs: ContentJob[] = marked.flatMap((variant) =>
    targets.map((target) => ({
      queue: queueFor(target),
      data: { kind: kind.kind, variantId: variant.id, version: variant.version, target },
    })),
  );
  const queued = await queue.enqueue(tx, jobs);
  return { queued, skipped };
}

/** Sets a flag on the variants matching `variantCondition`; answers the owners it changed. */
async function setVariantFlag(
  tx: Executor,
  kind: ContentKind,
  flag: keyof typeof VARIANT_FLAGS,
  variantCondition: SQL,
  countColumn: 'id' | 'owner',
): Promise<number[]> {
  const column = sql.identifier(VARIANT_FLAGS[flag]);
  const returned = countColumn === 'id' ? sql`v.id` : sql`v.${sql.identifier(kind.owner)}`;
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.variants)} v SET ${column} = true, updated_at = now()
        WHERE ${variantCondition} AND NOT v.${column}
        RETURNING ${returned} AS id`,
  );
  return [...new Set(rows.map((row) => row.id))];
}

/** A category's own flag follows its variants: set once every variant has it. */
async function settleCategoryFlag(
  tx: Executor,
  flag: keyof typeof VARIANT_FLAGS,
  categoryCondition: SQL,
): Promise<number[]> {
  const own = sql.identifier(CATEGORY_FLAGS[flag]);
  const variantFlag = sql.identifier(VARIANT_FLAGS[flag]);
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE categories c SET ${own} = 1, updated_at = now()
        WHERE ${categoryCondition} AND c.${own} <> 1
          AND NOT EXISTS (SELECT 1 FROM category_variants v
                          WHERE v.category_id = c.id AND NOT v.${variantFlag})
        RETURNING c.id`,
  );
  return rows.map((row) => row.id);
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
  ids: readonly number[],
) {
  const name = sql.identifier(column);
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE ${sql.identifier(kind.records)} SET ${name} = ${value}, updated_at = now()
        WHERE id = ANY(${idArray(ids)}) AND ${name} <> ${value} RETURNING id`,
  );
  return rows.length;
}

/** Marks records (and all their variants) synced or approved. */
async function markRecords(
  tx: Executor,
  kind: ContentKind,
  flag: keyof typeof VARIANT_FLAGS,
  ids: readonly number[],
) {
  const owners = sql`v.${sql.identifier(kind.owner)} = ANY(${idArray(ids)})`;
  const changed = new Set(await setVariantFlag(tx, kind, flag, owners, 'owner'));
  if (kind.kind === 'category') {
    const own = sql.identifier(CATEGORY_FLAGS[flag]);
    const rows = await selectRows<{ id: number }>(
      tx,
      sql`UPDATE categories SET ${own} = 1, updated_at = now()
          WHERE id = ANY(${idArray(ids)}) AND ${own} <> 1 RETURNING id`,
    );
    for (const row of rows) changed.add(row.id);
  }
  return changed.size;
}

/**
 * Runs a bulk action of the Categories or Posts list on records `ids`, in one transaction: the
 * records must all exist; flags change on the records and their variants; publishing actions
 * queue jobs in the same transaction.
 */
export function runBulkAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  ids: readonly number[],
  action: CategoryAction | PostAction,
): Promise<Outcome> {
  const unique = [...new Set(ids)];
  const owners = sql`v.${sql.identifier(kind.owner)} = ANY(${idArray(unique)})`;
  return db.transaction(async (tx) => {
    await assertIdsExist(tx, kind.records, unique);
    switch (action) {
      case 'synced':
        return flagOutcome(unique.length, await markRecords(tx, kind, 'synced', unique));
      case 'approve':
        return flagOutcome(unique.length, await markRecords(tx, kind, 'approved', unique));
      case 'enable':
      case 'disable': {
        const status = action === 'enable' ? 1 : 2;
        return flagOutcome(
          unique.length,
          await setRecordColumn(tx, kind, 'status', status, unique),
        );
      }
      case 'auto_google_sync':
        return flagOutcome(unique.length, await switchOnGeneration(tx, kind, unique));
      case 'webSync':
        return { changed: 0, ...(await queueJobs(tx, queue, kind, owners, ['website'], WEB_SYNC)) };
      case 'forceWebSync':
        return {
          changed: 0,
          ...(await queueJobs(tx, queue, kind, owners, ['website'], PUBLISH_ANY)),
        };
      case 'publish_web': {
        const changed = await markRecords(tx, kind, 'approved', unique);
        return { changed, ...(await queueJobs(tx, queue, kind, owners, ['website'], PUBLISH_ANY)) };
      }
      case 'publish_facebook':
      case 'publish_tiktok':
      case 'publish_twitter':
      case 'publish_linkedin': {
        const network = action.slice('publish_'.length) as PublishTarget;
        return {
          changed: 0,
          ...(await queueJobs(tx, queue, kind, owners, [network], PUBLISH_APPROVED)),
        };
      }
    }
  });
}

/**
 * SyncVertex: automatic generation runs per category, so for posts it is switched on for their
 * categories; `changed` counts the records whose (category's) setting changed.
 */
async function switchOnGeneration(tx: Executor, kind: ContentKind, ids: readonly number[]) {
  if (kind.kind === 'category') return setRecordColumn(tx, kind, 'auto_google_sync', 1, ids);
  const [row] = await selectRows<{ changed: number }>(
    tx,
    sql`WITH switched AS (
          UPDATE categories SET auto_google_sync = 1, updated_at = now()
          WHERE id IN (SELECT category_id FROM posts WHERE id = ANY(${idArray(ids)}))
            AND auto_google_sync <> 1
          RETURNING id)
        SELECT count(*)::int AS changed FROM posts
        WHERE id = ANY(${idArray(ids)}) AND category_id IN (SELECT id FROM switched)`,
  );
  return row?.changed ?? 0;
}

const DETAIL_TARGETS: Partial<Record<DetailAction, readonly DeliveryTarget[]>> = {
  post_to_website: ['website'],
  post_to_facebook: ['facebook'],
  post_to_twitter: ['twitter'],
  post_to_linkedin: ['linkedin'],
  post_to_tiktok: ['tiktok'],
  post_to_youtube: ['youtube'],
  post_to_all: ['website', ...SOCIAL_NETWORKS],
};

/**
 * Runs a Detailed Review action on variants (`ids` are pivot ids), in one transaction. Posting
 * needs an approved variant on an active website; regeneration queues whatever the flags.
 */
export function runDetailAction(
  db: Db,
  queue: JobQueue,
  kind: ContentKind,
  ids: readonly number[],
  action: DetailAction,
): Promise<Outcome> {
  const unique = [...new Set(ids)];
  const selected = sql`v.id = ANY(${idArray(unique)})`;
  return db.transaction(async (tx) => {
    await assertIdsExist(tx, kind.variants, unique);
    if (action === 'mark_approved' || action === 'mark_synced') {
      const flag = action === 'mark_approved' ? 'approved' : 'synced';
      const changed = await setVariantFlag(tx, kind, flag, selected, 'id');
      if (kind.kind === 'category') {
        await settleCategoryFlag(
          tx,
          flag,
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
  });
}
