import { CATEGORY_MESSAGES, POST_MESSAGES, unknownIdsMessage } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  categoryInput,
  createCategory,
  createPost,
  createWebsite,
  inDays,
  serverForFile,
  tokenOf,
} from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
const db = server.database.db;

describe('a token limited to websites, on categories and posts', () => {
  it('lists, counts and exports only those with a variant on its websites, each row of those websites only', async () => {
    const a = await createWebsite(admin, { name: 'Content Scope A' });
    const b = await createWebsite(admin, { name: 'Content Scope B' });
    const onA = await createCategory(admin, { name: 'Scoped cat on A', websites: [a.id] });
    const onB = await createCategory(admin, { name: 'Scoped cat on B', websites: [b.id] });
    const onBoth = await createCategory(admin, {
      name: 'Scoped cat on both',
      websites: [a.id, b.id],
    });
    for (const category of [onA, onB, onBoth]) {
      await createPost(admin, {
        category_id: category.id,
        title: `Scoped post in ${category.name}`,
      });
    }
    const { client } = await tokenOf(admin, {
      abilities: ['category-list', 'category-create', 'post-list'],
      website_ids: [a.id],
    });

    const categories = await client.get('/api/categories?query=Scoped%20cat&per_page=100');
    expect(categories.status).toBe(200);
    expect(categories.body.data.map((row: { name: string }) => row.name).sort()).toEqual([
      'Scoped cat on A',
      'Scoped cat on both',
    ]);
    expect(categories.body.total).toBe(2);
    const both = categories.body.data.find((row: { id: number }) => row.id === onBoth.id);
    expect(both.websites).toEqual([{ id: a.id, name: 'Content Scope A' }]);
    const csv = String((await client.get('/api/categories/export?query=Scoped%20cat')).body);
    expect(csv).toContain('Scoped cat on A');
    expect(csv).not.toContain('Scoped cat on B');

    expect((await client.get(`/api/categories/${onB.id}`)).status).toBe(404);
    const one = await client.get(`/api/categories/${onBoth.id}`);
    expect(one.body.websites).toEqual([{ id: a.id, name: 'Content Scope A' }]);

    const posts = await client.get('/api/posts?query=Scoped%20post&per_page=100');
    expect(posts.body.data.map((row: { title: string }) => row.title).sort()).toEqual([
      'Scoped post in Scoped cat on A',
      'Scoped post in Scoped cat on both',
    ]);
    expect(posts.body.total).toBe(2);
    const postsCsv = String((await client.get('/api/posts/export?query=Scoped%20post')).body);
    expect(postsCsv).toContain('Scoped post in Scoped cat on A');
    expect(postsCsv).not.toContain('Scoped cat on B');

    const everyone = await admin.get('/api/categories?query=Scoped%20cat&per_page=100');
    expect(everyone.body.total).toBe(3);
  });
});

