import {
  DEFAULT_PER_PAGE,
  type OrderDirection,
  type Paginated,
  paginate,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { asc, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { validationError } from '../errors.ts';

/** Escapes LIKE's wildcards so that a search for "50%" means the text "50%". */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search box's condition: any of the columns contains the term, case-insensitively.
 * Each searched column has a trigram index, which `ILIKE '%term%'` uses.
 */
export function searchCondition(term: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
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
    query.rows(perPage, (request.page - 1) * perPage),
    query.count(),
  ]);
  return paginate(data, { page: request.page, perPage, total, path });
}

/** Bulk calls are all-or-nothing: any unknown id refuses the whole call with a 422. */
export async function assertAllExist(db: Db, table: PgTable, idColumn: PgColumn, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: idColumn }).from(table).where(inArray(idColumn, unique));
  const known = new Set(found.map((row) => row.id as number));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) throw validationError({ ids: unknownIdsMessage(missing) });
  return unique;
}
