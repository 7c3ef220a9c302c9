import { ilike, or, type SQL } from 'drizzle-orm';
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