describe('a token limited to websites, writing categories and posts', () => {
  it('changes and deletes only those on its websites, and makes them only there', async () => {
    const a = await createWebsite(admin, { name: 'Write Scope A' });
    const b = await createWebsite(admin, { name: 'Write Scope B' });
    const onA = await createCategory(admin, { name: 'Writable on A', websites: [a.id] });
    const onB = await createCategory(admin, { name: 'Unreachable on B', websites: [b.id] });
    const postOnB = await createPost(admin, { category_id: onB.id, title: 'Post on B' });
    const { client } = await tokenOf(admin, {
      abilities: [
        'category-list',
        'category-create',
        'category-update',
        'category-delete',
        'post-list',
        'post-create',
        'post-update',
        'post-delete',
      ],
      website_ids: [a.id],
    });

    const elsewhere = await client.post('/api/categories', categoryInput({ websites: [b.id] }));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({
      websites: [CATEGORY_MESSAGES.unknownWebsites([b.id])],
    });
    const made = await client.post('/api/categories', categoryInput({ websites: [a.id] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const renamed = await client.put(`/api/categories/${onB.id}`, {
      ...categoryInput({ websites: [a.id] }),
      status: 1,
      is_approved: 0,
      auto_google_sync: 0,
    });
    expect(renamed.status).toBe(404);
    expect((await client.delete(`/api/categories/${onB.id}`)).status).toBe(404);

    const intoB = await client.post('/api/posts', {
      title: 'Into B',
      description: 'Refused',
      category_id: onB.id,
    });
    expect(intoB.status).toBe(422);
    expect(intoB.body.errors).toEqual({ category_id: [POST_MESSAGES.categoryMissing] });
    const post = await client.post('/api/posts', {
      title: 'Into A',
      description: 'Allowed',
      category_id: onA.id,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const edit = { title: 'Changed', description: 'Changed', category_id: onA.id };
    expect((await client.put(`/api/posts/${postOnB.id}`, edit)).status).toBe(404);
    expect((await client.put(`/api/posts/${post.body.id}`, edit)).status).toBe(200);
    expect((await client.delete(`/api/posts/${postOnB.id}`)).status).toBe(404);
    const several = await client.delete('/api/posts', { ids: [post.body.id, postOnB.id] });
    expect(several.status).toBe(422);
    expect(several.body.errors).toEqual({ ids: [unknownIdsMessage([postOnB.id])] });
    expect((await client.delete(`/api/posts/${post.body.id}`)).status).toBe(200);

    // What it could not reach is as it was.
    const kept = await admin.get('/api/posts?query=Post%20on%20B');
    expect(kept.body.data.map((row: { id: number }) => row.id)).toEqual([postOnB.id]);
    expect((await admin.get(`/api/categories/${onB.id}`)).body.name).toBe('Unreachable on B');
  });
});

describe('a token limited to websites, on the calendar', () => {
  it('sees what is scheduled on its websites only', async () => {
    const a = await createWebsite(admin, { name: 'Calendar Scope A' });
    const b = await createWebsite(admin, { name: 'Calendar Scope B' });
    const category = await createCategory(admin, { websites: [a.id, b.id] });
    const post = await createPost(admin, { category_id: category.id, title: 'Scheduled twice' });
    await db.execute(
      sql`UPDATE post_variants SET publish_at = now() + interval '1 day' WHERE post_id = ${post.id}`,
    );
    const { client } = await tokenOf(admin, { abilities: ['post-list'], website_ids: [a.id] });
    const range = new URLSearchParams({ from: inDays(0), to: inDays(3), kind: 'post' });
    const websitesOf = (answer: { body: { data: { record_id: number; website_id: number }[] } }) =>
      answer.body.data.filter((item) => item.record_id === post.id).map((item) => item.website_id);

    const scoped = await client.get(`/api/calendar?${range}`);
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200);
    expect(websitesOf(scoped)).toEqual([a.id]);
    range.set('website_id', String(b.id));
    expect(websitesOf(await client.get(`/api/calendar?${range}`))).toEqual([]);
    range.delete('website_id');
    expect(websitesOf(await admin.get(`/api/calendar?${range}`)).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });
});

describe('a token limited to websites, on deliveries', () => {
  it('sees the delivery health and attempts of its websites only', async () => {
    const a = await createWebsite(admin, { name: 'Delivery Scope A' });
    const b = await createWebsite(admin, { name: 'Delivery Scope B' });
    const category = await createCategory(admin, { websites: [a.id, b.id] });
    const post = await createPost(admin, { category_id: category.id });
    // One failed attempt per website, as the pipeline records them.
    await db.execute(
      sql`INSERT INTO delivery_attempts (kind, variant_id, website_id, target, job_id, attempt,
                                         version, outcome, duration_ms, error)
          SELECT 'post', id, website_id, 'website', 'job-' || id, 1, 1, 'failed', 5,
                 'scoped attempt ' || website_id
          FROM post_variants WHERE post_id = ${post.id}`,
    );
    const { client } = await tokenOf(admin, { abilities: ['delivery-list'], website_ids: [a.id] });

    const health = await client.get('/api/delivery-health?per_page=100');
    expect(health.status, JSON.stringify(health.body)).toBe(200);
    expect(health.body.data.map((row: { website_id: number }) => row.website_id)).toEqual([a.id]);
    expect(health.body.total).toBe(1);
    expect((await client.get(`/api/websites/${b.id}/delivery-health`)).status).toBe(404);
    expect((await client.get(`/api/websites/${a.id}/delivery-health`)).status).toBe(200);

    const attempts = await client.get('/api/deliveries?query=scoped%20attempt');
    expect(attempts.body.data.map((row: { website_id: number }) => row.website_id)).toEqual([a.id]);
    const csv = String((await client.get('/api/deliveries/export?query=scoped%20attempt')).body);
    expect(csv).toContain(`scoped attempt ${a.id}`);
    expect(csv).not.toContain(`scoped attempt ${b.id}`);
    const all = await admin.get('/api/deliveries?query=scoped%20attempt');
    expect(all.body.data).toHaveLength(2);
  });

  it('pauses and resumes the deliveries of its websites only', async () => {
    const a = await createWebsite(admin, { name: 'Pause Scope A' });
    const b = await createWebsite(admin, { name: 'Pause Scope B' });
    const { client } = await tokenOf(admin, {
      abilities: ['delivery-list', 'delivery-manage'],
      website_ids: [a.id],
    });
    expect((await client.post(`/api/websites/${b.id}/deliveries/pause`, {})).status).toBe(404);
    expect((await client.post(`/api/websites/${b.id}/test-delivery`)).status).toBe(404);
    const paused = await client.post(`/api/websites/${a.id}/deliveries/pause`, {});
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect((await client.post(`/api/websites/${b.id}/deliveries/resume`)).status).toBe(404);
    expect((await client.post(`/api/websites/${a.id}/deliveries/resume`)).status).toBe(200);
  });
});

describe('a token limited to websites, on the dashboard', () => {
  it('counts, ranks and lists renewals of its websites and their records only', async () => {
    const a = await createWebsite(admin, { name: 'Dashboard Scope A' });
    const b = await createWebsite(admin, { name: 'Dashboard Scope B' });
    const onBoth = await createCategory(admin, { websites: [a.id, b.id] });
    const onB = await createCategory(admin, { websites: [b.id] });
    await createPost(admin, { category_id: onBoth.id });
    await createPost(admin, { category_id: onB.id });
    await db.execute(
      sql`UPDATE websites SET next_renewal_date = current_date + 3, status = 1
          WHERE id IN (${a.id}, ${b.id})`,
    );
    const { client } = await tokenOf(admin, {
      abilities: ['website-list', 'category-list', 'post-list'],
      website_ids: [a.id],
    });
    const read = async (path: string) => {
      const answer = await client.get(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    expect(await read('/api/stats/websites')).toEqual({ totalWebsitesCount: 1 });
    expect(await read('/api/stats/categories')).toEqual({ totalCategoriesCount: 1 });
    expect(await read('/api/stats/posts')).toEqual({ totalPostsCount: 1 });
    expect((await read('/api/stats/top-websites')).map((row: { id: number }) => row.id)).toEqual([
      a.id,
    ]);
    const top = await read('/api/stats/top-categories');
    expect(top.map((row: { id: number }) => row.id)).toEqual([onBoth.id]);
    const renewals = await read('/api/stats/renewals?days=30');
    expect(renewals.websites.map((row: { id: number }) => row.id)).toEqual([a.id]);
    // The same figures for a session are the fleet's.
    const all = await admin.get('/api/stats/renewals?days=30');
    expect(all.body.websites.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
  });
});

describe('a token limited to websites, in Detailed Review', () => {
  it('reads a post’s variants on its websites only, and no post of others', async () => {
    const a = await createWebsite(admin, { name: 'Review Scope A' });
    const b = await createWebsite(admin, { name: 'Review Scope B' });
    const onBoth = await createCategory(admin, { websites: [a.id, b.id] });
    const onB = await createCategory(admin, { websites: [b.id] });
    const shared = await createPost(admin, { category_id: onBoth.id });
    const elsewhere = await createPost(admin, { category_id: onB.id });
    const { client } = await tokenOf(admin, {
      abilities: ['post-list', 'post-review'],
      website_ids: [a.id],
    });
    const rows = await client.get(`/api/posts/details/${shared.id}?page=1`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.data.map((row: { website_id: number }) => row.website_id)).toEqual([a.id]);
    expect(rows.body.total).toBe(1);
    expect((await client.get(`/api/posts/details/${elsewhere.id}?page=1`)).status).toBe(404);
    expect((await admin.get(`/api/posts/details/${shared.id}?page=1`)).body.total).toBe(2);
  });
});

describe('a token limited to websites, acting on posts', () => {
  it('approves and publishes the variants on its websites only, and refuses others', async () => {
    const a = await createWebsite(admin, { name: 'Action Scope A' });
    const b = await createWebsite(admin, { name: 'Action Scope B' });
    for (const website of [a, b]) {
      await admin.patch(`/api/websites/${website.id}/update-settings`, {
        post_webhook_url: `https://hooks${website.id}.example.com/posts`,
      });
    }
    const onBoth = await createCategory(admin, { websites: [a.id, b.id] });
    const onB = await createCategory(admin, { websites: [b.id] });
    const shared = await createPost(admin, { category_id: onBoth.id });
    const elsewhere = await createPost(admin, { category_id: onB.id });
    const { client } = await tokenOf(admin, {
      abilities: ['post-list', 'post-action', 'post-review'],
      website_ids: [a.id],
    });
    const variantsOf = (postId: number) =>
      queryRows<{ website_id: number; is_approved: boolean; delivery_status: string | null }>(
        db,
        sql`SELECT website_id, is_approved, delivery_status FROM post_variants
            WHERE post_id = ${postId} ORDER BY website_id`,
      );

    const refused = await client.post('/api/posts/action', {
      ids: [shared.id, elsewhere.id],
      action: 'publish_web',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ids: [unknownIdsMessage([elsewhere.id])] });
    const outsideWebsite = await client.post('/api/posts/action', {
      ids: [shared.id],
      action: 'move_stage',
      stage_id: null,
      website_ids: [b.id],
    });
    expect(outsideWebsite.status).toBe(422);

    const published = await client.post('/api/posts/action', {
      ids: [shared.id],
      action: 'publish_web',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.queued, JSON.stringify(published.body)).toBe(1);
    expect(await variantsOf(shared.id)).toEqual([
      { website_id: a.id, is_approved: true, delivery_status: 'queued' },
      { website_id: b.id, is_approved: false, delivery_status: null },
    ]);
    // Every post its filter finds: its variants on A only.
    const matching = await client.post('/api/posts/action', {
      filter: { category_id: onBoth.id },
      action: 'forceWebSync',
    });
    expect(matching.body.queued, JSON.stringify(matching.body)).toBe(1);
    expect((await variantsOf(shared.id))[1]!.delivery_status).toBeNull();
    expect((await variantsOf(elsewhere.id))[0]!.is_approved).toBe(false);
  });
});

describe('a token limited to websites, on categories in review and the review stages', () => {
  it('reads a category’s rows and options of its websites only, and counts their variants only', async () => {
    const a = await createWebsite(admin, { name: 'Stage Scope A' });
    const b = await createWebsite(admin, { name: 'Stage Scope B' });
    const onBoth = await createCategory(admin, { name: 'Stage both', websites: [a.id, b.id] });
    const onB = await createCategory(admin, { name: 'Stage only B', websites: [b.id] });
    await createPost(admin, { category_id: onBoth.id });
    const { client } = await tokenOf(admin, {
      abilities: ['category-list', 'category-review', 'post-list'],
      website_ids: [a.id],
    });
    const rows = await client.get(`/api/categories/details/${onBoth.id}?page=1`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.data.map((row: { website_id: number }) => row.website_id)).toEqual([a.id]);
    expect((await client.get(`/api/categories/details/${onB.id}?page=1`)).status).toBe(404);
    const options = await client.get('/api/categories/details/0?query=Stage');
    expect(options.body.map((row: { name: string }) => row.name)).toEqual(['Stage both']);

    // Its counts are its variants': every post variant it reaches is on website A.
    const mine = await client.get('/api/stats/review-stages?kind=post');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const [reached] = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM post_variants WHERE website_id = ${a.id}`,
    );
    const sum = (answer: { body: { data: { variants: number }[] } }) =>
      answer.body.data.reduce((total, stage) => total + stage.variants, 0);
    expect(sum(mine)).toBe(reached!.total);
    expect(sum(await admin.get('/api/stats/review-stages?kind=post'))).toBeGreaterThan(sum(mine));
  });
});
