import {
  DEFAULT_PER_PAGE,
  EXACT_COUNT_LIMIT,
  type OrderDirection,
  type Paginated,
  pageOffset,
  paginate,
} from '@sitefleet/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, type Executor, preparedRows, queryRows } from '../db/client.ts';
import { estimatedRows, knownLarge, rememberLarge, type SampledList } from './estimate.ts';
import { givenPage, pageRowsOf, pageWithRows, type RowsOf } from './rows.ts';

/**
 * Every list of the product is paged here: the small lists count and page in two queries
 * (`pageOf`); the big content lists find a page without a full count (`listPage`), and the list
 * of every post reads its total and its page's start from the per-range counts (`post_ranges`).
 */

export interface PageRequest {
  page: number;
  per_page?: number;
}

/** Runs a list's page query and its count, and shapes the paged answer. */
export async function pageOf<T>(
  request: PageRequest,
  path: string,
  query: {
    rows: (limit: number, offset: number) => Promise<T[]>;
    count: () => Promise<number>;
  },
): Promise<Paginated<T>> {
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const [data, total] = await Promise.all([
    query.rows(perPage, pageOffset(request.page, perPage)),
    query.count(),
  ]);
  return paginate(data, { page: request.page, perPage, total, path });
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

/**
 * PostgreSQL's text of a time in UTC ("2026-11-30 09:15:02.123456+00"): its date, its time, and
 * up to six digits of its fraction of a second.
 */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * Timestamps arrive as Date or text depending on the driver; answers carry ISO text, to the
 * millisecond as a Date has it. A time in UTC is rewritten as text: a list page has 20–40 of them,
 * and parsing each into a Date to print it again took 23 of the 50 µs of the posts list's own code
 * a request, in a profile. Any other text (a session in another time zone) goes through a Date.
 */
export function isoText(value: Date | string): string {
  const utc = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
/** A time the database may not have: ISO text, or null. */
export const isoTextOrNull = (value: Date | string | null) =>
  value === null ? null : isoText(value);

export interface ListPage {
  /**
   * `FROM … WHERE …` of the list; with a `GROUP BY` of the id when the rows are found through
   * another table's (a post per group of its variants).
   */
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
  /**
   * For a list the planner estimates poorly (found by a search term, or through another table's
   * groups): its total is estimated from a sample of its rows.
   */
  sampled?: SampledList;
  /**
   * The total is always counted, never estimated: a list of some thousands of rows at most (the
   * channels), whose answer has no `total_is_estimate` to say that its total is not exact.
   */
  exactTotal?: boolean;
}

/**
 * What makes a content list costly to find, from its query: a search term or a website filter is
 * found once for the page and the count, and a search term decides the plan.
 */
export const findingCost = (query: { query: string; website_id?: number }) => ({
  findOnce: query.query !== '' || query.website_id !== undefined,
  planEachTime: query.query !== '',
});

/** How far a count of the list goes: past EXACT_COUNT_LIMIT, or to its end for an exact total. */
const countLimit = (list: ListPage) =>
  list.exactTotal ? sql`` : sql`LIMIT ${EXACT_COUNT_LIMIT + 1}`;

/**
 * One scan finds the first EXACT_COUNT_LIMIT + 1 rows (every row, for an exact total), counts
 * them and keeps the page's. row_number() numbers the rows in the order the sorted subquery
 * yields them.
 */
const numberedPage = (list: ListPage, offset: number) =>
  sql`SELECT COALESCE(array_agg(id ORDER BY position), '{}') AS ids, max(total) AS total FROM (
        SELECT id, total, position FROM (
          SELECT id, count(*) OVER ()::int AS total, row_number() OVER () AS position
          FROM (SELECT ${list.idColumn} AS id ${list.fromWhere} ORDER BY ${list.orderBy}
                ${countLimit(list)}) first_rows
        ) numbered
        WHERE position > ${offset} ORDER BY position LIMIT ${list.perPage}) page_rows`;

/**
 * Other lists: the page through the list's order (an index walk that stops after the page) and,
 * unless `counting` is off, a count that stops past EXACT_COUNT_LIMIT (countLimit).
 */
const orderedPage = (list: ListPage, offset: number, counting: boolean) =>
  sql`SELECT ARRAY(SELECT ${list.idColumn} ${list.fromWhere} ORDER BY ${list.orderBy}
                   LIMIT ${list.perPage} OFFSET ${offset}) AS ids,
             ${
               counting
                 ? sql`(SELECT count(*)::int FROM (SELECT 1 ${list.fromWhere}
                                                   ${countLimit(list)}) capped)`
                 : sql`NULL::int`
             } AS total`;

/** What a page's reading answers: how many ids the page had, and its counted total if any. */
interface PageRead {
  size: number;
  counted: number | undefined;
}

/**
 * A page of a list and the list's total, without a full count of a big table: an exact count up
 * to EXACT_COUNT_LIMIT rows, the planner's estimate beyond. Pages within the first
 * EXACT_COUNT_LIMIT rows are counted in the same statement (a list found at a cost numbers those
 * rows once); deeper pages, and the first pages of a list lately found larger, take the page
 * alone and the estimate. `read` runs the page's statement with the rows' own.
 */
async function pageAndTotal<T extends PageRead>(
  db: Db,
  list: ListPage,
  read: (page: SQL) => Promise<T>,
): Promise<T & { total: number; estimated: boolean }> {
  const offset = pageOffset(list.page, list.perPage);
  const estimating =
    !list.exactTotal &&
    (offset + list.perPage > EXACT_COUNT_LIMIT || knownLarge(db, list.cacheKey));
  const statement = estimating
    ? orderedPage(list, offset, false)
    : list.findOnce
      ? numberedPage(list, offset)
      : orderedPage(list, offset, true);
  const found = await read(statement);
  const { size, counted } = found;
  if (estimating) {
    // A short page is the last one: its total is known exactly.
    if (size > 0 && size < list.perPage) {
      return { ...found, total: offset + size, estimated: false };
    }
    if (size === 0) {
      const total = await cappedCount(db, list);
      if (total <= EXACT_COUNT_LIMIT) return { ...found, total, estimated: false };
    }
  } else {
    // A page past the last row carries no count of a found list: it is counted apart.
    const total = counted ?? (offset === 0 ? 0 : await cappedCount(db, list));
    if (total <= EXACT_COUNT_LIMIT || list.exactTotal) return { ...found, total, estimated: false };
    rememberLarge(db, list.cacheKey);
  }
  const total = await estimatedRows(db, list);
  return { ...found, total, estimated: true };
}

/** One page of a list with its rows (`rowsOf`), in order, and the list's total (pageAndTotal). */
export async function listPage<R extends { id: number }>(
  db: Db,
  list: ListPage,
  rowsOf: RowsOf,
): Promise<{ records: R[]; ids: number[]; total: number; estimated: boolean }> {
  const { ids, records, total, estimated } = await pageAndTotal(db, list, async (page) => {
    const found = await pageWithRows<R>(db, page, rowsOf, list);
    return { ...found, size: found.ids.length };
  });
  return { ids, records, total, estimated };
}

/**
 * A page (`page`: one row, its `ids` in order and the counted `total`, or null) with the JSON text
 * of its rows in that order, as one value: `rowsOf` selects each row's `id` and its `json` (the
 * answer's row, written by the database).
 */
const jsonPageRows = (page: SQL, rowsOf: RowsOf) =>
  sql`WITH page AS MATERIALIZED (${page})
      SELECT page.total AS page_total, cardinality(page.ids) AS size, rows.*
      FROM page CROSS JOIN LATERAL (
        SELECT count(*)::int AS found,
               '[' || COALESCE(string_agg(found.json::text, ',' ORDER BY array_position(page.ids, found.id)), '')
                 || ']' AS json
        FROM (${pageRowsOf(rowsOf)}) found) rows`;

/**
 * One page of a list whose rows the database writes as JSON (`rowsOf` selects `id` and `json`,
 * each row as the answer carries it), and the list's total (pageAndTotal). The page and its rows
 * are one statement, as in pageWithRows; the rows arrive as one text, sent as it is (JsonRowsPage):
 * the server neither parses nor serializes them.
 */
export async function listJsonPage(
  db: Db,
  list: ListPage,
  rowsOf: RowsOf,
): Promise<{ json: string; found: number; total: number; estimated: boolean }> {
  const { json, found, total, estimated } = await pageAndTotal(db, list, async (page) => {
    type Rows = { found: number; json: string; size: number; page_total: number | null };
    if (list.planEachTime) {
      const [paged] = await queryRows<{ ids: number[]; total: number | null }>(db, page);
      const ids = paged?.ids ?? [];
      const [rows] =
        ids.length > 0
          ? await preparedRows<Rows>(db, jsonPageRows(givenPage(ids), rowsOf))
          : [{ found: 0, json: '[]' }];
      return { ...rows!, size: ids.length, counted: paged?.total ?? undefined };
    }
    const [rows] = await preparedRows<Rows>(db, jsonPageRows(page, rowsOf));
    return { ...rows!, counted: rows!.page_total ?? undefined };
  });
  return { json, found, total, estimated };
}

/**
 * A list's answer whose rows are JSON text written by the database: the route writes the page
 * around them with its own serializer (the same bytes as a page of parsed rows would give).
 */
export class JsonRowsPage {
  constructor(
    /** The answer but its rows: what estimatedPage shapes, with `data` empty. */
    readonly envelope: { data: never[] },
    readonly rowsJson: string,
  ) {}

  /** The answer's text, from the route's serializer of the whole answer. */
  text(serialize: (payload: unknown) => string): string {
    const empty = serialize(this.envelope);
    const head = '{"data":[]';
    if (!empty.startsWith(head)) throw new Error(`A list answer starts ${empty.slice(0, 20)}`);
    return `{"data":${this.rowsJson}${empty.slice(head.length)}`;
  }

  /** The answer as parsed rows, for callers other than the route. */
  answer() {
    return { ...this.envelope, data: JSON.parse(this.rowsJson) as unknown[] };
  }
}

/** The answer of listJsonPage: the page shaped as estimatedPage shapes it, the rows as text. */
export function jsonPageAnswer(
  page: { json: string; found: number; total: number; estimated: boolean },
  options: { page: number; perPage: number; path: string },
) {
  const shaped = estimatedPage(Array.from({ length: page.found }), options, page);
  return new JsonRowsPage({ ...shaped, data: [] }, page.json);
}

/** Counts the list's rows as far as countLimit (a page asked beyond the last). */
async function cappedCount(db: Executor, list: ListPage) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 ${list.fromWhere} ${countLimit(list)}) capped`,
  );
  return row?.total ?? 0;
}

/** Shapes a page whose total may be an estimate; the total never falls short of the rows seen. */
export function estimatedPage<T>(
  data: T[],
  options: { page: number; perPage: number; path: string },
  counted: { total: number; estimated: boolean },
) {
  const seen = data.length > 0 ? pageOffset(options.page, options.perPage) + data.length : 0;
  const total = Math.max(counted.total, seen);
  return {
    ...paginate(data, { ...options, total }),
    total_is_estimate: counted.estimated,
  };
}

/**
 * A list's ORDER BY for its query's `order_key` and `order_dir` (the contract's orderQueryFields,
 * which fill in the list's default): the column `columns` maps the key to, then the id in the same
 * direction, so that rows with equal values keep one order from page to page.
 */
export function listOrder<Key extends string>(
  query: { order_key: Key; order_dir: OrderDirection },
  columns: Record<Key, PgColumn>,
  idColumn: PgColumn,
): SQL[] {
  const direction = query.order_dir === 'asc' ? asc : desc;
  return [direction(columns[query.order_key]), direction(idColumn)];
}
