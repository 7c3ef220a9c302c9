import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness.ts';
import { categories } from '../../db/schema.ts';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const { db } = server.database;
  const [category] = await db
    .insert(categories)
    .values({ name: 'Zebra food', slug: 'zebra-food', description: 'x', keywords: 'x' })
    .returning({ id: categories.id });
  await db.execute(sql`
    INSERT INTO posts (title, description, category_id)
    SELECT 'Zebra crossing ' || n, 'x', ${category!.id} FROM generate_series(1, 8) n`);
});
afterAll(() => server.close());

describe('GET /api/search', () => {
  it('answers the first five of each kind by name', async () => {
    const response = await admin.get('/api/search?query=zebra');
    expect(response.status).toBe(200);
    expect(response.body.posts).toHaveLength(5);
    expect(response.body.posts[0].label).toBe('Zebra crossing 8');
    expect(response.body.categories).toEqual([{ id: expect.any(Number), label: 'Zebra food' }]);
    expect(response.body.websites).toEqual([]);
    expect(response.body.users).toEqual([]);
  });

  it('leaves out the kinds the caller may not list', async () => {
    const editor = await server.userWithRoles(['editor']);
    const response = await editor.get('/api/search?query=zebra');
    expect(Object.keys(response.body).sort()).toEqual(['categories', 'posts', 'websites']);
  });
});
