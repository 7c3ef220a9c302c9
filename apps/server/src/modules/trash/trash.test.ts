import { MESSAGES, TRASH_MESSAGES, type TrashEntry, type TrashType } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import { insertTestWebsites, serverForFile } from '../../../test/fixtures.ts';
import type { ApiClient } from '../../../test/harness.ts';
import { CATEGORY_KIND, POST_KIND } from '../../content/kinds.ts';
import { storedVariants } from '../../content/test-fixtures.ts';
import { idArray, queryRows } from '../../db/client.ts';
import { checkDerivedState } from '../../db/integrity.ts';
import { purgeExpiredTrash } from './service.ts';

const server = await serverForFile();
const admin = await server.admin();
const [siteA, siteB] = await insertTestWebsites(server.database.db);

/** A category on websites A and B unless told otherwise. */
const createCategory = (overrides: Record<string, unknown> = {}) =>
  fixtures.createCategory(admin, { websites: [siteA, siteB], ...overrides });
const createPost = (categoryId: number) => fixtures.createPost(admin, { category_id: categoryId });
const created = (path: string, body: Record<string, unknown>) =>
  fixtures.created<{ id: number; [key: string]: unknown }>(admin, path, body);

const trashList = async (client: ApiClient, query = '') => {
  const response = await client.get(`/api/trash${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: TrashEntry[]; total: number };
};
const inTrash = async (type: TrashType, id: number) =>
  (await trashList(admin, `?type=${type}&per_page=100`)).data.find((entry) => entry.id === id);
const listIds = async (path: string) =>
  ((await admin.get(path)).body.data as { id: number }[]).map((row) => row.id);
const stat = async (kind: string) => (await admin.get(`/api/stats/${kind}`)).body;
const variantIds = async (kind: typeof POST_KIND | typeof CATEGORY_KIND, id: number) =>
  (await storedVariants(server.database.db, kind, id)).map((variant) => variant.id);

describe('a deleted post', () => {
  it('leaves the list and the stats, is listed in the trash and comes back with its variants', async () => {
    const category = await createCategory();
    const post = await createPost(category.id);
    const variants = await variantIds(POST_KIND, post.id);
    expect(variants).toHaveLength(2);
    const statBefore = await stat('posts');

    expect((await admin.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await listIds('/api/posts?per_page=100')).not.toContain(post.id);
    expect(await stat('posts')).not.toEqual(statBefore);
    expect(await variantIds(POST_KIND, post.id)).toEqual([]);
    const entry = await inTrash('posts', post.id);
    expect(entry).toMatchObject({
      type: 'posts',
      id: post.id,
      name: post.title,
      detail: category.name,
      deleted_by: 'Administrator',
    });
    expect(new Date(entry!.purge_at).getTime()).toBeGreaterThan(
      new Date(entry!.deleted_at).getTime(),
    );

    const restored = await admin.post(`/api/trash/posts/${post.id}/restore`);
    expect(restored.body).toEqual({ message: TRASH_MESSAGES.restored(1), count: 1 });
    expect(await listIds('/api/posts?per_page=100')).toContain(post.id);
    expect(await stat('posts')).toEqual(statBefore);
    expect(await variantIds(POST_KIND, post.id)).toEqual(variants);
    expect(await inTrash('posts', post.id)).toBeUndefined();
    expect((await admin.post(`/api/trash/posts/${post.id}/restore`)).status).toBe(404);
  });

  it('goes to the trash in bulk and comes back in bulk', async () => {
    const category = await createCategory();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createPost(category.id)).id);
    expect((await admin.delete('/api/posts', { ids })).status).toBe(200);
    const listed = (await trashList(admin, '?type=posts&per_page=100')).data.map((e) => e.id);
    expect(listed).toEqual(expect.arrayContaining(ids));

    const refused = await admin.post('/api/trash/posts/restore', { ids: [...ids, 999999] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([TRASH_MESSAGES.notInTrashIds([999999])]);

    const restored = await admin.post('/api/trash/posts/restore', { ids });
    expect(restored.body.count).toBe(3);
    expect(await listIds('/api/posts?per_page=100')).toEqual(expect.arrayContaining(ids));
  });

  it('goes by the thousand in one set-based move, the post ranges kept', async () => {
    const category = await createCategory();
    const { db } = server.database;
    const inserted = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Bulk trashed ' || n, 'Body', ${category.id} FROM generate_series(1, 3000) n
          RETURNING id`,
    );
    const ids = inserted.map((row) => row.id);
    await db.execute(sql`INSERT INTO post_variants (post_id, website_id)
                         SELECT unnest(${idArray(ids)}), ${siteA}`);
    const variantsOfThem = async () =>
      (
        await queryRows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM post_variants WHERE post_id = ANY(${idArray(ids)})`,
        )
      )[0]!.total;

    expect((await admin.delete('/api/posts', { ids })).status).toBe(200);
    expect(await variantsOfThem()).toBe(0);
    expect((await trashList(admin, '?type=posts&query=Bulk trashed')).total).toBe(3000);
    expect(await checkDerivedState(db)).toEqual([]);

    expect((await admin.post('/api/trash/posts/restore', { ids })).body.count).toBe(3000);
    expect(await variantsOfThem()).toBe(3000);
    const live = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM posts WHERE id = ANY(${idArray(ids)})`,
    );
    expect(live).toEqual([{ total: 3000 }]);
    expect(await checkDerivedState(db)).toEqual([]);
  });

  it('cannot come back while its category is gone', async () => {
    const category = await createCategory();
    const post = await createPost(category.id);
    await admin.delete(`/api/posts/${post.id}`);
    await admin.delete(`/api/categories/${category.id}`);
    const refused = await admin.post(`/api/trash/posts/${post.id}/restore`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.category_id).toEqual([TRASH_MESSAGES.categoryGone([category.id])]);
    expect(await inTrash('posts', post.id)).toBeDefined();
  });
});

