import { type EventType, toIsoDate } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sendRenewalNotices } from '../src/modules/monitor/service.ts';
import { probePausedWebsites } from '../src/pipeline/delivery-probe.ts';
import { receiverFor as subscribedReceiver } from './event-subscriber.ts';
import { type FakeHttpServer, startFakeHttp } from './fake-http.ts';
import { createCategory, createPost, createWebsite, serverForFile } from './fixtures.ts';
import { FAST_QUEUE_ENV, waitFor } from './harness.ts';
import { startHttpsSite, startLocalSite } from './local-sites.ts';

/**
 * The outgoing events of the monitor and of deliveries, each sent where its change happens, once,
 * with its documented payload: a local receiver subscribes through the API, the change is made
 * through the API (or by the scheduled task's own function), and the event arrives signed.
 */

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const { db } = server.database;
const context = { ...server.context, log: server.app.log };

const receiverFor = (types: readonly EventType[], more: { website_ids?: number[] } = {}) =>
  subscribedReceiver(admin, types, more);

const check = async (id: number) => {
  const response = await admin.post<{ status: string }>(`/api/websites/${id}/monitor/check`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.status;
};

let names = 0;
/** A name of this file's own: test files run side by side, each on its own database. */
const unique = (what: string) => `Events B ${what} ${++names}`;

describe('the monitor', () => {
  it('sends website.down once when a website goes down, and website.up once when it answers again', async () => {
    const site = await startLocalSite();
    onTestFinished(() => site.close());
    const events = await receiverFor(['website.down', 'website.up']);
    const website = await createWebsite(admin, { name: unique('Bakery'), url: site.url });
    expect(await check(website.id)).toBe('up');
    await site.stop();
    expect(await check(website.id)).toBe('up');
    expect(await events.stored('website.down')).toEqual([]);
    expect(await check(website.id)).toBe('down');
    // Still down: no second event.
    expect(await check(website.id)).toBe('down');
    const down = await events.only('website.down');
    expect(down).toMatchObject({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
    });
    expect(down.error).toMatch(/^could not connect/);
    expect(await events.stored('website.up')).toEqual([]);

    await site.start();
    expect(await check(website.id)).toBe('up');
    expect(await check(website.id)).toBe('up');
    expect(await events.only('website.up')).toEqual({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
    });
    expect(await events.stored('website.down')).toHaveLength(1);
  });

  it('holds website.down back while the website is in maintenance, and sends it once the maintenance ends', async () => {
    const site = await startLocalSite();
    onTestFinished(() => site.close());
    await site.stop();
    const events = await receiverFor(['website.down']);
    const website = await createWebsite(admin, { name: unique('Quiet'), url: site.url });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.post(`/api/websites/${website.id}/maintenance`, { until })).status).toBe(
      200,
    );
    await check(website.id);
    expect(await check(website.id)).toBe('down');
    expect(await events.stored('website.down')).toEqual([]);
    expect((await admin.delete(`/api/websites/${website.id}/maintenance`)).status).toBe(200);
    expect(await check(website.id)).toBe('down');
    expect(await check(website.id)).toBe('down');
    expect(await events.only('website.down')).toMatchObject({ id: website.id });
  });

  it('sends certificate.expiring once per certificate, with its expiry and the days left', async () => {
    const notAfter = new Date(Date.now() + 5 * 86_400_000);
    const https = await startHttpsSite(notAfter);
    onTestFinished(() => https.close());
    const events = await receiverFor(['certificate.expiring']);
    const website = await createWebsite(admin, { name: unique('Secure shop'), url: https.url });
    await check(website.id);
    await check(website.id);
    const expiring = await events.only('certificate.expiring');
    expect(expiring).toMatchObject({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
    });
    expect(Math.abs(new Date(expiring.expires_at).getTime() - notAfter.getTime())).toBeLessThan(
      1000,
    );
    expect([4, 5]).toContain(expiring.days_left);
  });

  it('sends renewal.due once per renewal date, however often the task runs', async () => {
    const events = await receiverFor(['renewal.due']);
    const date = toIsoDate(new Date(Date.now() + 10 * 86_400_000));
    const website = await createWebsite(admin, {
      name: unique('Renewing'),
      next_renewal_date: date,
    });
    await sendRenewalNotices(server.context);
    await sendRenewalNotices(server.context);
    expect(await events.only('renewal.due')).toEqual({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
      renewal_date: date,
    });
  });
});

