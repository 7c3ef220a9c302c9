import {
  ACTION_MESSAGES,
  CATEGORY_ACTIONS,
  CATEGORY_MESSAGES,
  type CategoryCreateInput,
  type CategoryRow,
  DETAIL_ACTIONS,
  FIELD_MESSAGES,
  RELATED_LIST_LIMIT,
  REVIEW_ACTIONS,
  SCHEDULE_ACTIONS,
  SKIP_REASONS,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import {
  giveWebhooks,
  insertDefaultChannels,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { CATEGORY_KIND } from '../../content/kinds.ts';
import { queuedJobs, storedVariants } from '../../content/test-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { websites } from '../../db/schema.ts';
import { newWebhookSecret } from '../../lib/secrets.ts';

const server = await serverForFile();
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const [siteA, siteB, siteInactive] = await insertTestWebsites(server.database.db);
await giveWebhooks(server.database.db, [siteA, siteB, siteInactive]);
await insertDefaultChannels(server.database.db);

/** The category form, on website A unless told otherwise. */
const categoryInput = (overrides: Partial<CategoryCreateInput> = {}) =>
  fixtures.categoryInput({ websites: [siteA], ...overrides });
const createCategory = (overrides: Partial<CategoryCreateInput> = {}) =>
  fixtures.createCategory(admin, { websites: [siteA], ...overrides });

const editBody = (row: CategoryRow, changes: Record<string, unknown> = {}) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  type: row.type,
  keywords: row.keywords,
  websites: row.websites.map((w) => w.id),
  parents: row.parents.map((p) => p.id),
  status: row.status,
  auto_google_sync: row.auto_google_sync,
  is_approved: row.is_approved,
  ...changes,
});

const variantsOf = (recordId: number) =>
  storedVariants(server.database.db, CATEGORY_KIND, recordId);
const jobsFor = (variantIds: number[]) => queuedJobs(server.database.db, CATEGORY_KIND, variantIds);