describe('a deleted category', () => {
  it('comes back with its variants, its parents and its websites', async () => {
    const parent = await createCategory();
    const category = await createCategory({ parents: [parent.id] });
    const variants = await variantIds(CATEGORY_KIND, category.id);
    expect((await admin.delete(`/api/categories/${category.id}`)).status).toBe(200);
    expect(await listIds(`/api/categories?query=${category.slug}`)).toEqual([]);
    expect(await inTrash('categories', category.id)).toMatchObject({ detail: category.slug });

    await admin.post(`/api/trash/categories/${category.id}/restore`);
    const back = (await admin.get(`/api/categories?query=${category.name}`)).body.data[0];
    expect(back).toMatchObject({
      id: category.id,
      parents: [{ id: parent.id }],
      websites: [{ id: siteA }, { id: siteB }],
    });
    expect(await variantIds(CATEGORY_KIND, category.id)).toEqual(variants);
  });

  it('answers 422 on the slug when another category took it meanwhile', async () => {
    const category = await createCategory();
    await admin.delete(`/api/categories/${category.id}`);
    await createCategory({ slug: category.slug });
    const refused = await admin.post(`/api/trash/categories/${category.id}/restore`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      slug: [TRASH_MESSAGES.slugReused([String(category.slug)])],
    });
  });
});

describe('a deleted website', () => {
  it('takes its variants and settings along, and brings them back with the same secret', async () => {
    const { website, category, post } = await fixtures.contentFixture(admin);
    const saved = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      seoTitle: 'Kept title',
    });
    expect(saved.status).toBe(200);
    const secretOf = async () =>
      queryRows<{ webhook_secret: string }>(
        server.database.db,
        sql`SELECT webhook_secret FROM websites WHERE id = ${website.id}`,
      );
    const [secret] = await secretOf();
    const statBefore = await stat('websites');

    const deleted = await admin.delete(`/api/websites/${website.id}`);
    expect(deleted.body).toMatchObject({ category_variants: 1, post_variants: 1 });
    expect(await stat('websites')).not.toEqual(statBefore);
    expect(await variantIds(POST_KIND, post.id)).toEqual([]);

    await admin.post(`/api/trash/websites/${website.id}/restore`);
    expect(await stat('websites')).toEqual(statBefore);
    expect(await secretOf()).toEqual([secret]);
    expect((await variantIds(POST_KIND, post.id)).length).toBe(1);
    expect((await variantIds(CATEGORY_KIND, category.id)).length).toBe(1);
    const settings = await admin.get(`/api/websites/${website.id}/settings`);
    expect(settings.body).toMatchObject({ seoTitle: 'Kept title' });
  });
});

