import { MENTIONABLE_LIMIT } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { contentFixture, roleWithPermissions, serverForFile } from '../../../test/fixtures.ts';
import type { ApiClient } from '../../../test/harness.ts';

/**
 * The comment box's suggestions: whom a comment on a variant may mention, by name or e-mail
 * address. Those are the users who may see the variant (its kind's review ability, or an admin
 * role), the caller left out; the mention itself is the address.
 */

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();

await roleWithPermissions(db, 'Post reviewer', ['post-list', 'post-review']);
await roleWithPermissions(db, 'Category reviewer', ['category-list', 'category-review']);
const author = await server.userWithRoles(['editor'], 'mira.author@example.com');
await server.userWithRoles(['Post reviewer'], 'mirabel.posts@example.com');
const categoryReviewer = await server.userWithRoles(
  ['Category reviewer'],
  'miranda.categories@example.com',
);
await server.userWithRoles(['viewer'], 'miro.viewer@example.com');

const { category, post } = await contentFixture(admin);
const [postVariant] = (await admin.get(`/api/posts/details/${post.id}?page=1`)).body.data;
const [categoryVariant] = (await admin.get(`/api/categories/details/${category.id}?page=1`)).body
  .data;

const mentionable = async (client: ApiClient, kind: string, variantId: number, query: string) => {
  const response = await client.get(
    `/api/variants/${kind}/${variantId}/mentionable?query=${encodeURIComponent(query)}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((user: { email: string }) => user.email);
};

describe('whom a comment may mention', () => {
  it("lists those who may see a post's variant by name or address, never the caller", async () => {
    expect(await mentionable(author, 'post', postVariant.pivot_id, 'mir')).toEqual([
      'mirabel.posts@example.com',
    ]);
    expect(await mentionable(author, 'post', postVariant.pivot_id, 'POSTS@EXAMPLE')).toEqual([
      'mirabel.posts@example.com',
    ]);
    const answer = await author.get(
      `/api/variants/post/${postVariant.pivot_id}/mentionable?query=mirabel`,
    );
    expect(answer.body.data).toEqual([
      {
        id: expect.any(Number),
        name: 'Test mirabel.posts@example.com',
        email: 'mirabel.posts@example.com',
      },
    ]);
  });

  it("on a category's variant, the category reviewers and not the post ones", async () => {
    expect(
      await mentionable(categoryReviewer, 'category', categoryVariant.pivot_id, 'mir'),
    ).toEqual(['mira.author@example.com']);
    expect(await mentionable(author, 'category', categoryVariant.pivot_id, 'mir')).toEqual([
      'miranda.categories@example.com',
    ]);
  });

  it('admins may see everything; a wildcard is a plain character; the list is bounded', async () => {
    expect(await mentionable(author, 'post', postVariant.pivot_id, 'admin')).toContain(
      'admin@example.com',
    );
    expect(await mentionable(author, 'post', postVariant.pivot_id, '%')).toEqual([]);
    expect((await mentionable(admin, 'post', postVariant.pivot_id, '')).length).toBeLessThanOrEqual(
      MENTIONABLE_LIMIT,
    );
  });

  it('needs the review ability of the kind and a variant that exists', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const path = `/api/variants/post/${postVariant.pivot_id}/mentionable?query=mir`;
    expect((await viewer.get(path)).status).toBe(403);
    expect((await categoryReviewer.get(path)).status).toBe(403);
    expect((await author.get('/api/variants/post/999999/mentionable?query=mir')).status).toBe(404);
  });
});