describe('category form', () => {
  it('creates a category with its websites, parents and variants', async () => {
    const parent = await createCategory({ name: 'Food' });
    const child = await createCategory({ parents: [parent.id], websites: [siteA, siteB] });
    expect(child.parents).toEqual([{ id: parent.id, name: 'Food' }]);
    expect(child.websites.map((w) => w.id).sort()).toEqual([siteA, siteB].sort());
    expect(child).toMatchObject({ status: 1, is_approved: 0, synced: 0, posts_count: 0 });
    expect((await variantsOf(child.id)).map((v) => v.website_id)).toEqual([siteA, siteB]);
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(parent.name)}`);
    const listedParent = list.body.data.find((row: CategoryRow) => row.id === parent.id);
    expect(listedParent.childrens).toEqual([{ id: child.id, name: child.name }]);
    expect(listedParent.own_childrens).toEqual([{ id: child.id, name: child.name }]);
  });

  it('answers one category with every website and parent, where a list row stops at 25', async () => {
    const many = await server.database.db
      .insert(websites)
      .values(
        Array.from({ length: RELATED_LIST_LIMIT + 5 }, (_, index) => ({
          name: `Wide ${String(index).padStart(2, '0')}`,
          url: `https://wide${index}.example.com`,
          hosting: 'Test',
          cost: 1,
          duration: 1,
          webhookSecret: newWebhookSecret(),
        })),
      )
      .returning({ id: websites.id });
    const wide = await createCategory({ websites: many.map((row) => row.id) });
    expect(wide.websites).toHaveLength(RELATED_LIST_LIMIT + 5);
    const one = await admin.get(`/api/categories/${wide.id}`);
    expect(one.status).toBe(200);
    expect(one.body.websites).toHaveLength(RELATED_LIST_LIMIT + 5);
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(wide.name)}`);
    const row = list.body.data.find((listed: CategoryRow) => listed.id === wide.id);
    expect(row.websites).toHaveLength(RELATED_LIST_LIMIT);
    expect((await admin.get('/api/categories/999999')).status).toBe(404);
    expect((await admin.get('/api/categories/0')).status).toBe(422);
  });

  it('answers every message of the form, word for word', async () => {
    const empty = await admin.post('/api/categories', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      name: [CATEGORY_MESSAGES.nameRequired],
      slug: [CATEGORY_MESSAGES.slugRequired],
      description: [CATEGORY_MESSAGES.descriptionRequired],
      keywords: [CATEGORY_MESSAGES.keywordsRequired],
      websites: [CATEGORY_MESSAGES.websitesRequired],
    });
    const blank = await admin.post('/api/categories', categoryInput({ name: ' ', websites: [] }));
    expect(blank.body.errors).toMatchObject({
      name: [CATEGORY_MESSAGES.nameRequired],
      websites: [CATEGORY_MESSAGES.websitesEmpty],
    });
    expect(CATEGORY_MESSAGES.websitesEmpty).toBe('At least one website must be selected');
    expect(CATEGORY_MESSAGES.websitesRequired).toBe('Websites are required');

    const row = await createCategory();
    const { status, auto_google_sync, is_approved, ...withoutEditFields } = editBody(row);
    const edit = await admin.put(`/api/categories/${row.id}`, withoutEditFields);
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toMatchObject({
      status: ['Status is required'],
      auto_google_sync: ['Auto Google Sync is required'],
      is_approved: ['Is Approved is required'],
    });
  });

  it('keeps slugs unique and refuses unknown websites and parents', async () => {
    const first = await createCategory();
    const taken = await admin.post('/api/categories', categoryInput({ slug: first.slug }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual([CATEGORY_MESSAGES.slugTaken]);
    const unknown = await admin.post(
      '/api/categories',
      categoryInput({ websites: [999_999], parents: [888_888] }),
    );
    expect(unknown.body.errors).toEqual({
      websites: [CATEGORY_MESSAGES.unknownWebsites([999_999])],
      parents: [CATEGORY_MESSAGES.unknownParents([888_888])],
    });
  });

  it('refuses a parent link that makes a cycle, itself included', async () => {
    const top = await createCategory();
    const middle = await createCategory({ parents: [top.id] });
    const bottom = await createCategory({ parents: [middle.id] });
    const self = await admin.put(`/api/categories/${top.id}`, editBody(top, { parents: [top.id] }));
    expect(self.status).toBe(422);
    expect(self.body.errors.parents).toEqual([CATEGORY_MESSAGES.parentIsSelf]);
    const loop = await admin.put(
      `/api/categories/${top.id}`,
      editBody(top, { parents: [bottom.id] }),
    );
    expect(loop.status).toBe(422);
    expect(loop.body.errors.parents).toEqual([CATEGORY_MESSAGES.parentCycle([bottom.name])]);
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(bottom.name)}`);
    expect(list.body.data[0].grandParents).toEqual([{ id: top.id, name: top.name }]);
  });

  it('makes variants follow the websites, for the category and its posts', async () => {
    const row = await createCategory({ websites: [siteA] });
    const post = await admin.post('/api/posts', {
      title: 'Follower',
      description: 'Follows its category',
      category_id: row.id,
    });
    expect(post.status).toBe(201);
    const edited = await admin.put(
      `/api/categories/${row.id}`,
      editBody(row, { websites: [siteB, siteInactive] }),
    );
    expect(edited.status).toBe(200);
    expect((await variantsOf(row.id)).map((v) => v.website_id)).toEqual([siteB, siteInactive]);
    const postVariants = await queryRows<{ website_id: number }>(
      server.database.db,
      sql`SELECT website_id FROM post_variants WHERE post_id = ${post.body.id} ORDER BY website_id`,
    );
    expect(postVariants.map((v) => v.website_id)).toEqual([siteB, siteInactive]);
  });

  it('marks posted variants updated-after-posted and bumps versions on edit', async () => {
    const row = await createCategory({ websites: [siteA, siteB] });
    const [posted] = await variantsOf(row.id);
    await server.database.db.execute(
      sql`UPDATE category_variants SET is_posted_to_website = true WHERE id = ${posted!.id}`,
    );
    await admin.put(`/api/categories/${row.id}`, editBody(row, { description: 'New text' }));
    const after = await variantsOf(row.id);
    expect(after.map((v) => [v.is_updated_after_posted, v.version])).toEqual([
      [true, 2],
      [false, 2],
    ]);
  });
});

