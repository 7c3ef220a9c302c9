import type { PostRow } from '@sitefleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness.ts';
import { categories, categoryVariants } from '../../db/schema.ts';
import { insertTestWebsites } from '../content/test-fixtures.ts';

let server: TestServer;
let admin: ApiClient;
let categoryId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const { db } = server.database;
  const [website] = await insertTestWebsites(db);
  const [category] = await db
    .insert(categories)
    .values({ name: 'Sorted', slug: 'sorted', description: 'Sorted', keywords: 'sorted' })
    .returning({ id: categories.id });
  categoryId = category!.id;
  await db.insert(categoryVariants).values({ categoryId, websiteId: website });
});
afterAll(() => server.close());

async function createPost(overrides: { title: string }) {
  const response = await admin.post('/api/posts', {
    description: `Body of ${overrides.title}`,
    category_id: categoryId,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as PostRow;
}

describe('post list order', () => {
  it('sorts by title (A→Z by default) and by date (newest first by default)', async () => {
    const zebra = await createPost({ title: 'Wombat sort zebra' });
    const apple = await createPost({ title: 'Wombat sort apple' });
    const mango = await createPost({ title: 'Wombat sort mango' });
    const titles = async (query: string) => {
      const response = await admin.get(`/api/posts?query=wombat%20sort&${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((row: PostRow) => row.title);
    };
    const byTitle = [apple.title, mango.title, zebra.title];
    expect(await titles('order_key=title')).toEqual(byTitle);
    expect(await titles('order_key=title&order_dir=DESC')).toEqual([...byTitle].reverse());
    expect(await titles('order_key=created_at')).toEqual([mango.title, apple.title, zebra.title]);
    expect(await titles('order_key=created_at&order_dir=asc')).toEqual([
      zebra.title,
      apple.title,
      mango.title,
    ]);
    expect(await titles('order_key=title&per_page=1&page=2')).toEqual([mango.title]);

    // Sorting the whole list leaves the quick newest-first path but keeps its rows.
    const everySorted = await admin.get('/api/posts?order_key=created_at&per_page=100');
    const everyNewest = await admin.get('/api/posts?per_page=100');
    expect(everySorted.body.total).toBe(everyNewest.body.total);

    const badKey = await admin.get('/api/posts?order_key=description');
    expect(badKey.status).toBe(422);
    expect(JSON.stringify(badKey.body)).toContain(
      'The order key must be one of: title, created_at',
    );
    expect((await admin.get('/api/posts?order_key=title&order_dir=up')).status).toBe(422);
  });
});
