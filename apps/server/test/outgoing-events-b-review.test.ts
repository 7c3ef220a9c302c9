import type { EventType, ImportState } from '@sitefleet/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CATEGORY_KIND, type ContentKind, POST_KIND } from '../src/content/kinds.ts';
import { publishDueVariants } from '../src/content/schedule/due.ts';
import { storedVariants } from '../src/content/test-fixtures.ts';
import { receiverFor as subscribedReceiver } from './event-subscriber.ts';
import { startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from './harness.ts';

/**
 * The outgoing events of the review (approvals, moves, comments), of imports and of scheduled
 * publishing, each sent where its change happens, once, with its documented payload: a local
 * receiver subscribes through the API, the change is made through the API (or by the scheduled
 * task's own function), and the event arrives signed.
 */

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const { db } = server.database;

const receiverFor = (types: readonly EventType[]) => subscribedReceiver(admin, types);

let names = 0;
/** A name of this file's own: test files run side by side, each on its own database. */
const unique = (what: string) => `Events B review ${what} ${++names}`;

const [siteA, siteB] = [await createWebsite(admin), await createWebsite(admin)];
const websiteIds = [siteA.id, siteB.id].sort((a, b) => a - b);

/** The default workflow's stages, first to last. */
const options = (await admin.get('/api/workflows/options')).body as {
  is_default: boolean;
  stages: { id: number; name: string }[];
}[];
const [, inReview] = options.find((workflow) => workflow.is_default)!.stages;

/** A record's variant ids, by website id. */
async function variantsOf(kind: ContentKind, recordId: number) {
  const variants = await storedVariants(db, kind, recordId);
  return new Map(variants.map((variant) => [variant.website_id, variant.id]));
}

/** A new post on both websites. */
async function postOnBoth() {
  const category = await createCategory(admin, { name: unique('Food'), websites: websiteIds });
  const post = await createPost(admin, { category_id: category.id, title: unique('Soup') });
  return { category, post, variants: await variantsOf(POST_KIND, post.id) };
}

const action = async (path: string, body: Record<string, unknown>) => {
  const response = await admin.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe('the review', () => {
  it('sends post.approved once per post approved, with the variants it approved', async () => {
    const events = await receiverFor(['post.approved']);
    const { category, post, variants } = await postOnBoth();
    expect(
      await action('/api/posts/action', { ids: String(post.id), action: 'approve' }),
    ).toMatchObject({ changed: 1 });
    // Approved already: nothing changes, nothing is sent.
    await action('/api/posts/action', { ids: String(post.id), action: 'approve' });
    expect(await events.only('post.approved')).toEqual({
      id: post.id,
      title: post.title,
      category_id: category.id,
      website_ids: websiteIds,
      variant_ids: [...variants.values()].sort((a, b) => a - b),
    });
  });

  it("sends post.approved for Detailed Review's Mark as Approved, with the one variant approved", async () => {
    const events = await receiverFor(['post.approved']);
    const { post, variants } = await postOnBoth();
    const variantId = variants.get(siteB.id)!;
    await action('/api/posts/details/action', { ids: [variantId], action: 'mark_approved' });
    expect(await events.only('post.approved')).toMatchObject({
      id: post.id,
      website_ids: websiteIds,
      variant_ids: [variantId],
    });
  });

  it('sends review.stage_changed once per record moved, for posts and for categories', async () => {
    const events = await receiverFor(['review.stage_changed', 'post.approved']);
    const { category, post, variants } = await postOnBoth();
    const postVariants = [...variants.values()].sort((a, b) => a - b);
    await action('/api/posts/details/action', {
      ids: postVariants,
      action: 'move_stage',
      stage_id: inReview!.id,
    });
    expect(await events.only('review.stage_changed')).toEqual({
      kind: 'post',
      record_id: post.id,
      variant_ids: postVariants,
      website_ids: websiteIds,
      stage: inReview!.name,
    });
    // A stage before the last approves nothing.
    expect(await events.stored('post.approved')).toEqual([]);

    const categoryVariant = (await variantsOf(CATEGORY_KIND, category.id)).get(siteA.id)!;
    await action('/api/categories/details/action', {
      ids: [categoryVariant],
      action: 'move_stage',
      stage_id: inReview!.id,
    });
    const moves = await events.receiver.eventsOf('review.stage_changed', 2);
    expect(await events.stored('review.stage_changed')).toHaveLength(2);
    expect(moves[1]!.data).toEqual({
      kind: 'category',
      record_id: category.id,
      variant_ids: [categoryVariant],
      website_ids: websiteIds,
      stage: inReview!.name,
    });
  });

  it('sends comment.created with the comment, its author and the record', async () => {
    const events = await receiverFor(['comment.created']);
    const { post, variants } = await postOnBoth();
    const body = 'Looks **good**, one typo in the title.';
    const posted = await admin.post(`/api/variants/post/${variants.get(siteA.id)}/comments`, {
      body,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(await events.only('comment.created')).toEqual({
      kind: 'post',
      record_id: post.id,
      comment_id: posted.body.id,
      author: posted.body.author.name,
      body,
      website_ids: websiteIds,
    });
  });
});

/** Sends `content` as the multipart `file` of a posts import; answers the import's id. */
async function startImport(content: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'posts.csv');
  const response = await fetch(`${server.url}/api/posts/import`, {
    method: 'POST',
    body: form,
    headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin.cookie ?? '' },
  });
  const body = (await response.json()) as { import_id: number };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body.import_id;
}

describe('imports and scheduled publishing', () => {
  it('sends import.finished once an import ends, with its counts', async () => {
    const events = await receiverFor(['import.finished']);
    const category = await createCategory(admin, {
      name: unique('Imported'),
      websites: [siteA.id],
    });
    const id = await startImport(
      [
        'title,description,category',
        `"${unique('Imported post')}","A body","${category.name}"`,
        `"","No title","${category.name}"`,
      ].join('\r\n'),
    );
    const finished = await events.only('import.finished');
    expect(finished).toEqual({ id, resource: 'posts', status: 'done', created: 1, failed: 1 });
    const state = await admin.get<ImportState>(`/api/imports/${id}`);
    expect(state.body).toMatchObject({ status: 'done', created: 1, failed: 1 });
  });

  it('sends scheduled.published once per kind when due variants are queued, naming them', async () => {
    const receiver = await startFakeHttp();
    onTestFinished(() => receiver.close());
    const events = await receiverFor(['scheduled.published']);
    const website = await createWebsite(admin, { name: unique('Scheduled') });
    const settings = await admin.patch(`/api/websites/${website.id}/update-settings`, {
      post_webhook_url: `${receiver.url}/hooks/posts`,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const category = await createCategory(admin, { websites: [website.id] });
    const posts = [
      await createPost(admin, { category_id: category.id, title: unique('Later one') }),
      await createPost(admin, { category_id: category.id, title: unique('Later two') }),
    ];
    const postIds = posts.map((post) => post.id).sort((a, b) => a - b);
    await action('/api/posts/action', { ids: postIds, action: 'approve' });
    const variantIds = (
      await Promise.all(postIds.map(async (id) => [...(await variantsOf(POST_KIND, id)).values()]))
    )
      .flat()
      .sort((a, b) => a - b);
    const publishAt = new Date(Date.now() + 3_600_000);
    await action('/api/posts/details/action', {
      ids: variantIds.join(','),
      action: 'schedule_publish',
      publish_at: publishAt.toISOString().replace('Z', '+00:00'),
    });
    // Not due yet: nothing is sent.
    expect(await publishDueVariants(db, server.context.queue)).toBe(0);
    expect(await events.stored('scheduled.published')).toEqual([]);

    const later = new Date(publishAt.getTime() + 60_000);
    expect(await publishDueVariants(db, server.context.queue, later)).toBe(2);
    // Taken already: a second run finds nothing due.
    expect(await publishDueVariants(db, server.context.queue, later)).toBe(0);
    expect(await events.only('scheduled.published')).toEqual({
      kind: 'post',
      record_ids: postIds,
      variant_ids: variantIds,
      website_ids: [website.id],
    });
    await waitFor(async () => receiver.requests.length >= 2, { what: 'both posts delivered' });
  });
});
