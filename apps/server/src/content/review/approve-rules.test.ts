import { REVIEW_SECOND_PERSON_SETTING, SKIP_REASONS, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCategory,
  createPost,
  createWebsite,
  roleWithPermissions,
  serverForFile,
} from '../../../test/fixtures.ts';
import { type ApiClient, setSetting } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Approving is moving to the last stage, under the rules of a move: the review ability, the
 * stage's roles and users, and the four-eyes rule. One record refused answers the error; a bulk
 * over several records skips what may not move, with the reason.
 */

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
// The four-eyes rule is opt-in: these tests are about it, so they turn it on.
await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');

const roleWith = (name: string, permissionNames: readonly string[]) =>
  roleWithPermissions(db, name, permissionNames);

const legalRoleId = await roleWith('Legal', [
  'post-list',
  'post-review',
  'category-list',
  'category-review',
]);
await roleWith('Reviewer', ['post-list', 'post-review', 'category-list', 'category-review']);
await roleWith('Publisher', ['post-list', 'post-action', 'category-list', 'category-action']);

const author = await server.userWithRoles(['editor'], 'author@example.com');
const second = await server.userWithRoles(['editor'], 'second@example.com');
const reviewerOnly = await server.userWithRoles(['Reviewer'], 'reviewer@example.com');
const publisherOnly = await server.userWithRoles(['Publisher'], 'publisher@example.com');
const legal = await server.userWithRoles(['Legal'], 'legal@example.com');
const [{ id: reviewerId }] = (await queryRows<{ id: number }>(
  db,
  sql`SELECT id FROM users WHERE email = 'reviewer@example.com'`,
)) as [{ id: number }];

// Website A: Draft → Legal check (only the Legal role moves out of it) → Ready. B: the default.
const websiteA = await createWebsite(admin);
const websiteB = await createWebsite(admin);
const workflow = (
  await admin.post('/api/workflows', {
    name: 'Legal review',
    stages: [
      { name: 'Draft', colour: '#6b7280' },
      { name: 'Legal check', colour: '#d97706', role_ids: [legalRoleId] },
      { name: 'Ready', colour: '#16a34a' },
    ],
  })
).body;
const [, legalCheck] = workflow.stages as { id: number; name: string }[];
await admin.patch(`/api/websites/${websiteA.id}/update-settings`, { workflow_id: workflow.id });
const category = await createCategory(admin, { websites: [websiteA.id, websiteB.id] });

let made = 0;
/** A post by `client` in the category (on A and B), titled so a filter finds it. */
const postBy = (client: ApiClient, prefix = 'Approve rules') => {
  made += 1;
  return createPost(client, { category_id: category.id, title: `${prefix} ${made}` });
};