describe('a deleted instance, user or role', () => {
  it('answers 422 on the Instance ID another instance took meanwhile', async () => {
    const body = {
      instance_id: 'i-trash-1',
      ip_address: '10.9.9.9',
      current_state: 'running',
      gap: '06:15',
      region: 'eu-west-1',
      type: 'small',
      cost: 10,
    };
    const instance = await created('/api/instances', body);
    await admin.delete(`/api/instances/${instance.id}`);
    const reused = await created('/api/instances', body);
    const refused = await admin.post(`/api/trash/instances/${instance.id}/restore`);
    expect(refused.body.errors).toEqual({
      instance_id: [TRASH_MESSAGES.instanceIdReused(['i-trash-1'])],
    });
    await admin.delete(`/api/instances/${reused.id}`, { ids: [reused.id] });
    await admin.delete(`/api/trash/instances/${reused.id}`);
    expect((await admin.post(`/api/trash/instances/${instance.id}/restore`)).status).toBe(200);
  });

  it('brings a user back with their roles; 422 on an e-mail reused meanwhile', async () => {
    const editorRole = (await admin.get('/api/roles?query=editor')).body.data[0];
    const user = await created('/api/users', {
      name: 'Trashed User',
      email: 'trashed@example.com',
      password: 'password123',
      roles: [editorRole.id],
    });
    await admin.delete(`/api/users/${user.id}`);
    expect(await listIds('/api/users?query=trashed')).toEqual([]);
    await admin.post(`/api/trash/users/${user.id}/restore`);
    const back = (await admin.get('/api/users?query=trashed')).body.data[0];
    expect(back).toMatchObject({ id: user.id, roles: [{ id: editorRole.id }] });

    await admin.delete(`/api/users/${user.id}`);
    await created('/api/users', {
      name: 'Newcomer',
      email: 'trashed@example.com',
      password: 'password123',
      roles: [],
    });
    const refused = await admin.post(`/api/trash/users/${user.id}/restore`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      email: [TRASH_MESSAGES.emailReused(['trashed@example.com'])],
    });
  });

  it('brings a role back with its permissions and its users; 422 on a name reused', async () => {
    const role = await created('/api/roles', { name: 'Trashed role' });
    const permission = (await admin.get('/api/permissions?query=post-list')).body.data[0];
    const assigned = await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: [permission.id],
    });
    expect(assigned.status).toBe(200);
    const user = await created('/api/users', {
      name: 'Role holder',
      email: 'holder@example.com',
      password: 'password123',
      roles: [role.id],
    });
    await admin.delete(`/api/roles/${role.id}`);
    await admin.post(`/api/trash/roles/${role.id}/restore`);
    const back = await admin.get(`/api/roles/${role.id}/edit`);
    expect(back.body).toMatchObject({ name: 'Trashed role', permissions: [{ id: permission.id }] });
    const holder = (await admin.get('/api/users?query=holder@')).body.data[0];
    expect(holder).toMatchObject({ id: user.id, roles: [{ id: role.id }] });

    await admin.delete(`/api/roles/${role.id}`);
    // Role names are one whatever their case: the same name in capitals takes it too.
    await created('/api/roles', { name: 'TRASHED ROLE' });
    const refused = await admin.post(`/api/trash/roles/${role.id}/restore`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      name: [TRASH_MESSAGES.roleNameReused(['Trashed role'])],
    });
  });
});

describe('purging', () => {
  it('is final, one by one, in bulk or all of a type', async () => {
    const category = await createCategory();
    const [one, two, three] = [
      await createPost(category.id),
      await createPost(category.id),
      await createPost(category.id),
    ];
    await admin.delete('/api/posts', { ids: [one!.id, two!.id, three!.id] });
    const purged = await admin.delete(`/api/trash/posts/${one!.id}`);
    expect(purged.body).toEqual({ message: TRASH_MESSAGES.purged(1), count: 1 });
    expect(await inTrash('posts', one!.id)).toBeUndefined();
    expect((await admin.post(`/api/trash/posts/${one!.id}/restore`)).status).toBe(404);
    expect((await admin.delete(`/api/trash/posts/${one!.id}`)).status).toBe(404);

    expect((await admin.delete('/api/trash/posts', { ids: [two!.id] })).body.count).toBe(1);
    const emptied = await admin.post('/api/trash/empty', { type: 'posts' });
    expect(emptied.body.count).toBeGreaterThanOrEqual(1);
    expect((await trashList(admin, '?type=posts')).total).toBe(0);
    expect((await trashList(admin, '?type=categories')).total).toBeGreaterThan(0);
  });

  it('writes who restored or purged what in the audit log', async () => {
    const category = await createCategory();
    const [kept, gone] = [await createPost(category.id), await createPost(category.id)];
    await admin.delete('/api/posts', { ids: [kept!.id, gone!.id] });
    expect((await admin.post(`/api/trash/posts/${kept!.id}/restore`)).status).toBe(200);
    expect((await admin.delete(`/api/trash/posts/${gone!.id}`)).status).toBe(200);
    const entries = async (action: string, id: number) =>
      (await admin.get(`/api/audit-log?subject_type=post&subject_id=${id}&action=${action}`)).body
        .data as { action: string; user_name: string | null }[];
    expect(await entries('restored', kept!.id)).toEqual([
      expect.objectContaining({ action: 'restored', user_name: expect.any(String) }),
    ]);
    expect(await entries('purged', gone!.id)).toEqual([
      expect.objectContaining({ action: 'purged' }),
    ]);
  });

  it('runs on schedule for entries older than the setting says', async () => {
    const category = await createCategory();
    const [old, recent] = [await createPost(category.id), await createPost(category.id)];
    await admin.delete('/api/posts', { ids: [old.id, recent.id] });
    await server.database.db.execute(
      sql`UPDATE trash SET deleted_at = now() - interval '31 days' WHERE type = 'posts' AND id = ${old.id}`,
    );
    await purgeExpiredTrash(server.context);
    expect(await inTrash('posts', old.id)).toBeUndefined();
    expect(await inTrash('posts', recent.id)).toBeDefined();
    const log = await admin.get('/api/audit-log?action=purged&subject_type=post&per_page=100');
    expect(log.body.data).toContainEqual(
      expect.objectContaining({
        user_id: null,
        details: { ids: [old.id], count: 1, expired_after_days: 30 },
      }),
    );
  });
});