describe('category list', () => {
  let listed: CategoryRow[];
  beforeAll(async () => {
    listed = [];
    for (const [i, name] of ['Zeta list', 'Alpha list', 'Mid list'].entries()) {
      listed.push(
        await createCategory({
          name,
          slug: `list-${i}`,
          websites: i === 0 ? [siteB] : [siteA],
        }),
      );
    }
    await checker.post('/api/categories/action', { ids: `${listed[0]!.id}`, action: 'approve' });
    await admin.post('/api/categories/action', { ids: `${listed[1]!.id}`, action: 'synced' });
    await admin.post('/api/categories/action', { ids: [listed[2]!.id], action: 'disable' });
    await admin.post('/api/categories/action', {
      ids: [listed[2]!.id],
      action: 'auto_google_sync',
    });
  });

  const names = (body: { data: CategoryRow[] }) => body.data.map((row) => row.name);
  const list = (query: string) => admin.get(`/api/categories?query=list&${query}`);

  it('searches by name and answers the page fields with an exact total', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, current_page: 1, total_is_estimate: false });
    expect(names(response.body)).toEqual(['Mid list', 'Alpha list', 'Zeta list']);
  });

  it('filters by website, status and each flag', async () => {
    expect(names((await list(`website_id=${siteB}`)).body)).toEqual(['Zeta list']);
    expect(names((await list('status=0')).body)).toEqual(['Mid list']);
    expect(names((await list('status=1&order_key=name&order_dir=asc')).body)).toEqual([
      'Alpha list',
      'Zeta list',
    ]);
    expect(names((await list('is_approved=1')).body)).toEqual(['Zeta list']);
    expect(names((await list('synced=1')).body)).toEqual(['Alpha list']);
    expect(names((await list('auto_google_sync=1')).body)).toEqual(['Mid list']);
    expect(names((await list('is_approved=0&synced=0')).body)).toEqual(['Mid list']);
    expect(names((await list('status=&is_approved=')).body)).toHaveLength(3);
  });

  it('sorts by each order key, in both directions (order_by read as the direction too)', async () => {
    expect(names((await list('order_key=name&order_dir=asc')).body)).toEqual([
      'Alpha list',
      'Mid list',
      'Zeta list',
    ]);
    expect(names((await list('order_key=name&order_by=desc')).body)).toEqual([
      'Zeta list',
      'Mid list',
      'Alpha list',
    ]);
    expect(names((await list('order_key=slug&order_dir=asc')).body)).toEqual([
      'Zeta list',
      'Alpha list',
      'Mid list',
    ]);
    expect(names((await list('order_key=created_at&order_dir=asc')).body)).toEqual([
      'Zeta list',
      'Alpha list',
      'Mid list',
    ]);
    expect(names((await list('order_key=id&order_dir=desc')).body)).toEqual([
      'Mid list',
      'Alpha list',
      'Zeta list',
    ]);
    expect((await list('order_key=posts_count')).status).toBe(422);
  });

  it('sorts names A→Z and dates newest first when the direction is left out', async () => {
    expect(names((await list('order_key=name')).body)).toEqual([
      'Alpha list',
      'Mid list',
      'Zeta list',
    ]);
    expect(names((await list('order_key=created_at')).body)).toEqual([
      'Mid list',
      'Alpha list',
      'Zeta list',
    ]);
  });

  it('pages with per_page', async () => {
    const second = await list('per_page=2&page=2');
    expect(second.body).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
    expect(names(second.body)).toEqual(['Zeta list']);
  });
});

