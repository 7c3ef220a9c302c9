import {
  ACTION_MESSAGES,
  EXACT_COUNT_LIMIT,
  POST_ACTIONS,
  POST_MESSAGES,
  type PostRow,
  REVIEW_ACTIONS,
  SCHEDULE_ACTIONS,
  SKIP_REASONS,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../test/fixtures.ts';
import {
  giveWebhooks,
  insertDefaultChannels,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { POST_KIND } from '../../content/kinds.ts';
import { queuedJobs, storedVariants } from '../../content/test-fixtures.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const [siteA, siteB, siteInactive] = await insertTestWebsites(server.database.db);
await giveWebhooks(server.database.db, [siteA, siteB, siteInactive]);
await insertDefaultChannels(server.database.db);
const food = await insertTestCategory(server.database.db, 'Food', [siteA, siteInactive]);
const travel = await insertTestCategory(server.database.db, 'Travel', [siteB]);

/** A post of the Food category unless told otherwise. */
const createPost = (overrides: Record<string, unknown> = {}) =>
  fixtures.createPost(admin, { category_id: food, ...overrides });

const variantsOf = (recordId: number) => storedVariants(server.database.db, POST_KIND, recordId);
/** The synced flags of a post's variants as Detailed Review shows them, in its order. */
const syncedFlags = async (postId: number) => {
  const review = await admin.get(`/api/posts/details/${postId}`);
  expect(review.status, JSON.stringify(review.body)).toBe(200);
  return review.body.data.map((row: { synced: number }) => row.synced);
};
const jobsFor = (variantIds: number[]) => queuedJobs(server.database.db, POST_KIND, variantIds);

describe('post form', () => {
  it('creates a post with one variant per website of its category', async () => {
    const post = await createPost({ content_reference: 'https://example.com/source' });
    expect(post).toMatchObject({
      category: { id: food, name: 'Food' },
      content_reference: 'https://example.com/source',
      status: 1,
      is_posted_to_website: 0,
    });
    expect((await variantsOf(post.id)).map((v) => v.website_id)).toEqual([siteA, siteInactive]);
  });

  it('answers the form messages', async () => {
    const empty = await admin.post('/api/posts', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      title: ['Title is required'],
      description: ['Description is required'],
      category_id: [POST_MESSAGES.categoryRequired],
    });
    const bad = await admin.post('/api/posts', {
      title: 'x',
      description: 'y',
      category_id: 999_999,
      content_reference: 'not a url',
    });
    expect(bad.body.errors).toEqual({ content_reference: [POST_MESSAGES.contentReferenceInvalid] });
    const missingCategory = await admin.post('/api/posts', {
      title: 'x',
      description: 'y',
      category_id: 999_999,
      content_reference: '',
    });
    expect(missingCategory.body.errors).toEqual({ category_id: [POST_MESSAGES.categoryMissing] });
  });

  it('re-syncs variants when the category changes; edits mark posted variants', async () => {
    const post = await createPost();
    const [first] = await variantsOf(post.id);
    await server.database.db.execute(
      sql`UPDATE post_variants SET is_posted_to_facebook = true WHERE id = ${first!.id}`,
    );
    const edited = await admin.put(`/api/posts/${post.id}`, {
      title: post.title,
      description: 'Rewritten',
      category_id: food,
    });
    expect(edited.status).toBe(200);
    expect((await variantsOf(post.id)).map((v) => [v.is_updated_after_posted, v.version])).toEqual([
      [true, 2],
      [false, 2],
    ]);
    expect((await variantsOf(post.id))[0]!.description).toBe('Rewritten');
    const moved = await admin.put(`/api/posts/${post.id}`, {
      title: post.title,
      description: 'Rewritten',
      category_id: travel,
      status: 2,
    });
    expect(moved.body).toMatchObject({ category: { id: travel, name: 'Travel' }, status: 2 });
    expect((await variantsOf(post.id)).map((v) => v.website_id)).toEqual([siteB]);
  });
});

describe('post list', () => {
  it('searches titles, filters by category, website and status, newest first', async () => {
    const a = await createPost({ title: 'Quokka picnic one' });
    const b = await createPost({ title: 'Quokka picnic two', category_id: travel });
    await admin.post('/api/posts/action', { ids: [b.id], action: 'disable' });
    const titles = async (query: string) =>
      (await admin.get(`/api/posts?query=quokka%20picnic&${query}`)).body.data.map(
        (row: PostRow) => row.title,
      );
    expect(await titles('')).toEqual([b.title, a.title]);
    expect(await titles(`category_id=${food}`)).toEqual([a.title]);
    expect(await titles(`website_id=${siteB}`)).toEqual([b.title]);
    expect(await titles('status=1')).toEqual([a.title]);
    expect(await titles('status=0')).toEqual([b.title]);
    expect(await titles('category_id=&status=')).toHaveLength(2);
    const page = await admin.get('/api/posts?query=quokka%20picnic&per_page=1&page=2');
    expect(page.body).toMatchObject({ total: 2, last_page: 2, total_is_estimate: false });
    expect(page.body.data[0].description).toBe(a.description);
  });
});

describe('post actions', () => {
  it('approve is one transaction over the variants; a repeat is skipped', async () => {
    const posts = [await createPost(), await createPost()];
    const response = await checker.post('/api/posts/action', {
      ids: posts.map((p) => p.id).join(','),
      action: 'approve',
    });
    expect(response.body).toEqual({
      message: ACTION_MESSAGES.postsUpdated,
      changed: 2,
      queued: 0,
      skipped: [],
    });
    for (const post of posts) {
      expect((await variantsOf(post.id)).every((v) => v.is_approved)).toBe(true);
    }
    const again = await checker.post('/api/posts/action', {
      ids: [posts[0]!.id],
      action: 'approve',
    });
    expect(again.body.skipped).toEqual([{ reason: SKIP_REASONS.alreadyDone, count: 1 }]);
  });

  it('publishes to a network only approved variants on active websites', async () => {
    const post = await createPost();
    const [onA, onClosed] = await variantsOf(post.id);
    const before = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_facebook',
    });
    expect(before.body).toMatchObject({
      queued: 0,
      skipped: [
        { reason: SKIP_REASONS.notApproved, count: 1 },
        { reason: SKIP_REASONS.websiteInactive, count: 1 },
      ],
    });
    await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' });
    for (const action of [
      'publish_facebook',
      'publish_twitter',
      'publish_linkedin',
      'publish_tiktok',
    ]) {
      const response = await admin.post('/api/posts/action', { ids: [post.id], action });
      expect(response.body).toMatchObject({ queued: 1 });
    }
    const jobs = await jobsFor([onA!.id, onClosed!.id]);
    expect(jobs.map((job) => [job.name, job.data.target])).toEqual([
      ['social-publish', 'facebook'],
      ['social-publish', 'linkedin'],
      ['social-publish', 'tiktok'],
      ['social-publish', 'twitter'],
    ]);
    expect((await variantsOf(post.id)).map((v) => v.delivery_status)).toEqual(['queued', null]);
  });

  it('switches on generation for the posts categories', async () => {
    const post = await createPost({ category_id: travel });
    const response = await admin.post('/api/posts/action', {
      ids: [post.id],
      action: 'auto_google_sync',
    });
    expect(response.body.changed).toBe(1);
    const [category] = await queryRows<{ auto_google_sync: number }>(
      server.database.db,
      sql`SELECT auto_google_sync FROM categories WHERE id = ${travel}`,
    );
    expect(category!.auto_google_sync).toBe(1);
  });

  it('is all or nothing', async () => {
    const post = await createPost();
    const response = await checker.post('/api/posts/action', {
      ids: [post.id, 999_999],
      action: 'publish_web',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.ids).toEqual([unknownIdsMessage([999_999])]);
    const variants = await variantsOf(post.id);
    expect(variants.some((v) => v.is_approved || v.delivery_status)).toBe(false);
    expect(await jobsFor(variants.map((v) => v.id))).toEqual([]);
    const unknownAction = await admin.post('/api/posts/action', { ids: [post.id], action: 'nope' });
    expect(unknownAction.body.errors.action).toEqual([
      ACTION_MESSAGES.unknownAction([...POST_ACTIONS, ...SCHEDULE_ACTIONS, ...REVIEW_ACTIONS]),
    ]);
    expect((await checker.post('/api/posts/action', { ids: [], action: 'approve' })).status).toBe(
      422,
    );
  });

  it('runs detail actions and shows their effect in Detailed Review', async () => {
    const post = await createPost();
    const [onA, onClosed] = await variantsOf(post.id);
    const approve = await checker.post('/api/posts/details/action', {
      ids: `${onA!.id}`,
      action: 'mark_approved',
    });
    expect(approve.body).toMatchObject({ message: ACTION_MESSAGES.detailsUpdated, changed: 1 });
    const toWebsite = await admin.post('/api/posts/details/action', {
      ids: [onA!.id, onClosed!.id],
      action: 'post_to_website',
    });
    expect(toWebsite.body).toMatchObject({
      queued: 1,
      skipped: [{ reason: SKIP_REASONS.websiteInactive, count: 1 }],
    });
    const review = await admin.get(`/api/posts/details/${post.id}?page=1`);
    expect(review.body).toMatchObject({ total: 2, total_is_estimate: false });
    expect(review.body.data[0]).toMatchObject({
      pivot_id: onA!.id,
      post_title: post.title,
      website_name: 'Alpha Site',
      is_approved: 1,
      delivery_status: 'queued',
    });
    const spelled = await admin.get(`/api/posts/details/${post.id}&page=1`);
    expect(spelled.body.data).toEqual(review.body.data);
    const pastLast = await admin.get(`/api/posts/details/${post.id}?page=3`);
    expect(pastLast.body).toMatchObject({ data: [], total: 2, last_page: 1 });
    expect((await admin.get('/api/posts/details/999999')).status).toBe(404);
  });

  it('syncs one post', async () => {
    const post = await createPost();
    const other = await createPost();
    const response = await admin.get(`/api/posts/sync/${post.id}`);
    expect(response.body).toEqual({ message: POST_MESSAGES.synced });
    // A post keeps its synced flag on its variants: every one of them, and no other post's.
    expect(await syncedFlags(post.id)).toEqual([1, 1]);
    expect(await syncedFlags(other.id)).toEqual([0, 0]);
  });

  it('marks the chosen variants synced in Detailed Review', async () => {
    const post = await createPost();
    const [onA, onClosed] = await variantsOf(post.id);
    const response = await admin.post('/api/posts/details/action', {
      ids: [onA!.id],
      action: 'mark_synced',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ message: ACTION_MESSAGES.detailsUpdated, changed: 1 });
    const review = await admin.get(`/api/posts/details/${post.id}`);
    expect(
      review.body.data.map((row: { pivot_id: number; synced: number }) => [
        row.pivot_id,
        row.synced,
      ]),
    ).toEqual([
      [onA!.id, 1],
      [onClosed!.id, 0],
    ]);
  });
});

