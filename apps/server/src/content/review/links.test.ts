import { REVIEW_SECOND_PERSON_SETTING, WORKFLOW_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCategory,
  createPost,
  createWebsite,
  serverForFile,
} from '../../../test/fixtures.ts';
import { type ApiClient, setSetting } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

// Review links under the four-eyes rule: the link acts as the user who made it, so the author's
// own link (which the author may open, signed out) cannot approve into the last stage; and every
// decision through a link is recorded under the name the outside reviewer gave, marked as such.
const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');

const author = await server.userWithRoles(['editor'], 'link-author@example.com');
const editor = await server.userWithRoles(['editor'], 'link-editor@example.com');
const website = await createWebsite(admin);
const category = await createCategory(admin, { websites: [website.id] });
const stages = (await admin.get('/api/workflows/options')).body.find(
  (workflow: { is_default: boolean }) => workflow.is_default,
).stages as { id: number; name: string }[];
const [, inReview] = stages;

const token = (url: string) => url.split('/review/')[1]!;

/** A post by the author, its one variant moved to "In review" by the author. */
async function postInReview() {
  const post = await createPost(author, { category_id: category.id });
  const details = await admin.get(`/api/posts/details/${post.id}`);
  const variantId = details.body.data[0].pivot_id as number;
  const moved = await author.post('/api/posts/details/action', {
    ids: [variantId],
    action: 'move_stage',
    stage_id: inReview!.id,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { post, variantId };
}

async function linkBy(client: ApiClient, variantId: number) {
  const link = await client.post(`/api/variants/post/${variantId}/review-link`, { hours: 1 });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  return token(link.body.url);
}

async function stageOf(postId: number) {
  const details = await admin.get(`/api/posts/details/${postId}`);
  return details.body.data[0].stage as { name: string; is_last: boolean };
}

describe('a review link under the four-eyes rule', () => {
  it("the author's own link, opened signed out, cannot approve into the last stage", async () => {
    const { post, variantId } = await postInReview();
    const byAuthor = await author.post('/api/posts/details/action', {
      ids: [variantId],
      action: 'move_stage',
      stage_id: stages.at(-1)!.id,
    });
    expect(byAuthor.status).toBe(422);
    const link = await linkBy(author, variantId);
    const decided = await server
      .client()
      .post(`/api/review/${link}`, { decision: 'approve', reviewer_name: 'Someone Else' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(403);
    expect(decided.body.message).toBe(WORKFLOW_MESSAGES.linkByAuthor);
    expect(await stageOf(post.id)).toMatchObject({ name: 'In review', is_last: false });
    // The refused decision left the link usable: its reviewer may still request changes.
    expect((await server.client().get(`/api/review/${link}`)).status).toBe(200);
  });

  it("the last editor's link cannot approve into the last stage either", async () => {
    const { post, variantId } = await postInReview();
    const edited = await editor.put(`/api/posts/${post.id}`, {
      title: post.title,
      description: 'Edited by the second editor',
      category_id: category.id,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const link = await linkBy(editor, variantId);
    const decided = await server
      .client()
      .post(`/api/review/${link}`, { decision: 'approve', reviewer_name: 'Someone Else' });
    expect(decided.status).toBe(403);
    expect(decided.body.message).toBe(WORKFLOW_MESSAGES.linkByAuthor);
    expect((await stageOf(post.id)).name).toBe('In review');
  });

  it("the author's link still moves into a stage before the last", async () => {
    const post = await createPost(author, { category_id: category.id });
    const variantId = (await admin.get(`/api/posts/details/${post.id}`)).body.data[0].pivot_id;
    const link = await linkBy(author, variantId);
    const decided = await server
      .client()
      .post(`/api/review/${link}`, { decision: 'approve', reviewer_name: 'Outside Reader' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await stageOf(post.id)).name).toBe('In review');
  });

  it("another user's link approves, and history and audit name the reviewer through the link", async () => {
    const { post, variantId } = await postInReview();
    const link = await linkBy(editor, variantId);
    const decided = await server.client().post(`/api/review/${link}`, {
      decision: 'approve',
      reviewer_name: '  Rita Reviewer ',
      comment: 'Fine by legal.',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await stageOf(post.id)).toMatchObject({ name: 'Approved', is_last: true });

    const history = await admin.get(`/api/variants/post/${variantId}/history`);
    expect(history.body.data.at(-1)).toMatchObject({
      event: 'stage_changed',
      from_stage: 'In review',
      to_stage: 'Approved',
      user: { id: null, name: 'Rita Reviewer (review link)' },
      comment: 'Fine by legal.',
    });
    const audit = await queryRows<{
      user_id: number | null;
      user_name: string;
      details: Record<string, unknown>;
    }>(
      db,
      sql`SELECT user_id, user_name, details FROM audit_log
          WHERE action = 'stage_changed' AND subject_type = 'post' AND subject_id = ${post.id}
          ORDER BY id`,
    );
    expect(audit.at(-1)).toEqual({
      user_id: null,
      user_name: 'Rita Reviewer (review link)',
      details: expect.objectContaining({
        variant_id: variantId,
        to_stage: 'Approved',
        reviewer_name: 'Rita Reviewer',
        review_link_made_by: 'Test link-editor@example.com',
        review_link_id: expect.any(Number),
      }),
    });
  });

  it('a decision without the reviewer’s name is refused on its field', async () => {
    const { variantId } = await postInReview();
    const link = await linkBy(editor, variantId);
    const bare = await server.client().post(`/api/review/${link}`, { decision: 'approve' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.reviewer_name).toEqual([WORKFLOW_MESSAGES.reviewerNameRequired]);
    const blank = await server
      .client()
      .post(`/api/review/${link}`, { decision: 'approve', reviewer_name: '   ' });
    expect(blank.body.errors.reviewer_name).toEqual([WORKFLOW_MESSAGES.reviewerNameRequired]);
  });
});
