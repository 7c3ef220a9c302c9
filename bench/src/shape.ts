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
 * Post titles read "<adjective> <noun> guide <id>", with the adjective chosen by id % 100 and the
 * noun by id % 101: a given pair matches one post in 10,100, about 100 of a million.
 */
export function titleWords(): [string[], string[]] {
  return [words(100, 7), words(101, 11)];
}

const [adjectives, nouns] = titleWords();
export const SEARCH_PHRASE = `${adjectives[42]} ${nouns[17]}`;

/** A three-letter search, as people type it: part of one noun, so some 1% of the posts match. */
export const SHORT_SEARCH = nouns[17]!.slice(0, 3);