describe('who may use the trash', () => {
  it('shows an editor the content types only, and lets them restore but not purge', async () => {
    const editor = await server.userWithRoles(['editor']);
    const category = await createCategory();
    const post = await createPost(category.id);
    await editor.delete(`/api/posts/${post.id}`);
    await admin.delete('/api/roles', { ids: [(await created('/api/roles', { name: 'Gone' })).id] });

    const types = new Set((await trashList(editor, '?per_page=100')).data.map((e) => e.type));
    expect(types.has('posts')).toBe(true);
    expect(types.has('roles')).toBe(false);
    expect((await editor.get('/api/trash?type=roles')).body).toEqual({
      message: MESSAGES.forbidden,
    });
    expect((await editor.delete(`/api/trash/posts/${post.id}`)).status).toBe(403);
    expect((await editor.post('/api/trash/empty', {})).status).toBe(403);
    expect((await editor.post(`/api/trash/posts/${post.id}/restore`)).status).toBe(200);
    expect((await (await server.userWithRoles(['viewer'])).get('/api/trash')).status).toBe(403);
  });

  it('keeps an admin from restoring a super admin', async () => {
    const superAdminRole = (await admin.get('/api/roles?query=super')).body.data[0];
    const other = await created('/api/users', {
      name: 'Second super',
      email: 'second-super@example.com',
      password: 'password123',
      roles: [superAdminRole.id],
    });
    await admin.delete(`/api/users/${other.id}`);
    const plainAdmin = await server.userWithRoles(['admin']);
    const refused = await plainAdmin.post(`/api/trash/users/${other.id}/restore`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TRASH_MESSAGES.userAboveCaller);
  });

  it('keeps an admin from purging a super admin, one by one, in bulk or by emptying', async () => {
    const superAdminRole = (await admin.get('/api/roles?query=super')).body.data[0];
    const superUser = await created('/api/users', {
      name: 'Purged super',
      email: 'purged-super@example.com',
      password: 'password123',
      roles: [superAdminRole.id],
    });
    const plainUser = await created('/api/users', {
      name: 'Purged plain',
      email: 'purged-plain@example.com',
      password: 'password123',
      roles: [],
    });
    await admin.delete('/api/users', { ids: [superUser.id, plainUser.id] });
    const plainAdmin = await server.userWithRoles(['admin']);

    const one = await plainAdmin.delete(`/api/trash/users/${superUser.id}`);
    expect(one.status).toBe(403);
    expect(one.body.message).toBe(TRASH_MESSAGES.userAboveCaller);
    const bulk = await plainAdmin.delete('/api/trash/users', { ids: [superUser.id, plainUser.id] });
    expect(bulk.status).toBe(403);
    expect(await inTrash('users', plainUser.id)).toBeDefined();

    const emptied = await plainAdmin.post('/api/trash/empty', { type: 'users' });
    expect(emptied.status).toBe(200);
    expect(await inTrash('users', plainUser.id)).toBeUndefined();
    expect(await inTrash('users', superUser.id)).toBeDefined();
    expect((await admin.delete(`/api/trash/users/${superUser.id}`)).status).toBe(200);
  });
});
