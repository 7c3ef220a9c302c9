import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { containsTerm } from '../src/lists/search.ts';
import { insertTestCategory } from './fixtures.ts';
import { createTestDatabase } from './harness.ts';

const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The pages a search reads through `index`, by PostgreSQL's own count. */
async function pagesRead(index: string, term: string) {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    db,
    sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
        SELECT p.id FROM posts p WHERE ${containsTerm(sql`p.title`, term)}`,
  );
  const scan = nodes(row!['QUERY PLAN'][0].Plan).find((node) => node['Index Name'] === index);
  if (!scan) throw new Error(`The search did not go through ${index}.`);
  return scan['Shared Hit Blocks'] + scan['Shared Read Blocks'];
}

describe('the search indexes after many writes', () => {
  it('a title search reads a few pages of new entries, not every entry written since the last vacuum', async () => {
    const category = await insertTestCategory(db, 'Pending');
    // One statement per post, as edits and new posts come: each adds its title's entries.
    for (let batch = 0; batch < 60; batch++) {
      await db.execute(sql`
        INSERT INTO posts (title, description, category_id, status)
        SELECT 'Fovebo mevobu guide ' || g || ' of ' || ${batch}, 'A post.', ${category}, 1
        FROM generate_series(1, 100) g`);
    }
    const [found] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM posts WHERE ${containsTerm(sql`title`, 'fovebo mevobu')}`,
    );
    expect(found!.count).toBe(6000);
    // 6,000 titles' entries fill some 100 pages of a pending list; the limit keeps a few.
    expect(await pagesRead('posts_title_words', 'fovebo mevobu')).toBeLessThan(40);
    expect(await pagesRead('posts_title_trgm', 'mevob')).toBeLessThan(40);
  });
});