describe('category actions', () => {
  it('approve and synced set the category and every variant; a repeat is skipped', async () => {
    const row = await createCategory({ websites: [siteA, siteB] });
    const approve = await checker.post('/api/categories/action', {
      ids: `${row.id}`,
      action: 'approve',
    });
    expect(approve.body).toEqual({
      message: ACTION_MESSAGES.categoriesUpdated,
      changed: 1,
      queued: 0,
      skipped: [],
    });
    expect((await variantsOf(row.id)).every((v) => v.is_approved)).toBe(true);
    const again = await checker.post('/api/categories/action', {
      ids: [row.id],
      action: 'approve',
    });
    expect(again.body).toMatchObject({
      changed: 0,
      skipped: [{ reason: SKIP_REASONS.alreadyDone, count: 1 }],
    });
    await admin.post('/api/categories/action', { ids: [row.id], action: 'synced' });
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(row.name)}`);
    expect(list.body.data[0]).toMatchObject({ is_approved: 1, synced: 1 });
  });

  it('enable, disable and auto_google_sync set the record', async () => {
    const row = await createCategory();
    for (const [action, field, value] of [
      ['disable', 'status', 2],
      ['enable', 'status', 1],
      ['auto_google_sync', 'auto_google_sync', 1],
    ] as const) {
      const response = await admin.post('/api/categories/action', { ids: [row.id], action });
      expect(response.body.changed).toBe(1);
      const list = await admin.get(`/api/categories?query=${encodeURIComponent(row.name)}`);
      expect(list.body.data[0][field]).toBe(value);
    }
  });

  it('webSync queues approved, unposted variants on active websites and says why not others', async () => {
    const row = await createCategory({ websites: [siteA, siteB, siteInactive] });
    const variants = await variantsOf(row.id);
    const [onA, onB] = variants;
    await server.database.db.execute(
      sql`UPDATE category_variants SET is_approved = true WHERE category_id = ${row.id}`,
    );
    await server.database.db.execute(
      sql`UPDATE category_variants SET is_posted_to_website = true WHERE id = ${onB!.id}`,
    );
    const response = await admin.post('/api/categories/action', {
      ids: `${row.id}`,
      action: 'webSync',
    });
    expect(response.body).toEqual({
      message: ACTION_MESSAGES.categoriesUpdated,
      changed: 0,
      queued: 1,
      skipped: [
        { reason: SKIP_REASONS.alreadyPosted, count: 1 },
        { reason: SKIP_REASONS.websiteInactive, count: 1 },
      ],
    });
    expect(await jobsFor(variants.map((v) => v.id))).toEqual([
      {
        name: 'website-push',
        data: { kind: 'category', variantId: onA!.id, version: 1, target: 'website' },
      },
    ]);
    const after = await variantsOf(row.id);
    expect(after.map((v) => v.delivery_status)).toEqual(['queued', null, null]);

    const force = await admin.post('/api/categories/action', {
      ids: [row.id],
      action: 'forceWebSync',
    });
    expect(force.body).toMatchObject({
      queued: 2,
      skipped: [{ reason: SKIP_REASONS.websiteInactive, count: 1 }],
    });
  });

  it('webSync skips unapproved variants; publish_web approves then queues', async () => {
    const row = await createCategory({ websites: [siteA] });
    const webSync = await admin.post('/api/categories/action', {
      ids: [row.id],
      action: 'webSync',
    });
    expect(webSync.body).toMatchObject({
      queued: 0,
      skipped: [{ reason: SKIP_REASONS.notApproved, count: 1 }],
    });
    const publish = await checker.post('/api/categories/action', {
      ids: [row.id],
      action: 'publish_web',
    });
    expect(publish.body).toMatchObject({ changed: 1, queued: 1, skipped: [] });
    const [variant] = await variantsOf(row.id);
    expect(variant).toMatchObject({ is_approved: true, delivery_status: 'queued' });
    expect(await jobsFor([variant!.id])).toHaveLength(1);
  });

  it('is all or nothing: unknown ids, an empty list or an unknown action change nothing', async () => {
    const row = await createCategory({ websites: [siteA] });
    const unknown = await checker.post('/api/categories/action', {
      ids: `${row.id},999999`,
      action: 'publish_web',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.ids).toEqual([unknownIdsMessage([999_999])]);
    const [variant] = await variantsOf(row.id);
    expect(variant).toMatchObject({ is_approved: false, delivery_status: null });
    expect(await jobsFor([variant!.id])).toEqual([]);

    const empty = await checker.post('/api/categories/action', { ids: '', action: 'approve' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.ids).toEqual([FIELD_MESSAGES.noRowSelected]);
    const badAction = await admin.post('/api/categories/action', {
      ids: [row.id],
      action: 'publish_facebook',
    });
    expect(badAction.status).toBe(422);
    expect(badAction.body.errors.action).toEqual([
      ACTION_MESSAGES.unknownAction([...CATEGORY_ACTIONS, ...SCHEDULE_ACTIONS, ...REVIEW_ACTIONS]),
    ]);
  });

  it('runs detail actions on the selected variants', async () => {
    const row = await createCategory({ websites: [siteA, siteB, siteInactive] });
    const [onA, onB, onClosed] = await variantsOf(row.id);
    const approve = await checker.post('/api/categories/details/action', {
      ids: `${onA!.id},${onClosed!.id}`,
      action: 'mark_approved',
    });
    expect(approve.body).toEqual({
      message: ACTION_MESSAGES.detailsUpdated,
      changed: 2,
      queued: 0,
      skipped: [],
    });
    const all = await admin.post('/api/categories/details/action', {
      ids: [onA!.id, onB!.id, onClosed!.id],
      action: 'post_to_all',
    });
    expect(all.body).toMatchObject({
      queued: 6,
      skipped: [
        { reason: SKIP_REASONS.notApproved, count: 1 },
        { reason: SKIP_REASONS.websiteInactive, count: 1 },
      ],
    });
    expect((await jobsFor([onA!.id])).map((job) => job.data.target)).toEqual([
      'facebook',
      'linkedin',
      'tiktok',
      'twitter',
      'website',
      'youtube',
    ]);
    const regenerate = await admin.post('/api/categories/details/action', {
      ids: [onB!.id],
      action: 'regenerate_content',
    });
    expect(regenerate.body).toMatchObject({ queued: 1 });
    expect(await jobsFor([onB!.id])).toEqual([
      {
        name: 'content-regenerate',
        data: { kind: 'category', variantId: onB!.id, version: 1, target: 'ai' },
      },
    ]);
    await checker.post('/api/categories/details/action', {
      ids: [onB!.id],
      action: 'mark_approved',
    });
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(row.name)}`);
    expect(list.body.data[0].is_approved).toBe(1);
    const unknown = await admin.post('/api/categories/details/action', {
      ids: [999_999],
      action: DETAIL_ACTIONS[0],
    });
    expect(unknown.status).toBe(422);
  });

  it('syncs one category with its message', async () => {
    const row = await createCategory({ websites: [siteA] });
    const response = await admin.get(`/api/categories/sync/${row.id}`);
    expect(response.body).toEqual({ message: 'Category synced successfully!' });
    expect((await variantsOf(row.id))[0]!.synced).toBe(true);
    const crossSite = await admin.get(`/api/categories/sync/${row.id}`, {
      withoutCsrfHeader: true,
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('category details', () => {
  it('answers options without page and paged Detailed Review rows with it', async () => {
    const parent = await createCategory({ name: 'Options parent' });
    const child = await createCategory({ name: 'Options child', parents: [parent.id] });
    const options = await admin.get(`/api/categories/details/${parent.id}`);
    expect(options.body).toEqual([{ id: child.id, name: child.name }]);
    const all = await admin.get('/api/categories/details/0?query=Options');
    expect(all.body.map((o: { name: string }) => o.name)).toEqual([
      'Options child',
      'Options parent',
    ]);

    const rows = await admin.get(`/api/categories/details/${child.id}?page=1`);
    expect(rows.status).toBe(200);
    expect(rows.body).toMatchObject({ total: 1, current_page: 1 });
    expect(rows.body.data[0]).toMatchObject({
      category_name: 'Options child',
      website_name: 'Alpha Site',
      is_approved: 0,
      is_posted_to_youtube: 0,
      delivery_status: null,
    });
    expect(rows.body.data[0].pivot_id).toBeTypeOf('number');
    const spelled = await admin.get(`/api/categories/details/${child.id}&page=1`);
    expect(spelled.body.data).toEqual(rows.body.data);
  });
});

describe('category delete', () => {
  it('refuses a category with posts or children, then moves them when asked', async () => {
    const doomed = await createCategory({ websites: [siteA] });
    const target = await createCategory({ websites: [siteB] });
    const child = await createCategory({ parents: [doomed.id] });
    const post = await admin.post('/api/posts', {
      title: 'Moving',
      description: 'Moves along',
      category_id: doomed.id,
    });
    const refused = await admin.delete(`/api/categories/${doomed.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(CATEGORY_MESSAGES.hasDependents(1, 1));
    const inside = await admin.delete(`/api/categories/${doomed.id}?move_to=${child.id}`);
    expect(inside.body.errors.move_to).toEqual([CATEGORY_MESSAGES.moveTargetInside]);

    const moved = await admin.delete(`/api/categories/${doomed.id}`, { move_to: target.id });
    expect(moved.body).toEqual({ message: CATEGORY_MESSAGES.deleted });
    const [movedPost] = await queryRows<{ category_id: number; websites: number[] }>(
      server.database.db,
      sql`SELECT p.category_id, array_agg(v.website_id) AS websites
          FROM posts p JOIN post_variants v ON v.post_id = p.id
          WHERE p.id = ${post.body.id} GROUP BY p.category_id`,
    );
    expect(movedPost).toEqual({ category_id: target.id, websites: [siteB] });
    const childNow = await admin.get(`/api/categories?query=${encodeURIComponent(child.name)}`);
    expect(childNow.body.data[0].parents).toEqual([{ id: target.id, name: target.name }]);

    const plain = await createCategory();
    expect((await admin.delete(`/api/categories/${plain.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/categories/${plain.id}`)).status).toBe(404);
  });
});

describe('category abilities', () => {
  it('lets a viewer list but refuses every write, action and review', async () => {
    const row = await createCategory();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get('/api/categories')).status).toBe(200);
    expect((await viewer.get('/api/categories/details/0')).status).toBe(200);
    const refused = [
      await viewer.post('/api/categories', categoryInput()),
      await viewer.put(`/api/categories/${row.id}`, editBody(row)),
      await viewer.delete(`/api/categories/${row.id}`),
      await viewer.get(`/api/categories/sync/${row.id}`),
      await viewer.get(`/api/categories/details/${row.id}?page=1`),
      await viewer.post('/api/categories/action', { ids: [row.id], action: 'approve' }),
      await viewer.post('/api/categories/details/action', { ids: [1], action: 'mark_approved' }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });
});
