import {
  hasAbility,
  SEARCH_ABILITIES,
  SEARCH_KINDS,
  SEARCH_LIMIT,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../lists/search.ts';

/** Where each kind is found: its table and the column with a trigram index that names it. */
const SEARCHED: Record<SearchKind, { table: string; label: string }> = {
  websites: { table: 'websites', label: 'name' },
  categories: { table: 'categories', label: 'name' },
  posts: { table: 'posts', label: 'title' },
  users: { table: 'users', label: 'name' },
  settings: { table: 'settings', label: 'full_path' },
};

/**
 * The first SEARCH_LIMIT records of a kind whose name contains the term (the trigram index finds
 * them), newest first: an index walk that stops at the limit, even over millions of posts.
 */
function hits(db: Db, kind: SearchKind, term: string): Promise<SearchHit[]> {
  const { table, label } = SEARCHED[kind];
  const column = sql.identifier(label);
  return queryRows<SearchHit>(
    db,
    sql`SELECT id, ${column} AS label FROM ${sql.identifier(table)}
        WHERE ${column} ILIKE ${likePattern(term)} ORDER BY id DESC LIMIT ${SEARCH_LIMIT}`,
  );
}

/** GET /api/search: each kind the caller may list, with its best matches. */
export async function searchRecords(
  db: Db,
  abilities: readonly string[],
  term: string | undefined,
): Promise<SearchAnswer> {
  const answer: SearchAnswer = {};
  for (const kind of SEARCH_KINDS) {
    if (!hasAbility(abilities, SEARCH_ABILITIES[kind])) continue;
    answer[kind] = term ? await hits(db, kind, term) : [];
  }
  return answer;
}
