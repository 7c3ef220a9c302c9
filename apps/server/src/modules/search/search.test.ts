import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertTestCategory, serverForFile } from '../../../test/fixtures.ts';

const server = await serverForFile();
const admin = await server.admin();
const zebraFood = await insertTestCategory(server.database.db, 'Zebra food');
await server.database.db.execute(sql`
  INSERT INTO posts (title, description, category_id)
  SELECT 'Zebra crossing ' || n, 'x', ${zebraFood} FROM generate_series(1, 8) n`);

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