/** An active website whose posts go to `receiver`, with a category on it. */
async function deliveringWebsite(receiver: FakeHttpServer, name: string) {
  const website = await createWebsite(admin, { name: unique(name) });
  const settings = await admin.patch(`/api/websites/${website.id}/update-settings`, {
    post_webhook_url: `${receiver.url}/hooks/posts`,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const category = await createCategory(admin, { websites: [website.id] });
  return { website, category };
}

/** A receiver of a website's deliveries, for this test only. */
async function websiteReceiver() {
  const receiver = await startFakeHttp();
  onTestFinished(() => receiver.close());
  return receiver;
}

/** A new post in the category, approved and published to its website; answers it and its variant. */
async function publishPost(categoryId: number) {
  const post = await createPost(admin, { category_id: categoryId, title: unique('Story') });
  const published = await admin.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(published.body).toMatchObject({ queued: 1 });
  const variants = await admin.get<{ data: { pivot_id: number }[] }>(
    `/api/posts/details/${post.id}`,
  );
  return { post, variantId: variants.body.data[0]!.pivot_id };
}

describe('deliveries', () => {
  it('sends delivery.paused when failures pause a website, and delivery.recovered when the probe resumes it', async () => {
    const receiver = await websiteReceiver();
    receiver.answer(() => ({ status: 410, text: 'gone' }));
    const events = await receiverFor(['delivery.paused', 'delivery.recovered']);
    const { website, category } = await deliveringWebsite(receiver, 'Gone');
    await publishPost(category.id);
    const paused = await events.only('delivery.paused');
    expect(paused).toEqual({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
      reason: 'HTTP 410: gone',
    });

    receiver.answer(() => ({ status: 200, json: { id: 'back' } }));
    await db.execute(sql`UPDATE websites SET deliveries_probed_at = now() - interval '5 minutes'
                         WHERE id = ${website.id}`);
    expect(await probePausedWebsites(context)).toContain(website.id);
    expect(await events.only('delivery.recovered')).toEqual({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
      resumed_by: 'probe',
    });
    expect(await events.stored('delivery.paused')).toHaveLength(1);
  });

  it('sends delivery.paused and delivery.recovered (by a user) for a pause and a resume by hand', async () => {
    const events = await receiverFor(['delivery.paused', 'delivery.recovered']);
    const website = await createWebsite(admin, { name: unique('By hand') });
    const pause = await admin.post(`/api/websites/${website.id}/deliveries/pause`, {
      reason: 'Moving servers',
    });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    // A second pause changes nothing, and sends nothing.
    expect((await admin.post(`/api/websites/${website.id}/deliveries/pause`, {})).status).toBe(409);
    expect(await events.only('delivery.paused')).toMatchObject({
      id: website.id,
      website_ids: [website.id],
      reason: 'Moving servers',
    });
    const resume = await admin.post(`/api/websites/${website.id}/deliveries/resume`);
    expect(resume.status, JSON.stringify(resume.body)).toBe(200);
    expect(await events.only('delivery.recovered')).toEqual({
      id: website.id,
      name: website.name,
      url: website.url,
      website_ids: [website.id],
      resumed_by: 'user',
    });
  });

  it('sends post.published once a post variant is delivered, with the id its website answered', async () => {
    const receiver = await websiteReceiver();
    receiver.answer(() => ({ status: 200, json: { id: 'remote-42' } }));
    const { website, category } = await deliveringWebsite(receiver, 'Delivered');
    // Its website's events only: another test's delivery may still be retried meanwhile.
    const events = await receiverFor(['post.published', 'post.publish_failed'], {
      website_ids: [website.id],
    });
    const { post, variantId } = await publishPost(category.id);
    expect(await events.only('post.published')).toEqual({
      kind: 'post',
      record_id: post.id,
      variant_id: variantId,
      website_ids: [website.id],
      target: 'website',
      external_id: 'remote-42',
    });
    expect(await events.stored('post.publish_failed')).toEqual([]);
  });

  it('sends post.publish_failed once, when the last try of a post variant fails', async () => {
    const receiver = await websiteReceiver();
    receiver.answer(() => ({ status: 500, text: 'broken' }));
    const { website, category } = await deliveringWebsite(receiver, 'Broken');
    // Its website's events only: another test's delivery may still fail for good meanwhile.
    const events = await receiverFor(['post.published', 'post.publish_failed'], {
      website_ids: [website.id],
    });
    const { post, variantId } = await publishPost(category.id);
    const failed = await events.only('post.publish_failed');
    expect(failed).toMatchObject({
      kind: 'post',
      record_id: post.id,
      variant_id: variantId,
      website_ids: [website.id],
      target: 'website',
    });
    expect(failed.error).toContain('500');
    // Every try was made before the last one failed: one request per try, one event.
    expect(receiver.requests).toHaveLength(Number(FAST_QUEUE_ENV.JOB_RETRY_LIMIT) + 1);
    await waitFor(
      async () => {
        const response = await admin.get(`/api/posts/details/${post.id}`);
        return response.body.data[0]?.delivery_status === 'failed';
      },
      { what: 'the variant failed' },
    );
    expect(await events.stored('post.published')).toEqual([]);
  });
});
