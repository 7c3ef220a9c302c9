import { type CategoryRow, categoryListSchema, RELATED_LIST_LIMIT } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import { insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
const [siteA, siteB] = await insertTestWebsites(server.database.db);

/** Names whose JSON needs escapes, or characters beyond ASCII. */
const NAMES = [
  'Quotes "inside" and a back\\slash',
  'Crème brûlée, 寿司 and 🍣',
  '</script><b>tags</b> & ampersands',
  "Tab\tand apostrophe's",
];

const parent = await fixtures.createCategory(admin, {
  name: `${NAMES[0]} parent`,
  websites: [siteA, siteB],
});
const children: CategoryRow[] = [];
for (const name of NAMES) {
  children.push(
    await fixtures.createCategory(admin, { name, websites: [siteB], parents: [parent.id] }),
  );
}
const post = await fixtures.createPost(admin, { category_id: parent.id });

/** The list's answer as text, and as the contract reads it. */
async function listText(query: string) {
  const response = await fetch(`${server.url}/api/categories?${query}`, {
    headers: { cookie: admin.cookie!, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const text = await response.text();
  return { text, answer: categoryListSchema.parse(JSON.parse(text)) };
}

describe('the categories list, written by the database', () => {
  it('is byte for byte the contract’s answer serialized in its field order', async () => {
    for (const query of ['', 'per_page=2&page=2', 'order_key=name', 'query=zzz-none']) {
      const { text, answer } = await listText(query);
      expect(text, query).toBe(JSON.stringify(answer));
    }
  });

  it('carries each row as the category’s own answer does, names and dates included', async () => {
    const { answer } = await listText('per_page=100');
    for (const category of [parent, ...children]) {
      const row = answer.data.find((candidate) => candidate.id === category.id);
      const own = await admin.get(`/api/categories/${category.id}`);
      expect(row, category.name).toEqual(own.body);
    }
    const parentRow = answer.data.find((row) => row.id === parent.id)!;
    expect(parentRow.posts_count).toBe(1);
    expect(parentRow.childrens.map((child) => child.name).sort()).toEqual(
      children.map((child) => child.name).sort(),
    );
    expect(parentRow.websites.length).toBeLessThanOrEqual(RELATED_LIST_LIMIT);
    expect(post.category.id).toBe(parent.id);
    expect(new Date(parentRow.created_at).toISOString()).toBe(parentRow.created_at);
  });

  it('estimates a searched list loaded after the last ANALYZE within a tenth of its count', async () => {
    const { db } = server.database;
    await db.execute(sql`ALTER TABLE categories SET (autovacuum_enabled = false)`);
    await db.execute(sql`ANALYZE categories`);
    await db.execute(
      sql`INSERT INTO categories (name, slug, description, keywords)
          SELECT 'Loaded zelqua ' || g, 'loaded-zelqua-' || g, '', '' FROM generate_series(1, 3000) g`,
    );
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM categories WHERE name ILIKE '%zelqua%'`,
    );
    const { answer } = await listText('query=zelqua');
    expect(answer.total_is_estimate).toBe(true);
    expect(Math.abs(answer.total - count) / count).toBeLessThan(0.1);
    await db.execute(sql`ALTER TABLE categories RESET (autovacuum_enabled)`);
  });
});
