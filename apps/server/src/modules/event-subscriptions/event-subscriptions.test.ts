import {
  EVENT_SUBSCRIPTION_MESSAGES,
  EVENT_TYPES,
  type EventType,
  MESSAGES,
  SUBSCRIBABLE_EVENT_TYPES,
} from '@sitefleet/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startEventReceiver } from '../../../test/event-receiver.ts';
import { receiverFor } from '../../../test/event-subscriber.ts';
import {
  createCategory,
  createPost,
  createWebsite,
  serverForFile,
} from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV } from '../../../test/harness.ts';

const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
const admin = await server.admin();

/** A receiver subscribed to `types` for this test only. */
const receiverOf = (types: readonly EventType[], more: { website_ids?: number[] } = {}) =>
  receiverFor(admin, types, more);

describe('the event subscriptions resource', () => {
  it('answers the secret once, as a Standard Webhooks secret, and keeps only a hint of it', async () => {
    const receiver = await startEventReceiver();
    onTestFinished(() => receiver.close());
    const response = await admin.post('/api/event-subscriptions', {
      url: receiver.url,
      events: ['post.created', 'website.down', 'post.created'],
      description: 'n8n flow',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(response.body).toMatchObject({
      url: receiver.url,
      events: ['post.created', 'website.down'],
      website_ids: null,
      description: 'n8n flow',
      enabled: true,
      status: 'active',
      secret_hint: response.body.secret.slice(-4),
      created_by: { name: expect.any(String) },
    });
    const read = await admin.get(`/api/event-subscriptions/${response.body.id}`);
    expect(read.body).not.toHaveProperty('secret');
    const listed = await admin.get('/api/event-subscriptions?query=n8n');
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([response.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(response.body.secret);

    const rotated = await admin.post(`/api/event-subscriptions/${response.body.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(response.body.secret);
    const audit = await admin.get('/api/audit-log?subject_type=event_subscription');
    expect(JSON.stringify(audit.body)).not.toContain(response.body.secret.slice(6));
    expect(JSON.stringify(audit.body)).not.toContain(rotated.body.secret.slice(6));
    expect((await admin.delete(`/api/event-subscriptions/${response.body.id}`)).body).toEqual({
      message: EVENT_SUBSCRIPTION_MESSAGES.deleted,
    });
    expect((await admin.get(`/api/event-subscriptions/${response.body.id}`)).status).toBe(404);
  });

  it('refuses a missing URL, no events, an unknown event type and unknown websites, per field', async () => {
    const empty = await admin.post('/api/event-subscriptions', { url: '', events: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      url: [EVENT_SUBSCRIPTION_MESSAGES.urlRequired],
      events: [EVENT_SUBSCRIPTION_MESSAGES.eventsRequired],
    });
    const wrong = await admin.post('/api/event-subscriptions', {
      url: 'ftp://example.com',
      events: ['post.exploded', 'event.test'],
      website_ids: [999_999],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toMatchObject({
      url: [EVENT_SUBSCRIPTION_MESSAGES.urlInvalid],
      'events.0': [EVENT_SUBSCRIPTION_MESSAGES.eventUnknown],
      'events.1': [EVENT_SUBSCRIPTION_MESSAGES.eventUnknown],
    });
    const missingSite = await admin.post('/api/event-subscriptions', {
      url: 'https://hooks.example.com/x',
      events: ['post.created'],
      website_ids: [999_999],
    });
    expect(missingSite.status).toBe(422);
    expect(missingSite.body.errors).toEqual({
      website_ids: [EVENT_SUBSCRIPTION_MESSAGES.websitesUnknown([999_999])],
    });
  });

  it('answers 422 to a bad filter or replay, and 404 to an id past the column, never a 500', async () => {
    const made = await admin.post('/api/event-subscriptions', {
      url: 'https://hooks.example.com/bad-input',
      events: ['post.created'],
    });
    onTestFinished(async () => {
      await admin.delete(`/api/event-subscriptions/${made.body.id}`);
    });
    const base = `/api/event-subscriptions/${made.body.id}`;
    const answers = async (method: string, path: string, body?: unknown) => {
      const answer = await admin.request(method, path, { body });
      return [`${method} ${path}`, answer.status];
    };
    for (const [method, path, body] of [
      ['GET', `${base}/deliveries?status=lost`, undefined],
      ['GET', `${base}/attempts?outcome=maybe`, undefined],
      ['POST', `${base}/replay`, { statuses: ['forgotten'] }],
      ['POST', `${base}/replay`, { since: 'yesterday' }],
    ] as const) {
      expect(await answers(method, path, body)).toEqual([`${method} ${path}`, 422]);
    }
    // As on every route: an id no row can have is not found.
    for (const [method, path, body] of [
      ['GET', '/api/event-subscriptions/1e12/attempts', undefined],
      ['POST', '/api/event-subscriptions/2147483648/test', undefined],
      [
        'PUT',
        '/api/event-subscriptions/99999999999',
        { url: 'https://x.example', events: ['post.created'] },
      ],
      ['POST', '/api/event-subscriptions/999999/test', undefined],
    ] as const) {
      expect(await answers(method, path, body)).toEqual([`${method} ${path}`, 404]);
    }
  });

  it('is refused to an editor, who holds no event-subscription-manage', async () => {
    const editor = await server.userWithRoles(['editor']);
    const response = await editor.get('/api/event-subscriptions');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.forbidden);
  });
});

describe('GET /api/event-types', () => {
  it('lists at least 25 subscribable types, each with a description and the JSON Schema of its data', async () => {
    const response = await admin.get('/api/event-types');
    expect(response.status).toBe(200);
    const types = response.body as { type: string; description: string; schema: any }[];
    expect(SUBSCRIBABLE_EVENT_TYPES.length).toBeGreaterThanOrEqual(25);
    expect(types.map((type) => type.type)).toEqual(Object.keys(EVENT_TYPES));
    const created = types.find((type) => type.type === 'post.created')!;
    expect(created.description).toBe(EVENT_TYPES['post.created'].description);
    expect(created.schema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'integer' }, website_ids: { type: 'array' } },
      required: expect.arrayContaining(['id', 'title', 'category_id', 'website_ids']),
    });
  });
});

describe('the OpenAPI description', () => {
  it('documents every event type’s body as a schema, and the bearer token', async () => {
    const { components } = (await server.client().get('/api/docs/json')).body;
    for (const type of Object.keys(EVENT_TYPES)) {
      expect(components.schemas[`Event.${type}`], type).toMatchObject({
        type: 'object',
        properties: { type: { enum: [type] }, data: { type: 'object' } },
      });
    }
    expect(components.schemas['Event.post.published'].properties.data.required).toContain(
      'variant_id',
    );
    expect(components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('the record events', () => {
  it('sends post.created, post.updated and post.deleted once each, with the post’s websites', async () => {
    const { receiver, only } = await receiverOf(['post.created', 'post.updated', 'post.deleted']);
    const website = await createWebsite(admin);
    const category = await createCategory(admin, { websites: [website.id] });
    const post = await createPost(admin, { category_id: category.id, title: 'Launch notes' });
    expect(await only('post.created')).toEqual({
      id: post.id,
      title: 'Launch notes',
      category_id: category.id,
      website_ids: [website.id],
    });
    await admin.put(`/api/posts/${post.id}`, {
      title: 'Launch notes, revised',
      description: post.description,
      category_id: category.id,
    });
    expect(await only('post.updated')).toMatchObject({
      id: post.id,
      title: 'Launch notes, revised',
      changed: ['title'],
    });
    expect((await admin.delete(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await only('post.deleted')).toMatchObject({
      id: post.id,
      website_ids: [website.id],
    });
    expect(receiver.refused).toEqual([]);
  });

  it('sends category, website, user and role events with their documented payloads', async () => {
    const { receiver, only } = await receiverOf([
      'category.created',
      'category.updated',
      'category.deleted',
      'website.created',
      'website.updated',
      'website.deleted',
      'user.created',
      'user.deleted',
      'role.permissions_changed',
    ]);
    const website = await createWebsite(admin, { name: 'Evented site' });
    expect(await only('website.created')).toEqual({
      id: website.id,
      name: 'Evented site',
      url: website.url,
      website_ids: [website.id],
    });
    const { url, hosting, cost, duration } = website as never;
    const renamed = await admin.put(`/api/websites/${website.id}`, {
      name: 'Evented site 2',
      url,
      hosting,
      cost,
      duration,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await only('website.updated')).toMatchObject({ changed: ['name'] });
    const category = await createCategory(admin, { websites: [website.id], slug: 'evented' });
    expect(await only('category.created')).toMatchObject({
      id: category.id,
      slug: 'evented',
      website_ids: [website.id],
    });
    const { name, slug, description, type, keywords } = category as never;
    await admin.put(`/api/categories/${category.id}`, {
      name,
      slug,
      description: `${description} and more`,
      type,
      keywords,
      websites: [website.id],
      parents: [],
      status: 1,
      is_approved: 0,
      auto_google_sync: 0,
    });
    expect(await only('category.updated')).toMatchObject({
      changed: expect.arrayContaining(['description']),
    });
    await admin.delete(`/api/categories/${category.id}`);
    expect(await only('category.deleted')).toMatchObject({ id: category.id });
    await admin.delete(`/api/websites/${website.id}`);
    expect(await only('website.deleted')).toMatchObject({ id: website.id });

    const user = await admin.post('/api/users', {
      name: 'Evented Person',
      email: 'evented@example.com',
      password: 'password123',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    expect(await only('user.created')).toEqual({
      id: user.body.id,
      name: 'Evented Person',
      email: 'evented@example.com',
    });
    await admin.delete(`/api/users/${user.body.id}`);
    expect(await only('user.deleted')).toMatchObject({ id: user.body.id });

    const role = await admin.post('/api/roles', { name: 'evented role', guard_name: 'web' });
    const permissions = await admin.get('/api/permissions?per_page=100');
    const postList = permissions.body.data.find((p: { name: string }) => p.name === 'post-list');
    await admin.patch(`/api/roles/${role.body.id}/assign-permissions`, {
      permissionsids: [postList.id],
    });
    expect(await only('role.permissions_changed')).toEqual({
      id: role.body.id,
      name: 'evented role',
      added: ['post-list'],
      removed: [],
    });
    expect(receiver.refused).toEqual([]);
  });

  it('never sends a subscription limited to website A the events of website B', async () => {
    const siteA = await createWebsite(admin);
    const siteB = await createWebsite(admin);
    const { receiver, subscription } = await receiverOf(['post.created'], {
      website_ids: [siteA.id],
    });
    const { receiver: everything } = await receiverOf(['post.created']);
    const onA = await createCategory(admin, { websites: [siteA.id] });
    const onB = await createCategory(admin, { websites: [siteB.id] });
    await createPost(admin, { category_id: onB.id, title: 'On B' });
    await createPost(admin, { category_id: onA.id, title: 'On A' });
    const both = await everything.eventsOf('post.created', 2);
    // Each event is its own job: they may arrive in either order.
    expect(both.map((event) => event.data.title).sort()).toEqual(['On A', 'On B']);
    const [onlyA] = await receiver.eventsOf('post.created');
    expect(onlyA!.data.title).toBe('On A');
    // B's event was never stored for it, so it can never be sent late.
    const stored = await admin.get(`/api/event-subscriptions/${subscription.id}/deliveries`);
    expect(stored.body.data.map((row: { payload: any }) => row.payload.data.title)).toEqual([
      'On A',
    ]);
  });
});