describe('post delete', () => {
  it('deletes one, and many all or nothing', async () => {
    const [one, two, three] = [await createPost(), await createPost(), await createPost()];
    expect((await admin.delete(`/api/posts/${one!.id}`)).body).toEqual({
      message: POST_MESSAGES.deleted,
    });
    const refused = await admin.delete('/api/posts', { ids: [two!.id, one!.id] });
    expect(refused.status).toBe(422);
    const bulk = await admin.delete('/api/posts', { ids: [two!.id, three!.id] });
    expect(bulk.body).toEqual({ message: POST_MESSAGES.bulkDeleted(2) });
    expect(await variantsOf(two!.id)).toEqual([]);
  });
});

describe('post abilities', () => {
  it('lets a viewer list but refuses every write, action and review', async () => {
    const post = await createPost();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get('/api/posts')).status).toBe(200);
    const refused = [
      await viewer.post('/api/posts', { title: 'x', description: 'y', category_id: food }),
      await viewer.put(`/api/posts/${post.id}`, {
        title: 'x',
        description: 'y',
        category_id: food,
      }),
      await viewer.delete(`/api/posts/${post.id}`),
      await viewer.delete('/api/posts', { ids: [post.id] }),
      await viewer.get(`/api/posts/sync/${post.id}`),
      await viewer.get(`/api/posts/details/${post.id}`),
      await viewer.post('/api/posts/action', { ids: [post.id], action: 'approve' }),
      await viewer.post('/api/posts/details/action', { ids: [1], action: 'mark_approved' }),
    ];
    expect(refused.map((response) => response.status)).toEqual(Array(8).fill(403));
  });
});

