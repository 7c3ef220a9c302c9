import {
  type DeliveryEvent,
  LIVE_EVENT_MESSAGES,
  type NotificationLiveEvent,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { POST_KIND } from '../src/content/kinds.ts';
import { storedVariants } from '../src/content/test-fixtures.ts';
import { queryRows } from '../src/db/client.ts';
import { websiteSettings } from '../src/db/schema.ts';
import { pruneEvents } from '../src/events/publish.ts';
import { type EventStreamReader, openEventStream, type StreamMessage } from './event-stream.ts';
import { startFakeHttp } from './fake-http.ts';
import {
  createPost,
  insertTestCategory,
  insertTestWebsites,
  secondAdmin,
  serverForFile,
  websiteInput,
} from './fixtures.ts';
import { type ApiClient, FAST_QUEUE_ENV, startTestServer, TEST_DB, waitFor } from './harness.ts';
import { closedAddress } from './local-sites.ts';
import { startProcess } from './processes.ts';

/**
 * The live event stream over real HTTP: each delivery state change of a variant arrives on the
 * streams of the users who may list its kind, a stream resumed with `Last-Event-ID` is sent what
 * it missed, in order, and a comment keeps an idle stream open.
 */

const HEARTBEAT_MS = 200;
const website = await startFakeHttp();
afterAll(() => website.close());
const server = await serverForFile(
  { ...FAST_QUEUE_ENV, EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS), EVENTS_RETRY_MS: '1500' },
  { workers: true },
);
const { db } = server.database;
const admin = await server.admin();
const checker = await secondAdmin(admin);
const viewer = await server.userWithRoles(['viewer']);
const nobody = await server.userWithRoles([]);
const [siteA, siteB] = await insertTestWebsites(db);
const settings = await admin.patch(`/api/websites/${siteA}/update-settings`, {
  post_webhook_url: `${website.url}/hooks/posts`,
});
expect(settings.status, JSON.stringify(settings.body)).toBe(200);
const onA = await insertTestCategory(db, 'News', [siteA]);
// Website B's webhook is on an address the outbound guard refuses: its pushes fail at once, for
// good, without pausing the website.
await db.insert(websiteSettings).values({
  websiteId: siteB,
  postWebhookUrl: 'http://10.255.255.1/hooks/posts',
});
const onB = await insertTestCategory(db, 'Sport', [siteB]);

const streams: EventStreamReader[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});
async function stream(client: ApiClient, options?: Parameters<typeof openEventStream>[1]) {
  const opened = await openEventStream(client, options);
  streams.push(opened);
  return opened;
}

let counter = 0;
/** A new post in `category`, published to its website: its one variant's id. */
async function publishPost(category: number) {
  counter += 1;
  const post = await createPost(admin, {
    title: `Live ${counter}`,
    description: `Story ${counter}`,
    category_id: category,
  });
  const action = await checker.post('/api/posts/action', {
    ids: String(post.id),
    action: 'publish_web',
  });
  expect(action.body).toMatchObject({ queued: 1 });
  const [variant] = await storedVariants(db, POST_KIND, post.id);
  return { postId: post.id, variantId: variant!.id };
}

const deliveries = (reader: EventStreamReader) => reader.events<DeliveryEvent>('delivery');
const statesOf = (reader: EventStreamReader, variantId: number) =>
  deliveries(reader)
    .filter((event) => event.pivot_id === variantId)
    .map((event) => event.state);
/** Resolves once `reader` has received `state` for the variant. */
const received = (reader: EventStreamReader, variantId: number, state: DeliveryEvent['state']) =>
  reader.until(() => statesOf(reader, variantId).includes(state));
const comments = (messages: StreamMessage[]) =>
  messages.filter((message) => message.comment !== undefined).length;
/**
 * Resolves once `reader` has received a heartbeat written after now: everything the server sent
 * it before (on the same connection) has arrived by then.
 */
async function drained(reader: EventStreamReader) {
  const seen = comments(reader.messages);
  await reader.until((messages) => comments(messages) > seen);
}

