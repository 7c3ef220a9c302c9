import { MESSAGES, WEBSITE_ORDER_KEYS } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { serverForFile } from './fixtures.ts';

const server = await serverForFile();

describe('route access', () => {
  it('every registered route declares who may call it', () => {
    const routes = server.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((route) => !route.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every public route is one we mean to be public', () => {
    const publicRoutes = server.app.registeredRoutes
      .filter((route) => route.access === 'public' && route.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      // The sign-in screen's options, and single sign-on's start and return.
      'GET /api/auth/options',
      // The accounts a connect link's consent offers, and their choice: the state is their
      // credential.
      'GET /api/connect-links/pending/:state',
      'GET /api/docs',
      'GET /api/docs/assets/:file',
      'GET /api/docs/json',
      // A review link's page: the token is its credential.
      'GET /api/review/:token',
      'GET /auth/sso',
      'GET /auth/sso/callback',
      // A connect link's page and its way to the network's consent: the token is its credential.
      'GET /connect/:token',
      'GET /connect/:token/start',
      'GET /healthz',
      'GET /metrics',
      // A network's return from its consent: the state is its credential.
      'GET /oauth/:network/callback',
      'GET /readyz',
      // The page-view beacon's script and its posts, from any website's pages.
      'GET /t.js',
      'OPTIONS /api/collect',
      'POST /api/collect',
      'POST /api/connect-links/pending/:state',
      'POST /api/review/:token',
      'POST /login',
      'POST /login/two-factor',
      'POST /login/two-factor/setup',
      'POST /logout',
    ]);
  });

  it('every agent route is one of the agent API, which checks the token itself', () => {
    const agentRoutes = server.app.registeredRoutes
      .filter((route) => route.access === 'agent' && route.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(agentRoutes.sort()).toEqual([
      'GET /api/agent/instruction',
      'POST /api/agent/heartbeat',
      'POST /api/agent/instructions/:id/report',
    ]);
  });
});

describe('error contract', () => {
  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await server.client().request('POST', '/login', { rawBody: '{"email":' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MESSAGES.malformedJson);
  });

  it('answers wrong types with a 422 per field', async () => {
    const response = await server
      .client()
      .post('/login', { email: 42, password: ['x'], remember: 'yes' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'password', 'remember']);
  });

  it('refuses unknown fields', async () => {
    const response = await server.client().post('/login', {
      email: 'a@example.com',
      password: 'x',
      is_admin: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.is_admin).toEqual([MESSAGES.unknownField('is_admin')]);
  });

  it('refuses an oversized body with a 413', async () => {
    const response = await server.client().request('POST', '/login', {
      rawBody: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(MESSAGES.payloadTooLarge);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await (await server.admin()).get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.notFound });
  });

  it('answers a bad query parameter with a 422', async () => {
    const response = await (await server.admin()).get('/api/stats/posts?status=yesterday');
    expect(response.status).toBe(422);
    expect(response.body.errors.status).toEqual([
      'Invalid option: expected one of "all"|"today"|"30_days"|"60_days"|"360_days"|"active"|"inactive"',
    ]);
  });

  it('sends security headers', async () => {
    const response = await server.client().get('/api/docs');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('OpenAPI description', () => {
  it('serves an interactive page from local assets only', async () => {
    const page = await server.client().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\/assets\//);
      expect((await server.client().get(source)).status, source).toBe(200);
    }
    expect(String(page.body)).not.toMatch(/<script>|<style>/);
    expect((await server.client().get('/api/docs/assets/package.json')).status).toBe(404);
  });

  it('gives every route a summary, its answers and its errors', async () => {
    const { paths } = (await server.client().get('/api/docs/json')).body;
    const missing: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, any>>(paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        if (!operation.summary) missing.push(`${method.toUpperCase()} ${path}: summary`);
        // Its answer: a 2xx, or a redirect (single sign-on's start and return).
        if (!Object.keys(operation.responses ?? {}).some((code) => /^[23]/.test(code))) {
          missing.push(`${method.toUpperCase()} ${path}: answer`);
        }
      }
    }
    expect(missing).toEqual([]);
    const action = paths['/api/posts/action'].post;
    expect(Object.keys(action.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '422']),
    );
    expect(paths['/api/posts/{id}'].put.responses['404']).toBeDefined();
  });

  it('documents API tokens: every route takes one, but the public, agent and session-only ones', async () => {
    const document = (await server.client().get('/api/docs/json')).body;
    expect(document.components.securitySchemes.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.security).toEqual([{ session: [] }, { apiToken: [] }]);
    const websites = document.paths['/api/websites'].get;
    expect(websites.security).toBeUndefined();
    expect(websites.responses['429']).toBeDefined();
    expect(document.paths['/api/tokens'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/change-user-password'].post.security).toEqual([{ session: [] }]);
    expect(document.paths['/login'].post.security).toEqual([]);
    expect(document.paths['/api/agent/heartbeat'].post.security).toEqual([{ agentToken: [] }]);
  });

  it('lists the routes from their zod schemas', async () => {
    const response = await server.client().get('/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.paths['/login'].post.requestBody).toBeDefined();
    expect(response.body.paths['/api/stats/posts']).toBeDefined();
  });

  it('documents the order parameters of a sortable list', async () => {
    const response = await server.client().get('/api/docs/json');
    const parameters = response.body.paths['/api/websites'].get.parameters;
    expect(parameters).toContainEqual(
      expect.objectContaining({
        in: 'query',
        name: 'order_key',
        schema: expect.objectContaining({ enum: [...WEBSITE_ORDER_KEYS], default: 'created_at' }),
      }),
    );
    expect(parameters).toContainEqual(
      expect.objectContaining({
        in: 'query',
        name: 'order_dir',
        schema: expect.objectContaining({ enum: ['asc', 'desc'], default: 'desc' }),
      }),
    );
  });
});

describe('unique values under concurrency', () => {
  it('answers every racing duplicate with a field error, never a 500', async () => {
    const admin = await server.admin();
    const instance = {
      instance_id: 'i-race-1',
      ip_address: '203.0.113.9',
      current_state: 'running',
      gap: '00:15',
      region: 'us-east-1',
      type: 'nano',
      cost: 10,
    };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => admin.post('/api/instances', instance)),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const response of responses.filter((r) => r.status === 422)) {
      expect(response.body.errors.instance_id).toEqual(['This Instance ID is already taken']);
    }
  });
});
