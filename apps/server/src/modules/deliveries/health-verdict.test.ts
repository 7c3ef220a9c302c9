import type { DeliveryHealth, Website } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startFakeHttp } from '../../../test/fake-http.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  secondAdmin,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The delivery health verdict (`delivery_health`) is one, in the Websites list and on the
 * Deliveries screen: judged on the website's current run of deliveries, so a website is healthy
 * again once its deliveries go through, whatever its success rate over the day; a website without
 * a post webhook has a verdict of its own.
 */
const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const checker = await secondAdmin(admin);
// Failures in a row pause nothing here: the failing verdict is seen before any pause.
await setSetting(admin, 'delivery.pause_after_failures', '0');

async function websiteWithReceiver(status: number) {
  const receiver = await startFakeHttp();
  onTestFinished(() => receiver.close());
  receiver.answer(() => ({ status, text: status === 404 ? 'no such hook' : 'down' }));
  const website = await createWebsite(admin);
  const settings = await admin.patch(`/api/websites/${website.id}/update-settings`, {
    post_webhook_url: `${receiver.url}/hooks/posts`,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const category = await createCategory(admin, { websites: [website.id] });
  return { website, receiver, category };
}

async function publish(categoryId: number) {
  const post = await createPost(admin, { category_id: categoryId });
  const action = await checker.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(action.body).toMatchObject({ queued: 1 });
}

/** The website's verdict in the Websites list, and its row of the Deliveries screen. */
async function verdicts(websiteId: number) {
  const listed = await admin.get<{ data: Website[] }>('/api/websites?per_page=100');
  const fleet = await admin.get<{ data: DeliveryHealth[] }>('/api/delivery-health?per_page=100');
  const health = fleet.body.data.find((row) => row.website_id === websiteId)!;
  return {
    websites: listed.body.data.find((row) => row.id === websiteId)!.delivery_health,
    deliveries: health.delivery_health,
    health,
  };
}

/** The website's post variants held while its deliveries are paused. */
const heldVariants = async (websiteId: number) =>
  (
    await queryRows<{ count: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS count FROM post_variants
          WHERE website_id = ${websiteId} AND delivery_status = 'paused'`,
    )
  )[0]?.count;

const healthOf = async (websiteId: number) =>
  (await admin.get<DeliveryHealth>(`/api/websites/${websiteId}/delivery-health`)).body;

describe('the delivery health verdict', () => {
  it('a website without a post webhook is "no_webhook" everywhere, not healthy', async () => {
    const website = await createWebsite(admin);
    expect(website.delivery_health).toBe('no_webhook');
    expect(await verdicts(website.id)).toMatchObject({
      websites: 'no_webhook',
      deliveries: 'no_webhook',
    });
    expect((await healthOf(website.id)).delivery_health).toBe('no_webhook');
  });

  it('is paused on both screens after a 404, and healthy on both once the held deliveries went out', async () => {
    const { website, receiver, category } = await websiteWithReceiver(404);
    await publish(category.id);
    await waitFor(async () => (await healthOf(website.id)).paused, { what: 'paused by the 404' });
    await publish(category.id);
    // Held, not only pending (which counts a push still queued): the resume below then sends
    // both held deliveries, rather than racing the second push's own job.
    await waitFor(async () => (await heldVariants(website.id)) === 2, { what: 'two held' });
    expect((await healthOf(website.id)).pending).toBe(2);
    expect(await verdicts(website.id)).toMatchObject({ websites: 'paused', deliveries: 'paused' });

    receiver.answer(() => ({ status: 200, json: { id: 'ok' } }));
    const resumed = await admin.post(`/api/websites/${website.id}/deliveries/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    await waitFor(async () => (await healthOf(website.id)).delivered === 2, {
      what: 'the held deliveries delivered',
    });
    const after = await verdicts(website.id);
    expect(after).toMatchObject({ websites: 'healthy', deliveries: 'healthy' });
    // The day's rate still counts the 404 (1 of 3 failed): a figure beside the verdict.
    expect(after.health).toMatchObject({ failed: 1, delivered: 2, pending: 0, last_error: null });
    expect(after.health.success_rate).toBeLessThan(0.8);
  });

  it(`is failing on both screens from 4 failures in a row, and healthy on both after a delivery`, async () => {
    const { website, receiver, category } = await websiteWithReceiver(500);
    // Three tries a post (FAST_QUEUE_ENV): two posts make six failures in a row.
    await publish(category.id);
    await publish(category.id);
    await waitFor(async () => (await healthOf(website.id)).failed === 6, { what: 'six failures' });
    expect(await verdicts(website.id)).toMatchObject({
      websites: 'failing',
      deliveries: 'failing',
      health: { consecutive_failures: 6, last_error: 'HTTP 500: down' },
    });

    receiver.answer(() => ({ status: 200, json: { id: 'ok' } }));
    await publish(category.id);
    await waitFor(async () => (await healthOf(website.id)).delivered === 1, { what: 'delivered' });
    expect(await verdicts(website.id)).toMatchObject({
      websites: 'healthy',
      deliveries: 'healthy',
      health: { consecutive_failures: 0, last_error: null },
    });
  });
});