describe('the live event stream', () => {
  it('sends each delivery state change of a variant: queued, then delivered', async () => {
    const reader = await stream(admin);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { postId, variantId } = await publishPost(onA);
    await received(reader, variantId, 'delivered');
    expect(statesOf(reader, variantId)).toEqual(['queued', 'delivered']);
    const [queued] = deliveries(reader).filter((event) => event.pivot_id === variantId);
    expect(queued).toMatchObject({
      kind: 'post',
      pivot_id: variantId,
      record_id: postId,
      website_id: siteA,
      target: 'website',
    });
    // Every event carries its id, increasing: the browser resumes from the last one.
    const ids = deliveries(reader).map((event) => event.id);
    expect(
      ids.every((id, index) => Number.isInteger(id) && (index === 0 || id > ids[index - 1]!)),
    ).toBe(true);
  });

  it('sends failed when a delivery fails for good, and queued again on a retry', async () => {
    const reader = await stream(viewer);
    const { variantId } = await publishPost(onB);
    await received(reader, variantId, 'failed');
    expect(statesOf(reader, variantId)).toEqual(['queued', 'failed']);
    const retried = await admin.post(`/api/posts/details/${variantId}/retry`);
    expect(retried.status).toBe(200);
    await reader.until(() => statesOf(reader, variantId).length === 4);
    expect(statesOf(reader, variantId)).toEqual(['queued', 'failed', 'queued', 'failed']);
  });

  it('sends nothing to a user who may not list posts', async () => {
    const allowed = await stream(admin);
    const refused = await stream(nobody);
    expect(refused.status).toBe(200);
    const { variantId } = await publishPost(onA);
    await received(allowed, variantId, 'delivered');
    await drained(refused);
    expect(deliveries(refused)).toEqual([]);
  });

  it('stops sending to a user whose role no longer allows it, from the next heartbeat', async () => {
    const demoted = await server.userWithRoles(['viewer'], 'demoted@example.com');
    const reader = await stream(demoted);
    const first = await publishPost(onA);
    await received(reader, first.variantId, 'delivered');
    const users = await admin.get('/api/users?query=demoted%40example.com');
    const user = users.body.data[0] as { id: number; name: string; email: string };
    const updated = await admin.put(`/api/users/${user.id}`, {
      name: user.name,
      email: user.email,
      roles: [],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // Heartbeats come one after the other, each reading the session first: the second one
    // after the change has read it since.
    await drained(reader);
    await drained(reader);
    const watcher = await stream(admin);
    const second = await publishPost(onA);
    await received(watcher, second.variantId, 'delivered');
    await drained(reader);
    expect(statesOf(reader, second.variantId)).toEqual([]);
  });

  it("sends a user's notification to that user alone, the moment it is stored", async () => {
    const ownIds = new Map<ApiClient, number>();
    for (const client of [admin, viewer]) {
      const profile = await client.get<{ id: number }>('/api/profile');
      ownIds.set(client, profile.body.id);
    }
    const [adminStream, viewerStream, nobodyStream] = [
      await stream(admin),
      await stream(viewer),
      await stream(nobody),
    ];
    // A website where nothing answers goes down after two checks, which tells those who may
    // list websites: the admin and the viewer, each in a notification of their own.
    const site = await admin.post<{ id: number }>(
      '/api/websites',
      websiteInput({ url: await closedAddress() }),
    );
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    for (let check = 0; check < 2; check++) {
      expect((await admin.post(`/api/websites/${site.body.id}/monitor/check`)).status).toBe(200);
    }
    const notifications = (reader: EventStreamReader) =>
      reader.events<NotificationLiveEvent>('notification');
    for (const [client, reader] of [
      [admin, adminStream],
      [viewer, viewerStream],
    ] as const) {
      await reader.until(() => notifications(reader).length > 0);
      const ids = (await client.get<{ data: { id: number }[] }>('/api/notifications')).body.data;
      for (const event of notifications(reader)) {
        expect(event.user_id).toBe(ownIds.get(client));
        expect(ids.map((notification) => notification.id)).toContain(event.notification_id);
      }
      expect(notifications(reader).map((event) => event.kind)).toContain('website_down');
    }
    await drained(nobodyStream);
    expect(notifications(nobodyStream)).toEqual([]);
  });

  it('resumes after Last-Event-ID with every event published meanwhile, in order', async () => {
    const first = await stream(admin);
    const before = await publishPost(onA);
    await received(first, before.variantId, 'delivered');
    const lastSeen = first.events('delivery').at(-1)!.id;
    first.close();

    const missed = [await publishPost(onA), await publishPost(onA), await publishPost(onB)];
    for (const { variantId } of missed) {
      await waitFor(async () => {
        const [row] = await queryRows<{ delivery_status: string }>(
          db,
          sql`SELECT delivery_status FROM post_variants WHERE id = ${variantId}`,
        );
        return row?.delivery_status !== 'queued';
      });
    }
    const published = await queryRows<{ id: number; data: DeliveryEvent }>(
      db,
      sql`SELECT id, data FROM events WHERE id > ${lastSeen} AND type = 'delivery' ORDER BY id`,
    );

    for (const resumed of [
      await stream(admin, { lastEventId: lastSeen }),
      await stream(admin, { query: `?last_event_id=${lastSeen}` }),
    ]) {
      await resumed.until(() => deliveries(resumed).length >= published.length);
      expect(deliveries(resumed).slice(0, published.length)).toEqual(
        published.map((row) => ({ ...row.data, id: row.id })),
      );
      expect(statesOf(resumed, missed[0]!.variantId)).toEqual(['queued', 'delivered']);
      expect(statesOf(resumed, missed[2]!.variantId)).toEqual(['queued', 'failed']);
    }
  });

  it('tells a client resuming after pruned events to reload everything', async () => {
    const first = await stream(admin);
    const { variantId } = await publishPost(onA);
    await received(first, variantId, 'delivered');
    const lastSeen = first.events('delivery')[0]!.id;
    await publishPost(onA);
    await pruneEvents(db, 0);
    const resumed = await stream(admin, { lastEventId: lastSeen });
    await resumed.until((messages) => messages.some((message) => message.event === 'reset'));
  });

  it('asks for a reconnection delay and sends a comment line while idle', async () => {
    const reader = await stream(nobody);
    expect(reader.messages[0]?.retry ?? (await reader.until((m) => m[0]?.retry))).toBe(1500);
    await reader.until((messages) => messages.some((message) => message.comment === 'keep-alive'));
  });

  it('refuses a caller without a session, a request that does not ask for a stream, and a bad id', async () => {
    expect((await server.client().get('/api/events')).status).toBe(401);
    const plain = await admin.get('/api/events');
    expect(plain.status).toBe(406);
    expect(plain.body.message).toBe(LIVE_EVENT_MESSAGES.notAcceptable);
    const bad = await admin.get('/api/events?last_event_id=abc', {
      headers: { accept: 'text/event-stream' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.last_event_id).toBeDefined();
  });

  it('ends every open stream with a reconnection hint when the server shuts down', async () => {
    // A server of its own, stopped as a process stops: the file's server serves the other tests.
    const stopping = await startTestServer({ EVENTS_RETRY_MS: '1500' });
    let closing: Promise<void> | undefined;
    onTestFinished(() => closing ?? stopping.close());
    const reader = await stream(await stopping.admin());
    await reader.until((messages) => messages.length > 0);
    expect(stopping.app.eventStreams.count()).toBe(1);
    closing = stopping.close();
    await reader.ended;
    expect(reader.messages.at(-1)?.retry).toBe(1500);
    await closing;
  });
});

describe.runIf(TEST_DB === 'postgres')('across processes', () => {
  it('hears on this server a delivery made by a worker process (LISTEN/NOTIFY)', async () => {
    const reader = await stream(admin);
    await server.stopWorkers();
    const worker = startProcess('worker', {
      DATABASE_URL: server.database.url!,
      NODE_ENV: 'test',
      QUEUE_POLL_SECONDS: '0.5',
    });
    try {
      await worker.printed(/worker started/);
      const { variantId } = await publishPost(onA);
      await received(reader, variantId, 'delivered');
      expect(statesOf(reader, variantId)).toEqual(['queued', 'delivered']);
    } finally {
      await worker.stop();
    }
  });

  it("loses nothing when the server's listening connection drops", async () => {
    const reader = await stream(admin);
    const dropped = await queryRows<{ ended: boolean }>(
      db,
      sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(dropped).toEqual([{ ended: true }]);
    const { variantId } = await publishPost(onA);
    await received(reader, variantId, 'queued');
    const listening = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(listening).toEqual([{ count: 1 }]);
  });
});
