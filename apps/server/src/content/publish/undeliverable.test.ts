import { ACTION_MESSAGES, SKIP_REASONS, SOCIAL_NETWORKS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createPost,
  insertDefaultChannels,
  insertTestCategory,
  insertTestWebsites,
  serverForFile,
} from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { CATEGORY_KIND, POST_KIND } from '../kinds.ts';
import { queuedJobs, storedVariants } from '../test-fixtures.ts';

/**
 * A push to a website without a webhook for the record's kind can only fail: the actions refuse
 * it up front, saying why and which website, and queue nothing for it.
 */
const server = await serverForFile();
const admin = await server.admin();
/** Approves what the admin wrote: the four-eyes rule keeps an author from approving. */
const checker = await server.userWithRoles(['admin']);
const { db } = server.database;
const [hooked, bare] = await insertTestWebsites(db);
// Website A takes both kinds of push; website B has a category webhook but no post webhook.
for (const [site, settings] of [
  [
    hooked,
    {
      post_webhook_url: 'https://a.example.com/posts',
      category_webhook_url: 'https://a.example.com/categories',
    },
  ],
  [bare, { category_webhook_url: 'https://b.example.com/categories' }],
] as const) {
  const answer = await admin.patch(`/api/websites/${site}/update-settings`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const news = await insertTestCategory(db, 'News', [hooked, bare]);
await insertDefaultChannels(db);

const noPostWebhook = {
  reason: SKIP_REASONS.noWebhook.post,
  count: 1,
  websites: [{ id: bare, name: 'Beta Site' }],
};

/** A new post in News, its variants on A and B approved; answers the variants' ids. */
async function approvedPost() {
  const post = await createPost(admin, { category_id: news });
  await checker.post('/api/posts/action', { ids: [post.id], action: 'approve' });
  const [onHooked, onBare] = await storedVariants(db, POST_KIND, post.id);
  return { post, onHooked: onHooked!.id, onBare: onBare!.id };
}

/** What a variant shows of its deliveries, and how many attempts it has. */
async function deliveryOf(variantId: number) {
  const [row] = await queryRows<{ delivery_status: string | null; deliveries: object }>(
    db,
    sql`SELECT delivery_status, deliveries FROM post_variants WHERE id = ${variantId}`,
  );
  const attempts = await admin.get(`/api/posts/details/${variantId}/deliveries`);
  return { ...row!, attempts: attempts.body.total };
}

describe('publishing to a website without a webhook', () => {
  it('Post to Website is refused for that website, with the reason and the website, and queues nothing', async () => {
    const { onBare } = await approvedPost();
    const answer = await admin.post('/api/posts/details/action', {
      ids: String(onBare),
      action: 'post_to_website',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: ACTION_MESSAGES.detailsUpdated,
      changed: 0,
      queued: 0,
      skipped: [noPostWebhook],
    });
    expect(await queuedJobs(db, POST_KIND, [onBare])).toEqual([]);
    expect(await deliveryOf(onBare)).toEqual({
      delivery_status: null,
      deliveries: {},
      attempts: 0,
    });
  });

  it('Post to All Platforms leaves out only the website target; the networks still go', async () => {
    const { onBare } = await approvedPost();
    const answer = await admin.post('/api/posts/details/action', {
      ids: [onBare],
      action: 'post_to_all',
    });
    expect(answer.body).toMatchObject({
      queued: SOCIAL_NETWORKS.length,
      skipped: [noPostWebhook],
    });
    const jobs = await queuedJobs(db, POST_KIND, [onBare]);
    expect(jobs.map((job) => job.data.target)).toEqual([...SOCIAL_NETWORKS].sort());
    const { deliveries } = await deliveryOf(onBare);
    expect(Object.keys(deliveries).sort()).toEqual([...SOCIAL_NETWORKS].sort());
  });

  it('Publish to Web queues the website that has a webhook and refuses the one that has none', async () => {
    const { post, onHooked, onBare } = await approvedPost();
    const answer = await checker.post('/api/posts/action', {
      ids: String(post.id),
      action: 'publish_web',
    });
    expect(answer.body).toEqual({
      message: ACTION_MESSAGES.postsUpdated,
      changed: 0,
      queued: 1,
      skipped: [noPostWebhook],
    });
    const jobs = await queuedJobs(db, POST_KIND, [onHooked, onBare]);
    expect(jobs.map((job) => [job.data.variantId, job.data.target])).toEqual([
      [onHooked, 'website'],
    ]);
    expect((await deliveryOf(onBare)).delivery_status).toBeNull();
  });

  it("reads the category webhook for a category: website B takes the category's push", async () => {
    const answer = await checker.post('/api/categories/action', {
      ids: [news],
      action: 'publish_web',
    });
    expect(answer.body).toMatchObject({ queued: 2, skipped: [] });
    const variants = await storedVariants(db, CATEGORY_KIND, news);
    const jobs = await queuedJobs(
      db,
      CATEGORY_KIND,
      variants.map((variant) => variant.id),
    );
    expect(jobs).toHaveLength(2);
  });
});
