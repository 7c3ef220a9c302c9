import { ACTION_MESSAGES, FIELD_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createPost,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../test/fixtures.ts';
import { queryRows } from '../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const [siteA, siteB] = await insertTestWebsites(server.database.db);
const food = await insertTestCategory(server.database.db, 'Food', [siteA]);
const travel = await insertTestCategory(server.database.db, 'Travel', [siteB]);
await insertTestCategory(server.database.db, 'Travel Tips');
for (const [title, category] of [
  ['Soup of the day', food],
  ['Soup for two', food],
  ['Soup abroad', travel],
  ['Bread', food],
] as const) {
  await createPost(admin, { title, description: title, category_id: category });
}

const approvedPosts = async () =>
  (
    await queryRows<{ title: string }>(
      server.database.db,
      sql`SELECT p.title FROM posts p
          WHERE NOT EXISTS (SELECT 1 FROM post_variants v WHERE v.post_id = p.id AND NOT v.is_approved)
          ORDER BY p.title`,
    )
  ).map((row) => row.title);

describe('POST /api/{posts,categories}/action with a filter', () => {
  it("changes exactly the rows the list's filter finds", async () => {
    const filter = { query: 'Soup', category_id: food };
    const list = await admin.get(`/api/posts?query=Soup&category_id=${food}`);
    const response = await checker.post('/api/posts/action', { action: 'approve', filter });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ changed: list.body.total, queued: 0, skipped: [] });
    expect(await approvedPosts()).toEqual(['Soup for two', 'Soup of the day']);

    const again = await checker.post('/api/posts/action', { action: 'approve', filter });
    expect(again.body).toMatchObject({
      changed: 0,
      skipped: [{ reason: 'already in that state', count: 2 }],
    });
  });

  it('refuses an empty filter unless all is said', async () => {
    for (const filter of [{}, { query: '' }, { query: '  ' }]) {
      const response = await checker.post('/api/posts/action', { action: 'approve', filter });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ filter: [ACTION_MESSAGES.emptyFilter] });
    }
    const neither = await checker.post('/api/categories/action', { action: 'approve' });
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toEqual({ ids: [FIELD_MESSAGES.noRowSelected] });
    const both = await checker.post('/api/posts/action', {
      action: 'approve',
      ids: [1],
      filter: { query: 'Soup' },
    });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ filter: [ACTION_MESSAGES.idsOrFilter] });
    const unknown = await checker.post('/api/posts/action', {
      action: 'approve',
      filter: { title: 'Soup' },
    });
    expect(unknown.status).toBe(422);
    expect(await approvedPosts()).toEqual(['Soup for two', 'Soup of the day']);
  });

  it('acts on every row with all: true', async () => {
    const response = await checker.post('/api/posts/action', {
      action: 'approve',
      filter: {},
      all: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.changed).toBe(2);
    expect(await approvedPosts()).toEqual([
      'Bread',
      'Soup abroad',
      'Soup for two',
      'Soup of the day',
    ]);
  });

  it("filters categories by the Categories list's own filters", async () => {
    const response = await admin.post('/api/categories/action', {
      action: 'disable',
      filter: { query: 'travel' },
    });
    expect(response.status).toBe(200);
    expect(response.body.changed).toBe(2);
    const inactive = await admin.get('/api/categories?status=0');
    expect(inactive.body.data.map((row: { name: string }) => row.name).sort()).toEqual([
      'Travel',
      'Travel Tips',
    ]);
    const byWebsite = await admin.post('/api/categories/action', {
      action: 'enable',
      filter: { status: 0, website_id: siteB },
    });
    expect(byWebsite.body.changed).toBe(1);
  });

  it('needs the same ability as the action', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const response = await viewer.post('/api/posts/action', {
      action: 'approve',
      filter: {},
      all: true,
    });
    expect(response.status).toBe(403);
  });
});
