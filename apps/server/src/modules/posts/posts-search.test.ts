import type { PostRow } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import { insertTestCategory, insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { likePattern, wordEndEntries } from '../../lists/search.ts';

const server = await serverForFile();
const admin = await server.admin();
const [website] = await insertTestWebsites(server.database.db);
const categoryId = await insertTestCategory(server.database.db, 'Searched', [website]);

/**
 * Titles where the word-ends index and the trigram index could disagree: words inside longer
 * words, punctuation between words, accents, LIKE's wildcards, case.
 */
const TITLES = [
  'Fovebo Mevobu guide 101',
  'xfovebo mevobux guide 102',
  'fovebo-mevobu guide 103',
  'FOVEBO MEVOBU, the sequel',
  'Café Crème brûlée guide',
  'CAFÉ CRÈME two',
  'Ünïcode guide 42 (draft)',
  'Save 50% off today',
  'Save 500 off today',
  'snake_case and kebab-case',
  'tab\tseparated words',
];
for (const title of TITLES) {
  await fixtures.createPost(admin, {
    title,
    description: `About ${title}`,
    category_id: categoryId,
  });
}

/** The titles the list finds for `term`, in the list's order (newest first). */
async function found(term: string) {
  const response = await admin.get(`/api/posts?per_page=100&query=${encodeURIComponent(term)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.total).toBe(response.body.data.length);
  return response.body.data.map((row: PostRow) => row.title);
}

/** The titles that contain `term`, case-insensitively, as plain ILIKE finds them. */
async function containing(term: string) {
  const rows = await queryRows<{ title: string }>(
    server.database.db,
    sql`SELECT title FROM posts WHERE title ILIKE ${likePattern(term)} ORDER BY id DESC`,
  );
  return rows.map((row) => row.title);
}

describe('post search', () => {
  it('finds a term inside a longer word, whichever index serves it', async () => {
    expect(await found('fovebo mevo')).toEqual([
      'FOVEBO MEVOBU, the sequel',
      'xfovebo mevobux guide 102',
      'Fovebo Mevobu guide 101',
    ]);
    expect(await found('ovebo mevobu')).toEqual([
      'FOVEBO MEVOBU, the sequel',
      'xfovebo mevobux guide 102',
      'Fovebo Mevobu guide 101',
    ]);
    expect(await found('vobu')).toHaveLength(4);
  });

  it('matches the punctuation as typed, not any separator', async () => {
    expect(await found('fovebo-mevobu')).toEqual(['fovebo-mevobu guide 103']);
    expect(await found('mevobu, the')).toEqual(['FOVEBO MEVOBU, the sequel']);
    expect(await found('mevobu the')).toEqual([]);
    expect(await found('tab separated')).toEqual([]);
    expect(await found('snake_case')).toEqual(['snake_case and kebab-case']);
    expect(await found('50% off')).toEqual(['Save 50% off today']);
  });

  it('compares accents as written, in any case', async () => {
    expect(await found('café crème')).toEqual(['CAFÉ CRÈME two', 'Café Crème brûlée guide']);
    expect(await found('cafe creme')).toEqual([]);
    expect(await found('code guide 4')).toEqual(['Ünïcode guide 42 (draft)']);
  });

  it('finds exactly the titles that contain the term, for every piece of every title', async () => {
    const terms = new Set<string>();
    for (const title of TITLES) {
      for (let start = 0; start < title.length; start += 3) {
        for (const length of [4, 9, 14]) terms.add(title.slice(start, start + length));
      }
    }
    for (const term of terms) {
      if (term.trim() === '') continue;
      expect(await found(term), term).toEqual(await containing(term.trim()));
    }
  });
});

describe('the word-ends entries of a term', () => {
  it('fix word ends before a separator, beginnings after it, and whole words between', () => {
    expect(wordEndEntries('Fovebo Mevobu')).toEqual(['sfovebo', 'pmevobu']);
    expect(wordEndEntries('xx guide of 2024 tips')).toEqual([
      'pgui',
      'side',
      'p202',
      's024',
      'ptip',
    ]);
    expect(wordEndEntries(' longerword')).toEqual(['plonger']);
  });

  it('are none for a single part, short parts or parts beyond ASCII', () => {
    expect(wordEndEntries('mevobu')).toEqual([]);
    expect(wordEndEntries('ab cd')).toEqual([]);
    expect(wordEndEntries('café crème')).toEqual([]);
  });
});
