import { ilike, or, type SQL, sql } from 'drizzle-orm';
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
 * What separates words for `search_word_ends` (migration 0017): any ASCII character but a letter
 * or a digit. Only ASCII, so that this side and the database's split a text at the same places.
 */
const SEPARATORS = /[^0-9A-Za-z\u{80}-\u{10FFFF}]+/u;
/** The lengths of the word beginnings and ends the index holds, longest first. */
const WORD_END_SIZES = [6, 3];
const ASCII_WORD = /^[0-9A-Za-z]+$/;

/**
 * The entries of the word-ends index that every text containing `term` has, or none when the
 * term says nothing of where words begin or end. A separator in the term fixes the words around
 * it: the part before the first separator ends a word of the text ("fovebo" in "fovebo mevobu"
 * ends a word, which may be longer: "xfovebo"), the part after the last one begins a word, and a
 * part between two separators is a whole word. A part shorter than 3 characters, or with a
 * character beyond ASCII (lower-cased by the database, perhaps not as here), is not looked up.
 */
export function wordEndEntries(term: string): string[] {
  const parts = term.split(SEPARATORS);
  if (parts.length < 2) return [];
  const entries = new Set<string>();
  parts.forEach((part, index) => {
    const size = WORD_END_SIZES.find((candidate) => part.length >= candidate);
    if (size === undefined || !ASCII_WORD.test(part)) return;
    const word = part.toLowerCase();
    if (index > 0) entries.add(`p${word.slice(0, size)}`);
    if (index < parts.length - 1) entries.add(`s${word.slice(-size)}`);
  });
  return [...entries];
}

/**
 * `column` contains `term`, case-insensitively, for a column indexed both by trigrams and by
 * `search_word_ends`. The index is chosen per term: a term that fixes word boundaries ("fovebo
 * mevobu", "guide 12") finds its rows through a few exact entries of the word-ends index, where
 * the trigram index would intersect the long lists of every trigram of the term; the other terms
 * (one part, such as "mev", found inside words too) go through the trigram index. Either way the
 * rows are those whose text contains the term: the word-ends entries only narrow the rows that
 * the comparison then checks. `lower(…) LIKE lower(…)` is what ILIKE does on a UTF-8 database;
 * written so, it leaves the trigram index out of the word-ends plan.
 */
export function containsTerm(column: SQL, term: string): SQL {
  const pattern = likePattern(term);
  const entries = wordEndEntries(term);
  if (entries.length === 0) return sql`${column} ILIKE ${pattern}`;
  const query = entries.map((entry) => `'${entry}'`).join(' & ');
  return sql`search_word_ends(${column}) @@ ${query}::tsquery
             AND lower(${column}) LIKE lower(${pattern})`;
}