const postCount = async () =>
  (
    await queryRows<{ count: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS count FROM posts`,
    )
  )[0]!.count;

describe('big lists', () => {
  it('counts exactly up to the bound and estimates beyond it, keeping total and last_page', async () => {
    await server.database.db.execute(
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Bulk row ' || g, 'Generated', ${travel} FROM generate_series(1, 1100) g`,
    );
    await server.database.db.execute(sql`ANALYZE posts`);
    const searched = await admin.get('/api/posts?query=bulk%20row');
    expect(searched.body.total_is_estimate).toBe(true);
    expect(searched.body.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(searched.body.last_page).toBe(Math.ceil(searched.body.total / 15));
    expect(searched.body.data[0].title).toBe('Bulk row 1100');

    // Counted past the bound once, the search answers its page and the estimate without
    // numbering its first rows again, and its last (short) page knows the exact total.
    const again = await admin.get('/api/posts?query=bulk%20row');
    expect(again.body).toMatchObject({ total: searched.body.total, total_is_estimate: true });
    expect(again.body.data.map((row: PostRow) => row.id)).toEqual(
      searched.body.data.map((row: PostRow) => row.id),
    );
    const second = await admin.get('/api/posts?query=bulk%20row&page=2');
    expect(second.body.total_is_estimate).toBe(true);
    expect(second.body.data[0].title).toBe('Bulk row 1085');
    const last = await admin.get('/api/posts?query=bulk%20row&page=74');
    expect(last.body).toMatchObject({ total: 1100, total_is_estimate: false, last_page: 74 });
    expect(last.body.data).toHaveLength(5);

    const narrow = await admin.get('/api/posts?query=bulk%20row%2010');
    expect(narrow.body).toMatchObject({ total: 111, total_is_estimate: false });
    const narrowAgain = await admin.get('/api/posts?query=bulk%20row%2010&page=2');
    expect(narrowAgain.body).toMatchObject({ total: 111, total_is_estimate: false });

    const unfiltered = await admin.get('/api/posts');
    expect(unfiltered.body).toMatchObject({ total: await postCount(), total_is_estimate: false });
    const deep = await admin.get(`/api/posts?category_id=${travel}&page=70`);
    expect(deep.body.data).toHaveLength(15);
    expect(deep.body.from).toBe(69 * 15 + 1);
    const past = await admin.get('/api/posts?query=bulk%20row%2010&page=9');
    expect(past.body).toMatchObject({ data: [], total: 111, total_is_estimate: false });
  });

  /** How many posts the list finds for `term`, as SQL counts them. */
  const countFound = async (term: string) =>
    (
      await queryRows<{ count: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS count FROM posts WHERE title ILIKE ${`%${term}%`}`,
      )
    )[0]!.count;

  it('estimates a searched list loaded after the last ANALYZE within a tenth of its count', async () => {
    const { db } = server.database;
    // The statistics stay those of before the load, as until autovacuum's next ANALYZE.
    await db.execute(sql`ALTER TABLE posts SET (autovacuum_enabled = false)`);
    await db.execute(sql`ANALYZE posts`);
    await db.execute(
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Loaded zelqua ' || g, 'Generated', ${travel} FROM generate_series(1, 3000) g`,
    );
    const searched = await admin.get('/api/posts?query=zelqua');
    expect(searched.body.total_is_estimate).toBe(true);
    const count = await countFound('zelqua');
    expect(Math.abs(searched.body.total - count) / count).toBeLessThan(0.1);
    await db.execute(sql`ALTER TABLE posts RESET (autovacuum_enabled)`);
  });

  it('estimates the posts of a stage and assignee loaded after the last ANALYZE within a tenth of their count', async () => {
    const { db } = server.database;
    const [{ stage, user } = { stage: 0, user: 0 }] = await queryRows<{
      stage: number;
      user: number;
    }>(
      db,
      sql`SELECT (SELECT min(id) FROM workflow_stages) AS stage, (SELECT min(id) FROM users) AS user`,
    );
    await db.execute(sql`ALTER TABLE post_variants SET (autovacuum_enabled = false)`);
    await db.execute(sql`ANALYZE post_variants`);
    await db.execute(
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Assigned ' || g, 'Generated', ${travel} FROM generate_series(1, 1500) g`,
    );
    await db.execute(
      sql`INSERT INTO post_variants (post_id, website_id, stage_id, assignee_id)
          SELECT p.id, w.id, ${stage}, ${user} FROM posts p, unnest(${`{${siteA},${siteB}}`}::int[]) w(id)
          WHERE p.title LIKE 'Assigned %'`,
    );
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(DISTINCT post_id)::int AS count FROM post_variants
          WHERE stage_id = ${stage} AND assignee_id = ${user}`,
    );
    const listed = await admin.get(`/api/posts?stage_id=${stage}&assignee_id=${user}`);
    expect(listed.body.total_is_estimate).toBe(true);
    expect(Math.abs(listed.body.total - count) / count).toBeLessThan(0.1);
    await db.execute(sql`ALTER TABLE post_variants RESET (autovacuum_enabled)`);
  });

  it('estimates a searched list of a table bigger than its sample within a tenth of its count', async () => {
    const { db } = server.database;
    await db.execute(
      sql`INSERT INTO posts (title, description, category_id)
          SELECT CASE WHEN g % 4 = 0 THEN 'Sampled quorvane ' ELSE 'Sampled other ' END || g,
                 'Generated', ${travel}
          FROM generate_series(1, 40000) g`,
    );
    await db.execute(sql`ANALYZE posts`);
    const count = await countFound('quorvane');
    const searched = await admin.get('/api/posts?query=quorvane');
    expect(searched.body.total_is_estimate).toBe(true);
    expect(Math.abs(searched.body.total - count) / count).toBeLessThan(0.1);
  });
});

describe('every post, newest first', () => {
  const expectedPage = async (page: number) =>
    (
      await queryRows<{ id: number }>(
        server.database.db,
        sql`SELECT id FROM posts ORDER BY id DESC LIMIT 15 OFFSET ${(page - 1) * 15}`,
      )
    ).map((row) => row.id);

  async function expectPagesAsOffset() {
    const total = await postCount();
    const lastPage = Math.ceil(total / 15);
    for (const page of [1, 2, 67, 68, 150, lastPage - 1, lastPage, lastPage + 1]) {
      const response = await admin.get(`/api/posts?page=${page}`);
      expect(
        response.body.data.map((row: PostRow) => row.id),
        `page ${page}`,
      ).toEqual(await expectedPage(page));
      expect(response.body).toMatchObject({ total, total_is_estimate: false, last_page: lastPage });
    }
  }

  it('pages exactly through the per-range counts as posts come and go', async () => {
    const { db } = server.database;
    await db.execute(
      sql`INSERT INTO posts (title, description, category_id)
          SELECT 'Ranged ' || g, 'Generated', ${travel} FROM generate_series(1, 2500) g`,
    );
    await expectPagesAsOffset();

    // Gaps spread over several ranges, from the API and from one statement.
    const [{ newest } = { newest: 0 }] = await queryRows<{ newest: number }>(
      db,
      sql`SELECT max(id) AS newest FROM posts`,
    );
    const deleted = await admin.delete('/api/posts', {
      ids: [newest, newest - 7, newest - 1203],
    });
    expect(deleted.status).toBe(200);
    await db.execute(sql`DELETE FROM posts WHERE id % 13 = 0 AND title LIKE 'Ranged %'`);
    await expectPagesAsOffset();

    await createPost({ title: 'Newest after the gaps' });
    const first = await admin.get('/api/posts?page=1');
    expect(first.body.data[0].title).toBe('Newest after the gaps');
    await expectPagesAsOffset();
  });
});
