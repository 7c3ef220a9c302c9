import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { csvFileName, csvLine } from '../lib/csv.ts';
import { inPageOrder } from './page.ts';

/**
 * Every list's CSV export (GET /api/{resource}/export): the list's own filters and order, read in
 * keyset batches (each batch starts after the previous one's last row, through the list's order
 * index), shaped as the list answers its rows and streamed out as it is read, so that memory stays
 * flat however many rows match.
 */

export const EXPORT_BATCH_SIZE = 500;

/** A list's order as keyset batches read it: one sort expression, then the id, one direction. */
export interface KeysetOrder {
  key: SQL;
  id: SQL;
  direction: 'asc' | 'desc';
  /** A key that may be NULL: PostgreSQL puts NULLs last ascending, first descending. */
  nullable?: boolean;
}

/** Where the previous batch ended: its last row's sort key (as text) and id. */
export interface KeysetMark {
  key: string | null;
  id: number;
}

/** The rows after `mark` in `order` (everything without a mark). */
export function keysetAfter(order: KeysetOrder, mark: KeysetMark | undefined): SQL {
  if (!mark) return sql`TRUE`;
  const { key, id } = order;
  const ascending = order.direction === 'asc';
  const beyond = ascending ? sql`>` : sql`<`;
  if (mark.key === null) {
    return ascending
      ? sql`(${key} IS NULL AND ${id} > ${mark.id})`
      : sql`((${key} IS NULL AND ${id} < ${mark.id}) OR ${key} IS NOT NULL)`;
  }
  const after = sql`(${key}, ${id}) ${beyond} (${mark.key}, ${mark.id})`;
  return ascending && order.nullable ? sql`(${after} OR ${key} IS NULL)` : after;
}

/** The ORDER BY that matches `keysetAfter`. */
export function keysetOrderBy(order: KeysetOrder): SQL {
  const direction = sql.raw(order.direction.toUpperCase());
  return sql`${order.key} ${direction}, ${order.id} ${direction}`;
}

/** The sort key as the marks carry it. */
export const keysetKeyText = (order: KeysetOrder) => sql`(${order.key})::text`;

/** A batch's ids with their sort key, as `keysetBatches` reads them. */
export interface KeyedId {
  id: number;
  sort_key: string | null;
}

/**
 * Reads a list in batches: `readIds` answers the next ids (with their sort keys) after a mark,
 * `shape` turns a batch's ids into the list's answer rows.
 */
export async function* keysetBatches<T>(
  readIds: (mark: KeysetMark | undefined, limit: number) => Promise<KeyedId[]>,
  shape: (ids: number[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let mark: KeysetMark | undefined;
  for (;;) {
    const found = await readIds(mark, EXPORT_BATCH_SIZE);
    if (found.length === 0) return;
    yield await shape(found.map((row) => row.id));
    if (found.length < EXPORT_BATCH_SIZE) return;
    const last = found[found.length - 1]!;
    mark = { key: last.sort_key, id: last.id };
  }
}

export interface CsvExport<T> {
  /** The file's resource name: `sitefleet-<resource>-YYYY-MM-DD.csv`. */
  resource: string;
  /** The list's row schema: its fields are the columns, in order. */
  row: z.ZodObject;
  /** How many rows match: sent ahead as X-Total-Count, for the client's progress. */
  total: number;
  batches: AsyncIterable<T[]>;
}

async function* csvLines<T>(columns: string[], batches: AsyncIterable<T[]>) {
  yield csvLine(columns);
  for await (const batch of batches) {
    yield batch
      .map((row) => csvLine(columns.map((column) => (row as Record<string, unknown>)[column])))
      .join('');
  }
}

/**
 * The route config of a CSV download: it streams for as long as its client takes to read it, so it
 * takes no turn in the requests' queue (a slow download would keep a turn for minutes), and it is
 * sent uncompressed, each batch as soon as it is read.
 */
export const CSV_DOWNLOAD = { queued: false, uncompressed: true } as const;

/** Streams the export as a CSV attachment, header row first. */
export function sendCsv<T>(reply: FastifyReply, data: CsvExport<T>) {
  const columns = Object.keys(data.row.shape);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(data.resource)}"`)
    .header('x-total-count', String(data.total))
    .header('access-control-expose-headers', 'X-Total-Count, Content-Disposition')
    .send(Readable.from(csvLines(columns, data.batches)));
}

/** A list's keyset order from its query's `order_key` and `order_dir` (as `listOrder` sorts). */
export function columnOrder<Key extends string>(
  query: { order_key: Key; order_dir: 'asc' | 'desc' },
  columns: Record<Key, PgColumn>,
  idColumn: PgColumn,
): KeysetOrder {
  const column = columns[query.order_key];
  return {
    key: sql`${column}`,
    id: sql`${idColumn}`,
    direction: query.order_dir,
    nullable: !column.notNull,
  };
}

export interface ListExport<T> {
  resource: string;
  row: z.ZodObject;
  /** `FROM … WHERE …` of the list (its filters and search). */
  fromWhere: SQL;
  order: KeysetOrder;
  /** The list's answer rows for a batch's ids, in any order. */
  shape: (ids: number[]) => Promise<(T & { id: number })[]>;
  /** A total known without counting (the posts' per-range counts). */
  total?: () => Promise<number>;
}

/** Counts the list and prepares its batches: the export, ready to send. */
export async function listExport<T>(db: Executor, list: ListExport<T>): Promise<CsvExport<T>> {
  const { fromWhere, order } = list;
  const total = list.total
    ? await list.total()
    : ((await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total ${fromWhere}`))[0]
        ?.total ?? 0);
  const readIds = (mark: KeysetMark | undefined, limit: number) =>
    queryRows<KeyedId>(
      db,
      sql`SELECT ${order.id} AS id, ${keysetKeyText(order)} AS sort_key ${fromWhere}
            AND ${keysetAfter(order, mark)}
          ORDER BY ${keysetOrderBy(order)} LIMIT ${limit}`,
    );
  const inOrder = async (ids: number[]) => inPageOrder(ids, await list.shape(ids), (row) => row);
  return {
    resource: list.resource,
    row: list.row,
    total,
    batches: keysetBatches(readIds, inOrder),
  };
}

/** The OpenAPI description of an export route: the list's query in, a CSV file out. */
export function exportRouteSchema<Q extends z.ZodType>(
  tags: string[],
  resource: string,
  querystring: Q,
) {
  return {
    tags,
    summary: `Export the ${resource} list as CSV`,
    description:
      "Takes the list's query (search, filters, sort; paging is ignored) and streams every matching row as a CSV attachment, header row first. X-Total-Count says how many rows follow.",
    querystring,
    produces: ['text/csv'],
    response: { 200: z.string().describe('The CSV file') },
  };
}
