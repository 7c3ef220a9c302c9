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

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
// The four-eyes rule is opt-in: these tests are about it, so they turn it on.
await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');

const roleWith = (name: string, permissionNames: readonly string[]) =>
  roleWithPermissions(db, name, permissionNames);

const REVIEW_ONLY = ['post-list', 'post-review', 'category-list', 'category-review'];
const legalRoleId = await roleWith('Legal', REVIEW_ONLY);
await roleWith('Reviewer', REVIEW_ONLY);

const author = await server.userWithRoles(['editor'], 'author@example.com');
const second = await server.userWithRoles(['editor'], 'second@example.com');
const reviewerOnly = await server.userWithRoles(['Reviewer'], 'reviewer@example.com');
const legal = await server.userWithRoles(['Legal'], 'legal@example.com');
const viewer = await server.userWithRoles(['viewer'], 'viewer@example.com');

async function userId(email: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = ${email}`,
  );
  return row!.id;
}

/** The post's Detailed Review rows by website id. */
async function rows(client: ApiClient, postId: number) {
  const response = await client.get(`/api/posts/details/${postId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new Map<number, any>(response.body.data.map((row: any) => [row.website_id, row]));
}

const moveStage = (client: ApiClient, ids: number[], stageId: number, comment?: string) =>
  client.post('/api/posts/details/action', {
    ids,
    action: 'move_stage',
    stage_id: stageId,
    comment,
  });

const workflowInput = (name: string, roleIds: number[] = []) => ({
  name,
  stages: [
    { name: 'Draft', colour: '#6b7280', role_ids: roleIds },
    { name: 'Legal check', colour: '#d97706' },
    { name: 'Ready', colour: '#16a34a' },
  ],
});

// A three-stage workflow on website A; website B keeps the default one. The author writes the post.
const websiteA = await createWebsite(admin);
const websiteB = await createWebsite(admin);
const category = await createCategory(admin, { websites: [websiteA.id, websiteB.id] });
const post = await createPost(author, { category_id: category.id });
const workflowResponse = await admin.post('/api/workflows', workflowInput('Legal review'));
const workflow = workflowResponse.body;
const [draft, legalCheck, ready] = workflow.stages as { id: number; name: string }[];
const settings = await admin.patch(`/api/websites/${websiteA.id}/update-settings`, {
  workflow_id: workflow.id,
});
const initial = await rows(admin, post.id);
const variantA = initial.get(websiteA.id)!.pivot_id as number;
const variantB = initial.get(websiteB.id)!.pivot_id as number;

describe('workflows', () => {
  it('the migration made the default workflow Draft → In review → Approved', async () => {
    const list = await admin.get('/api/workflows?query=Default');
    expect(list.status).toBe(200);
    const [found] = list.body.data;
    expect(found.is_default).toBe(true);
    expect(found.stages.map((stage: { name: string }) => stage.name)).toEqual([
      'Draft',
      'In review',
      'Approved',
    ]);
  });

  it('creates a workflow with its stages in order, and a website takes it', () => {
    expect(workflowResponse.status).toBe(201);
    expect(workflow.stages.map((stage: { position: number }) => stage.position)).toEqual([0, 1, 2]);
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.workflow_id).toBe(workflow.id);
    expect(initial.get(websiteA.id)!.stage).toMatchObject({ name: 'Draft', is_last: false });
    expect(initial.get(websiteB.id)!.stage).toMatchObject({ name: 'Draft', is_last: false });
  });

  it('refuses a workflow of one stage, twice the same stage name, or an unknown role', async () => {
    const one = await admin.post('/api/workflows', {
      name: 'Short',
      stages: [workflowInput('x').stages[0]],
    });
    expect(one.status).toBe(422);
    expect(one.body.errors.stages).toEqual([WORKFLOW_MESSAGES.stagesCount]);
    const twice = await admin.post('/api/workflows', {
      name: 'Twice',
      stages: [workflowInput('x').stages[0], workflowInput('x').stages[0]],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors['stages.1.name']).toEqual([WORKFLOW_MESSAGES.stageNamesUnique]);
    const unknownRole = await admin.post('/api/workflows', workflowInput('Ghosts', [999_999]));
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors['stages.0.role_ids']).toEqual([
      WORKFLOW_MESSAGES.unknownRoles([999_999]),
    ]);
  });

  it('refuses a taken name whatever its case, and of two saves racing for one name one wins', async () => {
    const taken = await admin.post('/api/workflows', workflowInput('LEGAL REVIEW'));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: [WORKFLOW_MESSAGES.nameTaken] });
    const racing = await Promise.all(
      [1, 2].map(() => admin.post('/api/workflows', workflowInput('Raced for'))),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 422]);
    expect(racing.find((response) => response.status === 422)!.body.errors).toEqual({
      name: [WORKFLOW_MESSAGES.nameTaken],
    });
  });

  it('is managed by admins only (workflow-manage)', async () => {
    expect((await author.get('/api/workflows')).status).toBe(403);
    expect((await author.get('/api/workflows/options')).status).toBe(200);
  });

  it('a workflow in use, and the default one, are never deleted (409)', async () => {
    const inUse = await admin.delete(`/api/workflows/${workflow.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(WORKFLOW_MESSAGES.inUse(1));
    const list = await admin.get('/api/workflows?query=Default');
    const defaultOne = await admin.delete(`/api/workflows/${list.body.data[0].id}`);
    expect(defaultOne.status).toBe(409);
    const unused = await admin.post('/api/workflows', workflowInput('Unused'));
    expect((await admin.delete(`/api/workflows/${unused.body.id}`)).status).toBe(200);
  });
});

describe('moving variants', () => {
  it("the author's move into the last stage is a 422; a second user's is a 200", async () => {
    expect((await moveStage(author, [variantA], legalCheck!.id)).status).toBe(200);
    const byAuthor = await moveStage(author, [variantA], ready!.id);
    expect(byAuthor.status).toBe(422);
    expect(byAuthor.body.errors).toEqual({ stage_id: [WORKFLOW_MESSAGES.secondPerson] });
    const bySecond = await moveStage(second, [variantA], ready!.id);
    expect(bySecond.status, JSON.stringify(bySecond.body)).toBe(200);
    expect(bySecond.body.changed).toBe(1);
    const row = (await rows(admin, post.id)).get(websiteA.id)!;
    expect(row.stage).toMatchObject({ id: ready!.id, is_last: true });
    expect(row.is_approved).toBe(1);
  });

  it('a move back needs a comment (422), and with one lands in the first stage', async () => {
    const without = await moveStage(second, [variantA], draft!.id);
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ comment: [WORKFLOW_MESSAGES.commentForBack] });
    const withComment = await moveStage(second, [variantA], draft!.id, 'The claim needs a source');
    expect(withComment.status).toBe(200);
    const row = (await rows(admin, post.id)).get(websiteA.id)!;
    expect(row.stage.id).toBe(draft!.id);
    expect(row.is_approved).toBe(0);
  });

  it('each move is one audit entry and one history entry, oldest first, naming the stages', async () => {
    const history = await admin.get(`/api/variants/post/${variantA}/history`);
    expect(history.status).toBe(200);
    const moves = history.body.data.filter((entry: any) => entry.event === 'stage_changed');
    expect(moves.map((entry: any) => [entry.from_stage, entry.to_stage, entry.user.name])).toEqual([
      ['Draft', 'Legal check', 'Test author@example.com'],
      ['Legal check', 'Ready', 'Test second@example.com'],
      ['Ready', 'Draft', 'Test second@example.com'],
    ]);
    expect(moves[2].comment).toBe('The claim needs a source');
    const audit = await queryRows<{ details: { website: string; to_stage: string } }>(
      db,
      sql`SELECT details FROM audit_log WHERE action = 'stage_changed'
            AND subject_type = 'post' AND subject_id = ${post.id} ORDER BY id`,
    );
    expect(audit.map((entry) => entry.details.to_stage)).toEqual(['Legal check', 'Ready', 'Draft']);
    expect(audit[0]!.details.website).toBe(websiteA.name);
    // Nor is a one-variant move logged a second time, as a bulk action.
    const bulk = await queryRows<{ details: unknown }>(
      db,
      sql`SELECT details FROM audit_log WHERE action = 'bulk_action'
            AND details->>'action' = 'move_stage' AND details->'ids' @> ${JSON.stringify([variantA])}::jsonb
            AND jsonb_array_length(details->'ids') = 1`,
    );
    expect(bulk).toEqual([]);
  });

  it('a stage in another workflow leaves a variant alone, as skipped', async () => {
    const answer = await moveStage(second, [variantB], legalCheck!.id);
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(0);
    expect(answer.body.skipped).toEqual([{ reason: WORKFLOW_MESSAGES.otherWorkflow, count: 1 }]);
  });

  it('a reviewer without post-action may move a variant but gets 403 on publishing', async () => {
    const publish = await reviewerOnly.post('/api/posts/details/action', {
      ids: [variantA],
      action: 'post_to_website',
    });
    expect(publish.status).toBe(403);
    const bulkPublish = await reviewerOnly.post('/api/posts/action', {
      ids: [post.id],
      action: 'publish_web',
    });
    expect(bulkPublish.status).toBe(403);
    expect((await moveStage(reviewerOnly, [variantA], legalCheck!.id)).status).toBe(200);
  });

  it("a user outside a stage's roles gets 403 moving a variant out of it", async () => {
    const restricted = await admin.put(`/api/workflows/${workflow.id}`, {
      ...workflowInput('Legal review'),
      stages: workflowInput('Legal review').stages.map((stage, index) =>
        index === 1 ? { ...stage, role_ids: [legalRoleId] } : stage,
      ),
    });
    expect(restricted.status, JSON.stringify(restricted.body)).toBe(200);
    expect(restricted.body.stages.map((stage: { id: number }) => stage.id)).toEqual(
      workflow.stages.map((stage: { id: number }) => stage.id),
    );
    const outsider = await moveStage(second, [variantA], ready!.id);
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(WORKFLOW_MESSAGES.notAllowedOut('Legal check'));
    expect((await moveStage(legal, [variantA], ready!.id)).status).toBe(200);
    await admin.put(`/api/workflows/${workflow.id}`, workflowInput('Legal review'));
  });

  it('a variant out of the last stage is not published: skipped as not approved', async () => {
    expect((await moveStage(second, [variantA], draft!.id, 'Once more')).status).toBe(200);
    const publish = await admin.post('/api/posts/details/action', {
      ids: [variantA],
      action: 'post_to_website',
    });
    expect(publish.status).toBe(200);
    expect(publish.body.skipped).toContainEqual({ reason: SKIP_REASONS.notApproved, count: 1 });
  });

  it('the bulk endpoint moves the variants of the selected posts on the chosen websites', async () => {
    const bulk = await second.post('/api/posts/action', {
      ids: [post.id],
      action: 'move_stage',
      stage_id: legalCheck!.id,
      website_ids: [websiteA.id],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.changed).toBe(1);
    expect((await rows(admin, post.id)).get(websiteB.id)!.stage.name).toBe('Draft');
  });

  it('with the four-eyes setting off, the author may approve', async () => {
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'false');
    expect((await moveStage(author, [variantA], ready!.id)).status).toBe(200);
    await setSetting(admin, REVIEW_SECOND_PERSON_SETTING, 'true');
    expect((await moveStage(second, [variantA], draft!.id, 'Back to the start')).status).toBe(200);
  });

  it('approve moves to the last stage of each website workflow', async () => {
    const approved = await admin.post('/api/posts/action', { ids: [post.id], action: 'approve' });
    expect(approved.status).toBe(200);
    const after = await rows(admin, post.id);
    expect(after.get(websiteA.id)!.stage).toMatchObject({ name: 'Ready', is_last: true });
    expect(after.get(websiteB.id)!.stage).toMatchObject({ name: 'Approved', is_last: true });
    expect((await moveStage(second, [variantA], draft!.id, 'Reset')).status).toBe(200);
  });
});

describe('assignments, comments and mentions', () => {
  it('assigns a variant with a due date, and the assignee is notified', async () => {
    const dueAt = '2030-01-15T09:00:00.000Z';
    const assigned = await author.post('/api/posts/details/action', {
      ids: [variantA],
      action: 'assign',
      user_id: await userId('second@example.com'),
      due_at: dueAt,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const row = (await rows(admin, post.id)).get(websiteA.id)!;
    expect(row.assignee).toEqual({
      id: await userId('second@example.com'),
      name: 'Test second@example.com',
    });
    expect(row.due_at).toBe(dueAt);
    const notes = await second.get('/api/notifications');
    expect(
      notes.body.data.filter((note: { kind: string }) => note.kind === 'assigned'),
    ).toHaveLength(1);
    const unknown = await author.post('/api/posts/details/action', {
      ids: [variantA],
      action: 'assign',
      user_id: 999_999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.user_id).toEqual([WORKFLOW_MESSAGES.unknownUser]);
  });

  it('the Posts and Categories lists filter by stage and by assignee', async () => {
    const secondId = await userId('second@example.com');
    const assignedPosts = await admin.get(`/api/posts?assignee_id=${secondId}`);
    expect(assignedPosts.body.data.map((row: { id: number }) => row.id)).toEqual([post.id]);
    const inDraft = await admin.get(`/api/posts?stage_id=${draft!.id}`);
    expect(inDraft.body.data.map((row: { id: number }) => row.id)).toEqual([post.id]);
    expect((await admin.get(`/api/posts?stage_id=${ready!.id}`)).body.data).toEqual([]);
    const categoriesInDraft = await admin.get(`/api/categories?stage_id=${draft!.id}`);
    expect(categoriesInDraft.body.data.map((row: { id: number }) => row.id)).toEqual([category.id]);
    expect((await admin.get(`/api/categories?assignee_id=${secondId}`)).body.data).toEqual([]);
  });

  it('a comment keeps its text, renders Markdown without <script>, and mentions reach reviewers only', async () => {
    const posted = await author.post(`/api/variants/post/${variantA}/comments`, {
      body: '**Check** the numbers @second@example.com and @viewer@example.com <script>alert(1)</script>',
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.body).toContain('<script>');
    expect(posted.body.body_html).toContain('<strong>Check</strong>');
    expect(posted.body.body_html).not.toMatch(/<script/i);
    expect(posted.body.author.name).toBe('Test author@example.com');
    const list = await second.get(`/api/variants/post/${variantA}/comments`);
    expect(list.body.data.map((comment: { id: number }) => comment.id)).toEqual([posted.body.id]);
    const mentions = (await second.get('/api/notifications')).body.data.filter(
      (note: { kind: string }) => note.kind === 'mention',
    );
    expect(mentions).toHaveLength(1);
    expect((await viewer.get('/api/notifications')).body.data).toEqual([]);
    const empty = await author.post(`/api/variants/post/${variantA}/comments`, { body: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual([WORKFLOW_MESSAGES.commentRequired]);
    expect((await viewer.get(`/api/variants/post/${variantA}/comments`)).status).toBe(403);
    expect((await author.get('/api/variants/post/999999/comments')).status).toBe(404);
  });
});

describe('external review link', () => {
  const token = (url: string) => url.split('/review/')[1]!;

  it('works without a session, acts on its one variant, and is 410 once used', async () => {
    const link = await second.post(`/api/variants/post/${variantA}/review-link`, { hours: 2 });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const stored = await queryRows<{ token_hash: string }>(
      db,
      sql`SELECT token_hash FROM review_links`,
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token(link.body.url));
    const otherBefore = (await rows(admin, post.id)).get(websiteB.id)!.stage.name;
    const outsider = server.client();
    const shown = await outsider.get(`/api/review/${token(link.body.url)}`);
    expect(shown.status).toBe(200);
    // Who asks, for what, and where each decision takes the variant.
    expect(shown.body).toEqual({
      title: post.title,
      description: expect.any(String),
      website_name: websiteA.name,
      stage: 'Draft',
      kind: 'post',
      requested_by: 'Test second@example.com',
      approve_to: 'Legal check',
      changes_to: 'Draft',
      expires_at: link.body.expires_at,
    });
    const decided = await outsider.post(`/api/review/${token(link.body.url)}`, {
      decision: 'approve',
      reviewer_name: 'Outside Reader',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const after = await rows(admin, post.id);
    expect(after.get(websiteA.id)!.stage.name).toBe('Legal check');
    expect(after.get(websiteB.id)!.stage.name).toBe(otherBefore);
    const history = await admin.get(`/api/variants/post/${variantA}/history`);
    expect(history.body.data.at(-1)).toMatchObject({
      event: 'stage_changed',
      to_stage: 'Legal check',
      user: { id: null, name: 'Outside Reader (review link)' },
    });
    expect(
      (
        await outsider.post(`/api/review/${token(link.body.url)}`, {
          decision: 'approve',
          reviewer_name: 'Outside Reader',
        })
      ).status,
    ).toBe(410);
    expect((await outsider.get(`/api/review/${token(link.body.url)}`)).status).toBe(410);
  });

  it('request_changes needs a comment and sends the variant back to the first stage', async () => {
    const link = await second.post(`/api/variants/post/${variantA}/review-link`, { hours: 1 });
    const outsider = server.client();
    const bare = await outsider.post(`/api/review/${token(link.body.url)}`, {
      decision: 'request_changes',
      reviewer_name: 'Outside Reader',
    });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.comment).toEqual([WORKFLOW_MESSAGES.changesNeedComment]);
    const sent = await outsider.post(`/api/review/${token(link.body.url)}`, {
      decision: 'request_changes',
      reviewer_name: 'Outside Reader',
      comment: 'Too long',
    });
    expect(sent.status).toBe(200);
    expect((await rows(admin, post.id)).get(websiteA.id)!.stage.name).toBe('Draft');
  });

  it('is 410 after it expires, 404 when unknown, and refuses hours out of 1..168', async () => {
    const link = await second.post(`/api/variants/post/${variantA}/review-link`, { hours: 1 });
    await db.execute(sql`UPDATE review_links SET expires_at = now() - interval '1 second'`);
    expect((await server.client().get(`/api/review/${token(link.body.url)}`)).status).toBe(410);
    expect((await server.client().get('/api/review/unknown-token')).status).toBe(404);
    const tooLong = await second.post(`/api/variants/post/${variantA}/review-link`, { hours: 169 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.hours).toEqual([WORKFLOW_MESSAGES.hoursInvalid]);
  });
});
