/**
 * What the two hundred operators send (operators.ts): the mix of reads and writes, each request
 * with the check of its answer, and the floor's request.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client.ts';
import { type ListAnswer, PER_PAGE, totalVerdict } from './cases.ts';
import { BENCH_ADMIN } from './shape.ts';

export type Kind = 'read' | 'write';
export interface Request {
  kind: Kind;
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Why the answer is wrong, or undefined when it is right. */
  check(answer: unknown): string | undefined;
}
export interface Post {
  id: number;
  title: string;
  category_id: number;
}

/** The floor's request: the caller's profile, the session check and one read of a user. */
export const PROFILE: Request = {
  kind: 'read',
  name: 'signed-in profile (floor)',
  method: 'GET',
  path: '/api/profile',
  check: (answer) =>
    (answer as { email?: string }).email === BENCH_ADMIN.email ? undefined : 'not the profile',
};

export const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(items: readonly T[]) => items[random(items.length)]!;

/** A full page whose total is the `count` SQL found before the run (no write changes it). */
const pageOf = (path: string, count: number) => (answer: unknown) => {
  const page = answer as ListAnswer;
  if (!Array.isArray(page.data) || page.data.length !== PER_PAGE) {
    return `${path}: ${page.data?.length ?? 'no'} rows, ${PER_PAGE} expected`;
  }
  const total = totalVerdict(page, count);
  return 'wrong' in total ? `${path}: ${total.wrong}, ${page.total} for ${count}` : undefined;
};

/** What SQL counts of the lists the operators read: their totals stay the same through the run. */
export interface Counts {
  posts: number;
  categories: number;
  /** Posts whose title contains the searched phrase. */
  phraseHits: number;
}

/** The mix, by weight out of 100: reads 80, writes 20. */
export function nextRequest(
  posts: readonly Post[],
  maxPostId: number,
  phrase: string,
  counts: Counts,
): Request {
  const roll = random(100);
  if (roll < 25) {
    const path = `/api/posts?page=${1 + random(50)}&per_page=${PER_PAGE}`;
    const check = pageOf(path, counts.posts);
    return { kind: 'read', name: 'posts list', method: 'GET', path, check };
  }
  if (roll < 35) {
    const path = `/api/posts?per_page=${PER_PAGE}&query=${encodeURIComponent(phrase)}`;
    const check = pageOf(path, counts.phraseHits);
    return { kind: 'read', name: 'posts search', method: 'GET', path, check };
  }
  if (roll < 55) {
    const path = `/api/categories?page=${1 + random(50)}&per_page=${PER_PAGE}`;
    const check = pageOf(path, counts.categories);
    return { kind: 'read', name: 'categories list', method: 'GET', path, check };
  }
  if (roll < 80) {
    const path = `/api/posts/details/${1 + random(maxPostId)}`;
    const check = (answer: unknown) =>
      Array.isArray((answer as { data?: unknown[] }).data) ? undefined : `${path}: no rows`;
    return { kind: 'read', name: 'Detailed Review', method: 'GET', path, check };
  }
  if (roll < 90) {
    const ids = [pick(posts).id, pick(posts).id, pick(posts).id];
    const action = pick(['enable', 'disable'] as const);
    const check = (answer: unknown) => {
      const { changed, skipped } = answer as { changed?: number; skipped?: { count: number }[] };
      const counted = (changed ?? 0) + (skipped ?? []).reduce((sum, part) => sum + part.count, 0);
      return counted === new Set(ids).size
        ? undefined
        : `bulk ${action}: ${JSON.stringify(answer)}`;
    };
    return {
      kind: 'write',
      name: 'bulk action',
      method: 'POST',
      path: '/api/posts/action',
      body: { ids: ids.join(','), action },
      check,
    };
  }
  const post = pick(posts);
  return {
    kind: 'write',
    name: 'post edit',
    method: 'PUT',
    path: `/api/posts/${post.id}`,
    // The title stays the seed's: the list cases search the titles.
    body: {
      title: post.title,
      description: `Edited under load ${random(1_000_000)}.`,
      category_id: post.category_id,
    },
    check: () => undefined,
  };
}

/** The lists' totals as SQL counts them before the run. */
export async function countLists(db: Db, phrase: string): Promise<Counts> {
  const [counts] = await queryRows<Counts>(
    db,
    sql`SELECT (SELECT count(*)::int FROM posts) AS "posts",
               (SELECT count(*)::int FROM categories) AS "categories",
               (SELECT count(*)::int FROM posts WHERE title ILIKE ${`%${phrase}%`}) AS "phraseHits"`,
  );
  return counts!;
}
