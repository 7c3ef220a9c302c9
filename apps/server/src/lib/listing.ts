import type { OrderDirection } from '@sitefleet/contract';
import { asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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
