import { createHmac } from 'node:crypto';
import type { DeliveryHealth, FleetDelivery } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.ts';
import { type FakeHttpServer, startFakeHttp } from '../../../test/fake-http.ts';
import {
  createPost,
  insertTestCategory,
  secondAdmin,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { POST_KIND } from '../../content/kinds.ts';
import { storedVariants } from '../../content/test-fixtures.ts';
import { idArray, queryRows } from '../../db/client.ts';
import { checkDerivedState, repairDerivedState } from '../../db/integrity.ts';
import { websites } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { newWebhookSecret } from '../../lib/secrets.ts';
import { whenWebsiteTakes } from '../../pipeline/delivery-health.ts';
import { probePausedWebsites } from '../../pipeline/delivery-probe.ts';

/**
 * Each website has its own local receiver: A answers 500 (until it is mended), B 410, C 429 with
 * Retry-After: 30, D fails every other request, E never answers. Tries: 3 per job (FAST_QUEUE_ENV).
 */
const PAUSE_AFTER = 3;

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const { db } = server.database;
const context = { ...server.context, log: server.app.log };
const admin = await server.admin();
const checker = await secondAdmin(admin);
await setSetting(admin, 'delivery.pause_after_failures', String(PAUSE_AFTER));

interface Site {
  id: number;
  secret: string;
  receiver: FakeHttpServer;
  category: number;
}

async function site(name: string): Promise<Site> {
  const receiver = await startFakeHttp();
  afterAll(() => receiver.close());
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(websites)
    .values({
      name,
      url: `https://${name.toLowerCase().replaceAll(' ', '-')}.example.com`,
      hosting: 'Test',
      cost: 1,
      duration: 12,
      webhookSecret: secret,
    })
    .returning({ id: websites.id });
  const id = row!.id;
  const settings = await admin.patch(`/api/websites/${id}/update-settings`, {
    post_webhook_url: `${receiver.url}/hooks/posts`,
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const category = await insertTestCategory(db, `${name} news`, [id]);
  return { id, secret, receiver, category };
}

const A = await site('Site A');
const B = await site('Site B');
const C = await site('Site C');
const D = await site('Site D');
const E = await site('Site E');
/** For the rate limit, which it alone is under. */
const F = await site('Site F');
A.receiver.answer(() => ({ status: 500, text: 'down' }));
B.receiver.answer(() => ({ status: 410, text: 'gone' }));
C.receiver.answer(() => ({ status: 429, text: 'slow down', headers: { 'retry-after': '30' } }));
D.receiver.answer((_, index) => (index % 2 === 0 ? { status: 500 } : { status: 200, json: {} }));
E.receiver.answer(() => 'hang');

let posts = 0;
/** Publishes a new post to the website; answers its variant. */
async function publish(target: Site) {
  posts += 1;
  const post = await createPost(admin, {
    title: `Story ${posts}`,
    description: `Story ${posts}`,
    category_id: target.category,
  });
  const action = await checker.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(action.body).toMatchObject({ queued: 1 });
  const [variant] = await storedVariants(db, POST_KIND, post.id);
  return variant!;
}

const statusOf = async (variantId: number) =>
  (
    await queryRows<{ status: string | null }>(
      db,
      sql`SELECT deliveries->'website'->>'status' AS status FROM post_variants WHERE id = ${variantId}`,
    )
  )[0]?.status;

const waitForStatus = (variantId: number, status: string) =>
  waitFor(async () => (await statusOf(variantId)) === status, {
    what: `variant ${variantId} ${status}`,
  });

/** The website pushes of these variants still waiting, running or to be retried. */
const pendingPushes = async (variantIds: number[]) =>
  (
    await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM pgboss.job
          WHERE name = ${QUEUES.websitePush} AND state IN ('created', 'retry', 'active')
            AND (data->>'variantId')::int = ANY(${idArray(variantIds)})`,
    )
  )[0]?.count;

const attemptsOf = (target: Site) =>
  queryRows<{ outcome: string; status_code: number | null; created_at: Date | string }>(
    db,
    sql`SELECT outcome, status_code, created_at FROM delivery_attempts
        WHERE website_id = ${target.id} ORDER BY id`,
  );

async function healthOf(target: Site): Promise<DeliveryHealth> {
  const response = await admin.get<DeliveryHealth>(`/api/websites/${target.id}/delivery-health`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('pausing a failing website', () => {
  it(`pauses A after exactly ${PAUSE_AFTER} consecutive failures and tries nothing while paused`, async () => {
    const first = await publish(A);
    await waitForStatus(first.id, 'paused');
    expect((await attemptsOf(A)).map((attempt) => attempt.outcome)).toEqual(
      Array(PAUSE_AFTER).fill('failed'),
    );
    expect(await healthOf(A)).toMatchObject({
      paused: true,
      consecutive_failures: PAUSE_AFTER,
      attempts: PAUSE_AFTER,
      failed: PAUSE_AFTER,
      success_rate: 0,
      last_error: 'HTTP 500: down',
    });

    const received = A.receiver.requests.length;
    const held = await publish(A);
    await waitForStatus(held.id, 'paused');
    expect(A.receiver.requests).toHaveLength(received);
    expect(await attemptsOf(A)).toHaveLength(PAUSE_AFTER);
    expect((await healthOf(A)).pending).toBe(2);

    const audit = await admin.get(`/api/audit-log?subject_type=website&subject_id=${A.id}`);
    expect(audit.body.data[0]).toMatchObject({
      action: 'deliveries_paused',
      details: { by: 'failures' },
    });
  });

  it('pauses B on its first attempt: a 410 cannot be mended by trying again', async () => {
    const variant = await publish(B);
    await waitForStatus(variant.id, 'paused');
    expect(await attemptsOf(B)).toMatchObject([{ outcome: 'failed', status_code: 410 }]);
    expect(await healthOf(B)).toMatchObject({ paused: true, paused_reason: 'HTTP 410: gone' });
    const notifications = await admin.get<{ data: { kind: string; body: string }[] }>(
      '/api/notifications?per_page=100',
    );
    // Named, and leading to the website's Delivery tab.
    expect(notifications.body.data).toContainEqual(
      expect.objectContaining({
        kind: 'delivery_paused',
        title: 'Deliveries to Site B paused',
        body: 'HTTP 410: gone',
        link: `/admin/websites?settings=${B.id}&tab=delivery`,
      }),
    );
  });

  it('counts time-outs: E pauses after the same run of failures', async () => {
    const variant = await publish(E);
    await waitForStatus(variant.id, 'paused');
    const attempts = await attemptsOf(E);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(Array(PAUSE_AFTER).fill('failed'));
    expect((await healthOf(E)).paused_reason).toContain('No answer within');
  });

  it('never pauses D, which fails every other request', async () => {
    // One at a time, so that each post's first try fails and its retry succeeds.
    for (let i = 0; i < 4; i += 1) await waitForStatus((await publish(D)).id, 'delivered');
    const health = await healthOf(D);
    expect(health).toMatchObject({ paused: false, delivered: 4 });
    expect(health.failed).toBeGreaterThan(0);
    expect(health.success_rate).toBeCloseTo(4 / (4 + health.failed));
  });
});

describe('a 429 with Retry-After', () => {
  it('defers C by 30 s without counting a failure, then delivers', async () => {
    const variant = await publish(C);
    const [deferred] = await waitFor(async () => {
      const attempts = await attemptsOf(C);
      return attempts.length === 1 && attempts;
    });
    expect(deferred).toMatchObject({ outcome: 'deferred', status_code: 429 });
    const [job] = await waitFor(() =>
      queryRows<{ id: string; start_after: Date | string }>(
        db,
        sql`SELECT id, start_after FROM pgboss.job
            WHERE state = 'created' AND (data->>'variantId')::int = ${variant.id}`,
      ).then((rows) => rows.length === 1 && rows),
    );
    const [website] = await queryRows<{ until: Date | string }>(
      db,
      sql`SELECT deliveries_deferred_until AS until FROM websites WHERE id = ${C.id}`,
    );
    const triedAt = new Date(deferred!.created_at).getTime();
    expect(new Date(website!.until).getTime() - triedAt).toBeGreaterThanOrEqual(30_000 - 1000);
    expect(new Date(job!.start_after).getTime()).toBeGreaterThanOrEqual(
      new Date(website!.until).getTime(),
    );
    expect(await statusOf(variant.id)).toBe('queued');
    expect(await healthOf(C)).toMatchObject({ failed: 0, consecutive_failures: 0, paused: false });

    // The 30 s pass in the data: the deferral and the waiting job move back by them.
    C.receiver.answer(() => ({ status: 200, json: { id: 'c-1' } }));
    await db.execute(sql`UPDATE websites
                         SET deliveries_deferred_until = deliveries_deferred_until - interval '30 seconds'
                         WHERE id = ${C.id}`);
    await db.execute(sql`UPDATE pgboss.job SET start_after = start_after - interval '30 seconds'
                         WHERE id = ${job!.id}::uuid`);
    await waitForStatus(variant.id, 'delivered');
    expect((await attemptsOf(C)).map((attempt) => attempt.outcome)).toEqual([
      'deferred',
      'delivered',
    ]);
    expect(C.receiver.requests).toHaveLength(2);
  });
});

describe('probe, resume, replay, test', () => {
  it('resumes A on the first probe after the interval and delivers every held post with its key', async () => {
    const held = await queryRows<{ id: number; version: number }>(
      db,
      sql`SELECT id, version FROM post_variants
          WHERE website_id = ${A.id} AND deliveries->'website'->>'status' = 'paused'`,
    );
    expect(held).toHaveLength(2);
    A.receiver.answer(() => ({ status: 200, json: { id: 'a' } }));
    const before = A.receiver.requests.length;

    expect(await probePausedWebsites(context)).not.toContain(A.id);
    expect(A.receiver.requests).toHaveLength(before);

    await db.execute(sql`UPDATE websites SET deliveries_probed_at = now() - interval '5 minutes'
                         WHERE id = ${A.id}`);
    expect(await probePausedWebsites(context)).toContain(A.id);
    const ping = A.receiver.requests.at(-1)!;
    expect(ping.headers['x-sitefleet-event']).toBe('ping');

    for (const variant of held) await waitForStatus(variant.id, 'delivered');
    // Every job of theirs done: a second delivery of one would have arrived by now.
    await waitFor(async () => (await pendingPushes(held.map((variant) => variant.id))) === 0, {
      what: 'no push of the held posts left to run',
    });
    const deliveries = new Map<string, number>();
    for (const request of A.receiver.requests.slice(before)) {
      if (request.headers['x-sitefleet-event'] !== 'post.published') continue;
      const key = String(request.headers['idempotency-key']);
      deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(deliveries)).toEqual(
      Object.fromEntries(held.map((v) => [`post-${v.id}-v${v.version}`, 1])),
    );
    expect(await healthOf(A)).toMatchObject({ paused: false, consecutive_failures: 0, pending: 0 });
    const audit = await admin.get(`/api/audit-log?subject_type=website&subject_id=${A.id}`);
    expect(audit.body.data[0]).toMatchObject({
      action: 'deliveries_resumed',
      details: { by: 'probe', queued: 2 },
    });
  });

  it('replays exactly what its dry run counted, under the original keys', async () => {
    const filter = { website_id: A.id, outcome: 'failed' };
    const dry = await admin.post('/api/deliveries/replay', { filter, dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.count).toBe(1);
    const before = A.receiver.requests.length;
    const sent = await admin.post('/api/deliveries/replay', { filter });
    expect(sent.body).toMatchObject({ queued: dry.body.count });
    await waitFor(async () => A.receiver.requests.length === before + dry.body.count);
    const [failed] = await queryRows<{ variant_id: number; version: number }>(
      db,
      sql`SELECT variant_id, version FROM delivery_attempts
          WHERE website_id = ${A.id} AND outcome = 'failed' LIMIT 1`,
    );
    expect(A.receiver.requests.at(-1)!.headers['idempotency-key']).toBe(
      `post-${failed!.variant_id}-v${failed!.version}`,
    );
  });

  it('sends a signed ping as the test delivery, not counted in the health', async () => {
    const before = await healthOf(D);
    D.receiver.answer(() => ({ status: 200, json: {} }));
    const test = await admin.post(`/api/websites/${D.id}/test-delivery`);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body).toMatchObject({ outcome: 'delivered', status_code: 200, error: null });
    const ping = D.receiver.requests.at(-1)!;
    expect(JSON.parse(ping.body)).toMatchObject({ event: 'ping', website: { id: D.id } });
    expect(ping.headers['x-sitefleet-signature']).toBe(signature(D.secret, ping.body));
    expect((await healthOf(D)).attempts).toBe(before.attempts);
  });

  it('pauses and resumes by hand, refusing a second pause and a resume of a running website', async () => {
    const pause = await admin.post(`/api/websites/${D.id}/deliveries/pause`, { reason: 'Upgrade' });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    expect(pause.body.health).toMatchObject({ paused: true, paused_reason: 'Upgrade' });
    expect((await admin.post(`/api/websites/${D.id}/deliveries/pause`, {})).status).toBe(409);
    const variant = await publish(D);
    await waitForStatus(variant.id, 'paused');
    const resume = await admin.post(`/api/websites/${D.id}/deliveries/resume`);
    expect(resume.body).toMatchObject({ queued: 1, health: { paused: false } });
    await waitForStatus(variant.id, 'delivered');
    expect((await admin.post(`/api/websites/${D.id}/deliveries/resume`)).status).toBe(409);
  });
});

describe('the fleet lists', () => {
  it('lists the fleet worst first and every attempt newest first, with its export', async () => {
    const fleet = await admin.get<{ data: DeliveryHealth[] }>('/api/delivery-health?per_page=100');
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(200);
    const rates = fleet.body.data.map((row) => row.success_rate).filter((rate) => rate !== null);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(fleet.body.data.find((row) => row.website_id === B.id)).toMatchObject({
      paused: true,
      success_rate: 0,
      p95_ms: expect.any(Number),
    });
    expect(fleet.body.data[0]).not.toHaveProperty('total');

    const [{ sites } = { sites: -1 }] = await queryRows<{ sites: number }>(
      db,
      sql`SELECT count(*)::int AS sites FROM websites`,
    );
    const pageOfTwo = await admin.get<{ data: DeliveryHealth[]; total: number }>(
      '/api/delivery-health?per_page=2&page=2',
    );
    expect(pageOfTwo.body).toMatchObject({ total: sites, data: expect.any(Array) });
    expect(pageOfTwo.body.data).toHaveLength(2);
    const pastTheEnd = await admin.get<{ data: DeliveryHealth[]; total: number }>(
      `/api/delivery-health?per_page=2&page=${sites + 1}`,
    );
    expect(pastTheEnd.body).toMatchObject({ total: sites, data: [] });
    const noMatch = await admin.get('/api/delivery-health?query=no-such-website');
    expect(noMatch.body).toMatchObject({ total: 0, data: [] });

    const list = await admin.get<{ data: FleetDelivery[] }>(
      `/api/deliveries?website_id=${C.id}&per_page=100`,
    );
    expect(list.body.data.map((row) => row.outcome)).toEqual(['delivered', 'deferred']);
    expect(list.body.data[0]).toMatchObject({
      website_name: 'Site C',
      kind: 'post',
      target: 'website',
    });
    const csv = await admin.get(`/api/deliveries/export?website_id=${C.id}`);
    expect(parseCsv(csv.body as string)).toHaveLength(3);

    const bad = await admin.get('/api/deliveries?outcome=lost');
    expect(bad.status).toBe(422);
  });

  it('finds and repairs a drifted roll-up from the attempts', async () => {
    expect(await checkDerivedState(db)).toEqual([]);
    await db.execute(sql`UPDATE delivery_health_hours SET failed = failed + 5, attempts = attempts + 5
                         WHERE website_id = ${A.id}`);
    const [drift] = await repairDerivedState(db);
    expect(drift).toMatchObject({ name: 'delivery_health_hours', wrongRows: expect.any(Number) });
    expect(await checkDerivedState(db)).toEqual([]);
  });
});

describe('the rate limit', () => {
  it('starts at most delivery.max_per_minute deliveries a minute and queues the rest for the next', async () => {
    await setSetting(admin, 'delivery.max_per_minute', '1');
    const first = await publish(F);
    await waitForStatus(first.id, 'delivered');
    const second = await publish(F);
    const [job] = await waitFor(() =>
      queryRows<{ start_after: Date | string }>(
        db,
        sql`SELECT start_after FROM pgboss.job
            WHERE state = 'created' AND (data->>'variantId')::int = ${second.id}
              AND start_after > now()`,
      ).then((rows) => rows.length === 1 && rows),
    );
    const [window] = await queryRows<{ start: Date | string }>(
      db,
      sql`SELECT delivery_window_start AS start FROM websites WHERE id = ${F.id}`,
    );
    expect(new Date(job!.start_after).getTime()).toBe(new Date(window!.start).getTime() + 60_000);
    expect(F.receiver.requests).toHaveLength(1);
    expect(await statusOf(second.id)).toBe('queued');
    await setSetting(admin, 'delivery.max_per_minute', '60');
  });

  it('sends a push refused just before a resume again at once, unless a deferral or a full window still runs', async () => {
    const [row] = await db
      .insert(websites)
      .values({
        name: 'Resumed Site',
        url: 'https://resumed.example.com',
        hosting: 'Test',
        cost: 1,
        duration: 12,
        webhookSecret: newWebhookSecret(),
      })
      .returning({ id: websites.id });
    const id = row!.id;
    const policy = { pauseAfterFailures: 3, probeMinutes: 5, maxPerMinute: 60, retentionDays: 30 };
    const when = async (state: string) => {
      await db.execute(sql`UPDATE websites SET ${sql.raw(state)} WHERE id = ${id}`);
      const [website] = await whenWebsiteTakes(db, id, policy);
      const [window] = await queryRows<{ end: Date | string }>(
        db,
        sql`SELECT delivery_window_start + interval '1 minute' AS "end" FROM websites WHERE id = ${id}`,
      );
      return {
        paused: website!.paused,
        notBefore: website!.not_before && new Date(website!.not_before).getTime(),
        windowEnd: new Date(window!.end).getTime(),
      };
    };
    // Its window started this minute with room left: what the admission refused was the pause.
    const open = await when(
      'deliveries_paused = false, delivery_window_start = now(), delivery_window_count = 1',
    );
    expect(open).toMatchObject({ paused: false, notBefore: null });
    const full = await when('delivery_window_count = 60');
    expect(full.notBefore).toBe(full.windowEnd);
    const deferred = await when(
      `delivery_window_count = 1, deliveries_deferred_until = now() + interval '30 seconds'`,
    );
    expect(deferred.notBefore).toBeGreaterThan(Date.now() + 20_000);
    expect(await when('deliveries_paused = true')).toMatchObject({ paused: true });
  });
});
