import { DELIVERY_SETTINGS, EVENT_SUBSCRIPTION_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type EventReceiver, startEventReceiver, subscribe } from '../../../test/event-receiver.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { probePausedSubscriptions } from '../../pipeline/event-delivery.ts';

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();
const db = server.database.db;
const category = await createCategory(admin, { websites: [(await createWebsite(admin)).id] });

async function subscribed(receiver: EventReceiver, events = ['post.created']) {
  const subscription = await subscribe(admin, receiver, events);
  onTestFinished(async () => {
    await admin.delete(`/api/event-subscriptions/${subscription.id}`);
    await receiver.close();
  });
  return subscription;
}

/** The subscription's deliveries, newest first, once `done` holds of them. */
function deliveriesOf(id: number, done: (rows: any[]) => boolean, what: string) {
  return waitFor(
    async () => {
      const page = await admin.get(`/api/event-subscriptions/${id}/deliveries?per_page=100`);
      return done(page.body.data) && (page.body.data as any[]);
    },
    { what },
  );
}

describe('sending an event', () => {
  it('signs it by the Standard Webhooks specification, which the standardwebhooks package verifies', async () => {
    const receiver = await startEventReceiver();
    await subscribed(receiver);
    const post = await createPost(admin, { category_id: category.id, title: 'Signed' });
    const [event] = await receiver.eventsOf('post.created');
    expect(event!.data).toMatchObject({ id: post.id, title: 'Signed' });
    const [request] = receiver.requests;
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Number(request!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(receiver.refused).toEqual([]);
  });

  it('is refused by a receiver holding another secret: the signature covers the secret', async () => {
    const receiver = await startEventReceiver();
    const subscription = await subscribed(receiver);
    const rotated = await admin.post(`/api/event-subscriptions/${subscription.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    // The receiver still holds the first secret.
    await createPost(admin, { category_id: category.id });
    await waitFor(async () => receiver.refused.length === 1, { what: 'a refused signature' });
    receiver.setSecret(rotated.body.secret);
    await createPost(admin, { category_id: category.id });
    await receiver.eventsOf('post.created');
  });

  it('gets every event to a receiver that fails then recovers, once each by webhook-id', async () => {
    const receiver = await startEventReceiver();
    // The first two requests fail: the first event is retried under its webhook-id.
    receiver.answer((_request, index) => (index < 2 ? { status: 503 } : { status: 200 }));
    const subscription = await subscribed(receiver);
    await createPost(admin, { category_id: category.id, title: 'First' });
    await createPost(admin, { category_id: category.id, title: 'Second' });
    const events = await receiver.eventsOf('post.created', 2);
    expect(events.map((event) => event.data.title).sort()).toEqual(['First', 'Second']);
    expect(new Set(events.map((event) => event.webhookId)).size).toBe(2);
    const sentIds = receiver.requests.map((request) => request.headers['webhook-id']);
    expect(sentIds.length).toBeGreaterThan(2);
    expect(new Set(sentIds).size).toBe(2);
    const rows = await deliveriesOf(
      subscription.id,
      (all) => all.every((row) => row.status === 'delivered'),
      'both delivered',
    );
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(receiver.requests.length);
  });

  it('sends the test event to the one subscription asked, whatever it chose', async () => {
    const receiver = await startEventReceiver();
    const subscription = await subscribed(receiver, ['website.down']);
    const response = await admin.post(`/api/event-subscriptions/${subscription.id}/test`);
    expect(response.body).toEqual({ message: EVENT_SUBSCRIPTION_MESSAGES.testQueued });
    const [event] = await receiver.eventsOf('event.test');
    expect(event!.data).toEqual({
      subscription_id: subscription.id,
      message: 'A test event from Sitefleet',
    });
  });
});

describe('a receiver that keeps failing', () => {
  it('pauses the subscription after the run of failures, holds its events, and the probe resumes it', async () => {
    await setSetting(admin, DELIVERY_SETTINGS.pauseAfterFailures.key, '2');
    onTestFinished(() =>
      setSetting(
        admin,
        DELIVERY_SETTINGS.pauseAfterFailures.key,
        String(DELIVERY_SETTINGS.pauseAfterFailures.default),
      ),
    );
    const receiver = await startEventReceiver();
    let failing = true;
    receiver.answer(() => (failing ? { status: 500, text: 'down' } : { status: 200 }));
    const subscription = await subscribed(receiver);
    await createPost(admin, { category_id: category.id, title: 'Held' });
    await waitFor(
      async () => {
        const read = await admin.get(`/api/event-subscriptions/${subscription.id}`);
        return read.body.status === 'paused' && read.body;
      },
      { what: 'the pause' },
    );
    const read = await admin.get(`/api/event-subscriptions/${subscription.id}`);
    expect(read.body.paused_reason).toBe('2 consecutive failures; the last: HTTP 500: down');
    // Made while paused: held with the first, never tried.
    await createPost(admin, { category_id: category.id, title: 'Held too' });
    const held = await deliveriesOf(
      subscription.id,
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'held'),
      'both held',
    );
    expect(held.map((row) => row.attempts)).toEqual([0, 2]);

    failing = false;
    // The probe tries a subscription paused for delivery.probe_minutes: backdate its last try.
    await db.execute(
      sql`UPDATE event_subscriptions SET probed_at = now() - interval '1 day'
          WHERE id = ${subscription.id}`,
    );
    const context = { ...server.context, log: server.app.log };
    expect(await probePausedSubscriptions(context)).toEqual([subscription.id]);
    const events = await receiver.eventsOf('post.created', 2);
    expect(events.map((event) => event.data.title)).toEqual(['Held', 'Held too']);
    expect((await admin.get(`/api/event-subscriptions/${subscription.id}`)).body).toMatchObject({
      status: 'active',
      consecutive_failures: 0,
    });
  });

  it('fails an event for good after its last try, and a replay sends it under the same webhook-id', async () => {
    const receiver = await startEventReceiver();
    let failing = true;
    receiver.answer(() => (failing ? { status: 502 } : { status: 200 }));
    const subscription = await subscribed(receiver);
    await createPost(admin, { category_id: category.id, title: 'Replayed' });
    const [failed] = await deliveriesOf(
      subscription.id,
      (rows) => rows[0]?.status === 'failed',
      'the final failure',
    );
    // The first try and JOB_RETRY_LIMIT retries.
    expect(failed.attempts).toBe(Number(FAST_QUEUE_ENV.JOB_RETRY_LIMIT) + 1);
    failing = false;
    const replay = await admin.post(`/api/event-subscriptions/${subscription.id}/replay`, {});
    expect(replay.body).toEqual({ message: EVENT_SUBSCRIPTION_MESSAGES.replayed(1), queued: 1 });
    const [event] = await receiver.eventsOf('post.created');
    expect(event!.webhookId).toBe(failed.webhook_id);
    // The attempts log has every try, newest first, each under the event's webhook-id.
    const log = await waitFor(
      async () => {
        const page = await admin.get(`/api/event-subscriptions/${subscription.id}/attempts`);
        return page.body.total === 4 && page.body;
      },
      { what: 'the four attempts' },
    );
    expect(log.data.map((row: { outcome: string }) => row.outcome)).toEqual([
      'delivered',
      'failed',
      'failed',
      'failed',
    ]);
    expect(log.data.map((row: { attempt: number }) => row.attempt)).toEqual([4, 3, 2, 1]);
    expect(new Set(log.data.map((row: { webhook_id: string }) => row.webhook_id))).toEqual(
      new Set([failed.webhook_id]),
    );
    const failures = await admin.get(
      `/api/event-subscriptions/${subscription.id}/attempts?outcome=failed`,
    );
    expect(failures.body.data[0]).toMatchObject({ status_code: 502, type: 'post.created' });
  });
});

describe('what may be sent', () => {
  it('refuses an internal address at the send, as the outbound rules say, without a retry', async () => {
    const response = await admin.post('/api/event-subscriptions', {
      url: 'http://169.254.169.254/latest/meta-data',
      events: ['post.created'],
    });
    onTestFinished(async () => {
      await admin.delete(`/api/event-subscriptions/${response.body.id}`);
    });
    await createPost(admin, { category_id: category.id });
    const [row] = await deliveriesOf(
      response.body.id,
      (rows) => rows[0]?.status === 'failed',
      'the refusal',
    );
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/169\.254\.169\.254/);
  });

  it('skips an event whose record its owner may no longer see', async () => {
    const owner = await server.userWithRoles(['admin'], 'event-owner@example.com');
    const receiver = await startEventReceiver();
    const subscription = await subscribe(owner, receiver, ['post.created']);
    onTestFinished(async () => {
      await admin.delete(`/api/event-subscriptions/${subscription.id}`);
      await receiver.close();
    });
    // The owner becomes a plain editor of nothing: no post-list any more.
    const ownerRow = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM users WHERE email = 'event-owner@example.com'`,
    );
    await db.execute(sql`DELETE FROM user_roles WHERE user_id = ${ownerRow[0]!.id}`);
    await createPost(admin, { category_id: category.id });
    const [row] = await deliveriesOf(
      subscription.id,
      (rows) => rows[0]?.status === 'skipped',
      'the skip',
    );
    expect(row.attempts).toBe(0);
    expect(receiver.requests).toEqual([]);
  });
});
