import type { PostRow } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import { insertTestCategory, insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';

const server = await serverForFile();
const admin = await server.admin();
const [website] = await insertTestWebsites(server.database.db);
const categoryId = await insertTestCategory(server.database.db, 'Sorted', [website]);

const createPost = ({ title }: { title: string }) =>
  fixtures.createPost(admin, { title, description: `Body of ${title}`, category_id: categoryId });

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