/** The variants of a post or category: website id → { id, stage name, approved }. */
async function variantsOf(kind: 'post' | 'category', id: number) {
  const response = await admin.get(
    `/api/${kind === 'post' ? 'posts' : 'categories'}/details/${id}?page=1`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new Map<number, { id: number; stage: string; approved: number }>(
    response.body.data.map((row: any) => [
      row.website_id,
      { id: row.pivot_id, stage: row.stage.name, approved: row.is_approved },
    ]),
  );
}

const stagesOf = async (kind: 'post' | 'category', id: number) =>
  [...(await variantsOf(kind, id)).values()].map((variant) => variant.stage).sort();

const approve = (client: ApiClient, ids: number[]) =>
  client.post('/api/posts/action', { ids, action: 'approve' });

describe('approve is a move to the last stage under the four-eyes rule', () => {
  it("the author's approve of one post is a 422 on stage_id, and nothing moves", async () => {
    const post = await postBy(author);
    const refused = await approve(author, [post.id]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ stage_id: [WORKFLOW_MESSAGES.secondPerson] });
    expect(await stagesOf('post', post.id)).toEqual(['Draft', 'Draft']);
  });

  it("the author's Mark as Approved in Detailed Review is a 422", async () => {
    const post = await postBy(author);
    const onA = (await variantsOf('post', post.id)).get(websiteA.id)!;
    const refused = await author.post('/api/posts/details/action', {
      ids: [onA.id],
      action: 'mark_approved',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ stage_id: [WORKFLOW_MESSAGES.secondPerson] });
    expect((await variantsOf('post', post.id)).get(websiteA.id)!.stage).toBe('Draft');
  });

  it("a second person's approve moves every variant to its own last stage, each move audited", async () => {
    const post = await postBy(author);
    const approved = await approve(second, [post.id]);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ changed: 1, queued: 0, skipped: [] });
    const variants = await variantsOf('post', post.id);
    expect(variants.get(websiteA.id)).toMatchObject({ stage: 'Ready', approved: 1 });
    expect(variants.get(websiteB.id)).toMatchObject({ stage: 'Approved', approved: 1 });
    const audit = await queryRows<{ user_name: string; details: Record<string, unknown> }>(
      db,
      sql`SELECT user_name, details FROM audit_log WHERE action = 'stage_changed'
            AND subject_type = 'post' AND subject_id = ${post.id} ORDER BY id`,
    );
    expect(audit.map((entry) => [entry.details.website, entry.details.to_stage])).toEqual([
      [websiteA.name, 'Ready'],
      [websiteB.name, 'Approved'],
    ]);
    expect(audit.every((entry) => entry.user_name === 'Test second@example.com')).toBe(true);
    const history = await admin.get(`/api/variants/post/${variants.get(websiteA.id)!.id}/history`);
    expect(history.body.data.at(-1)).toMatchObject({
      event: 'stage_changed',
      from_stage: 'Draft',
      to_stage: 'Ready',
      user: { name: 'Test second@example.com' },
    });
    const again = await approve(second, [post.id]);
    expect(again.body.skipped).toEqual([{ reason: SKIP_REASONS.alreadyDone, count: 1 }]);
  });

  it("a bulk approve over several posts skips the author's variants, with the reason", async () => {
    const own = await postBy(author);
    const other = await postBy(second);
    const answer = await approve(author, [own.id, other.id]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      changed: 1,
      skipped: [{ reason: SKIP_REASONS.needsSecondPerson, count: 2 }],
    });
    expect(await stagesOf('post', own.id)).toEqual(['Draft', 'Draft']);
    expect(await stagesOf('post', other.id)).toEqual(['Approved', 'Ready']);
  });

  it("the last editor counts as an author, and so does a filter's bulk", async () => {
    const edited = await postBy(second, 'Edited by author');
    const saved = await author.put(`/api/posts/${edited.id}`, {
      title: edited.title,
      description: 'Rewritten by the author',
      category_id: category.id,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await postBy(author, 'Edited by author');
    const answer = await author.post('/api/posts/action', {
      action: 'approve',
      filter: { query: 'Edited by author' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      changed: 0,
      skipped: [{ reason: SKIP_REASONS.needsSecondPerson, count: 4 }],
    });
    expect(await stagesOf('post', edited.id)).toEqual(['Draft', 'Draft']);
  });

  it('categories: the author is refused on one category and skipped over several', async () => {
    const own = await createCategory(author, { websites: [websiteA.id, websiteB.id] });
    const other = await createCategory(second, { websites: [websiteA.id] });
    const one = await author.post('/api/categories/action', { ids: [own.id], action: 'approve' });
    expect(one.status).toBe(422);
    expect(one.body.errors).toEqual({ stage_id: [WORKFLOW_MESSAGES.secondPerson] });
    const [onA] = [...(await variantsOf('category', own.id)).values()];
    const detail = await author.post('/api/categories/details/action', {
      ids: [onA!.id],
      action: 'mark_approved',
    });
    expect(detail.status).toBe(422);
    const several = await author.post('/api/categories/action', {
      ids: [own.id, other.id],
      action: 'approve',
    });
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    expect(several.body).toMatchObject({
      changed: 1,
      skipped: [{ reason: SKIP_REASONS.needsSecondPerson, count: 2 }],
    });
    const list = await admin.get(`/api/categories?query=${encodeURIComponent(own.name)}`);
    expect(list.body.data[0].is_approved).toBe(0);
    const otherRow = await admin.get(`/api/categories?query=${encodeURIComponent(other.name)}`);
    expect(otherRow.body.data[0].is_approved).toBe(1);
  });

  it("a stage's roles: one record is a 403, several skip the variant held there", async () => {
    const held = await postBy(admin);
    const free = await postBy(admin);
    const onA = (await variantsOf('post', held.id)).get(websiteA.id)!;
    const moved = await second.post('/api/posts/details/action', {
      ids: [onA.id],
      action: 'move_stage',
      stage_id: legalCheck!.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const one = await approve(second, [held.id]);
    expect(one.status).toBe(403);
    expect(one.body.message).toBe(WORKFLOW_MESSAGES.notAllowedOut('Legal check'));
    const several = await approve(second, [held.id, free.id]);
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    expect(several.body).toMatchObject({
      changed: 2,
      skipped: [{ reason: SKIP_REASONS.notYourStage, count: 1 }],
    });
    expect(await stagesOf('post', held.id)).toEqual(['Approved', 'Legal check']);
    expect((await approve(legal, [held.id])).status).toBe(200);
    expect(await stagesOf('post', held.id)).toEqual(['Approved', 'Ready']);
  });

  it('approving needs the review ability, not the publishing one', async () => {
    const post = await postBy(admin);
    expect((await approve(publisherOnly, [post.id])).status).toBe(403);
    const onA = (await variantsOf('post', post.id)).get(websiteA.id)!;
    const detail = await publisherOnly.post('/api/posts/details/action', {
      ids: [onA.id],
      action: 'mark_approved',
    });
    expect(detail.status).toBe(403);
    const byReviewer = await approve(reviewerOnly, [post.id]);
    expect(byReviewer.status, JSON.stringify(byReviewer.body)).toBe(200);
    expect(await stagesOf('post', post.id)).toEqual(['Approved', 'Ready']);
  });

  it('a reviewer without the publishing ability approves and assigns, and publishes nothing', async () => {
    const post = await postBy(admin);
    const onA = (await variantsOf('post', post.id)).get(websiteA.id)!;
    const marked = await reviewerOnly.post('/api/posts/details/action', {
      ids: [onA.id],
      action: 'mark_approved',
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(await stagesOf('post', post.id)).toEqual(['Draft', 'Ready']);
    const assigned = await reviewerOnly.post('/api/posts/action', {
      ids: [post.id],
      action: 'assign',
      user_id: reviewerId,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const refused = [
      { ids: [post.id], action: 'publish_web' },
      { ids: [post.id], action: 'synced' },
      { ids: [post.id], action: 'schedule_publish', publish_at: '2099-01-01T10:00:00Z' },
    ];
    for (const body of refused) {
      expect((await reviewerOnly.post('/api/posts/action', body)).status).toBe(403);
    }
    const detailPost = await reviewerOnly.post('/api/posts/details/action', {
      ids: [onA.id],
      action: 'post_to_website',
    });
    expect(detailPost.status).toBe(403);

    const kept = await createCategory(admin, { websites: [websiteA.id, websiteB.id] });
    const approved = await reviewerOnly.post('/api/categories/action', {
      ids: [kept.id],
      action: 'approve',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await stagesOf('category', kept.id)).toEqual(['Approved', 'Ready']);
    const other = await createCategory(admin, { websites: [websiteA.id] });
    const [variant] = [...(await variantsOf('category', other.id)).values()];
    const detail = await reviewerOnly.post('/api/categories/details/action', {
      ids: [variant!.id],
      action: 'mark_approved',
    });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(await stagesOf('category', other.id)).toEqual(['Ready']);
    const published = await reviewerOnly.post('/api/categories/action', {
      ids: [other.id],
      action: 'publish_web',
    });
    expect(published.status).toBe(403);
  });

  it('Publish to Web approves under the same rules before it publishes', async () => {
    const own = await postBy(author);
    const refused = await author.post('/api/posts/action', {
      ids: [own.id],
      action: 'publish_web',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ stage_id: [WORKFLOW_MESSAGES.secondPerson] });
    const other = await postBy(second);
    const several = await author.post('/api/posts/action', {
      ids: [own.id, other.id],
      action: 'publish_web',
    });
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    expect(several.body.changed).toBe(1);
    expect(several.body.skipped).toContainEqual({
      reason: SKIP_REASONS.needsSecondPerson,
      count: 2,
    });
    expect(several.body.skipped.map((skip: { reason: string }) => skip.reason)).not.toContain(
      SKIP_REASONS.notApproved,
    );
    expect(await stagesOf('post', own.id)).toEqual(['Draft', 'Draft']);
    expect(await stagesOf('post', other.id)).toEqual(['Approved', 'Ready']);
  });

  it('a bulk move into the last stage over several posts skips as approve does', async () => {
    const own = await postBy(author);
    const other = await postBy(second);
    const answer = await author.post('/api/posts/action', {
      ids: [own.id, other.id],
      action: 'move_stage',
      stage_id: workflow.stages[2].id,
      website_ids: [websiteA.id],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      changed: 1,
      skipped: [{ reason: SKIP_REASONS.needsSecondPerson, count: 1 }],
    });
  });

  it('with the four-eyes setting off, the author may approve', async () => {
    const post = await postBy(author);
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'false');
    const approved = await approve(author, [post.id]);
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await stagesOf('post', post.id)).toEqual(['Approved', 'Ready']);
  });
});
