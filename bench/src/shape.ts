/** The shape of the large data set, shared by the seed and the benchmarks. */
import { type SQL, sql } from 'drizzle-orm';

/** The seeded administrator the benchmark signs in as. */
export const BENCH_ADMIN = {
  email: process.env.BENCH_ADMIN_EMAIL ?? 'admin@example.com',
  password: process.env.BENCH_ADMIN_PASSWORD ?? 'admin12345',
};

/** Users the seed assigns variants to: the administrator first, then reviewers. */
export const ASSIGNEES = 50;
export const REVIEWER_EMAIL_DOMAIN = 'reviewers.example.com';

/** The default workflow's stage at `position`: 0 Draft, 1 In review, 2 Approved. */
export const defaultStage = (position: number) =>
  sql`(SELECT s.id FROM workflow_stages s JOIN workflows w ON w.id = s.workflow_id
       WHERE w.is_default AND s.position = ${position})`;

/**
 * The stage of a seeded post's variants: approved (even ids) in the last stage; of the others,
 * one in two in review, the rest drafts.
 */
export const seededPostStage = (postId: SQL) =>
  sql`CASE WHEN ${postId} % 2 = 0 THEN ${defaultStage(2)}
           WHEN ${postId} % 4 = 1 THEN ${defaultStage(1)}
           ELSE ${defaultStage(0)} END`;

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/** Six-letter made-up words, distinct and none a prefix of another, from a fixed seed. */
function words(count: number, seed: number): string[] {
  let state = seed;
  const next = (modulo: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % modulo;
  };
  const found = new Set<string>();
  while (found.size < count) {
    let word = '';
    for (let syllable = 0; syllable < 3; syllable++) {
      word += CONSONANTS[next(CONSONANTS.length)]! + VOWELS[next(VOWELS.length)]!;
    }
    found.add(word);
  }
  return [...found];
}

/**
 * The adjectives and nouns of `posts` posts' titles. Titles read "<adjective> <noun> guide <id>",
 * the adjective chosen by id % A and the noun by id % (A + 1): consecutive counts share no
 * divisor, so each of the A × (A + 1) pairs comes back every A × (A + 1) posts. A grows with the
 * square root of the posts (100 and 101 words for a million, 316 and 317 for ten million), so a
 * given pair matches about 100 posts whatever the size.
 */
export function titleWords(posts: number): [string[], string[]] {
  const adjectiveCount = Math.max(1, Math.round(100 * Math.sqrt(posts / 1_000_000)));
  return [words(adjectiveCount, 7), words(adjectiveCount + 1, 11)];
}

/** The search for one adjective-noun pair of the titles: about 100 hits at any size. */
export function searchPhrase(posts: number): string {
  const [adjectives, nouns] = titleWords(posts);
  return `${adjectives[42 % adjectives.length]} ${nouns[17 % nouns.length]}`;
}

/** A three-letter search, as people type it: part of one noun, so some 1% of the posts match. */
export const shortSearch = (posts: number) => searchPhrase(posts).split(' ')[1]!.slice(0, 3);
