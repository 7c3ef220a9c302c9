import { MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { ADMIN, waitFor } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { MAX_LOGIN_FAILURES } from './throttle.ts';

const server = await serverForFile();

describe('sign-in', () => {
  it('signs in, answers the profile, and sets an httpOnly session cookie that ends with the browser', async () => {
    const client = server.client();
    const response = await client.post('/login', { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: ADMIN.email,
      roles: [{ name: 'super admin' }],
    });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect((await client.get('/api/profile')).body.email).toBe(ADMIN.email);
  });

  it("keeps the session 30 days with 'Remember Me'", async () => {
    const response = await server.client().post('/login', { ...ADMIN, remember: true });
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=2592000/);
  });

  it('accepts the e-mail in any case', async () => {
    const response = await server
      .client()
      .post('/login', { ...ADMIN, email: ADMIN.email.toUpperCase() });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with the message the login page shows', async () => {
    const response = await server
      .client()
      .post('/login', { email: ADMIN.email, password: 'wrong-password' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(MESSAGES.invalidCredentials);
  });

  it('answers the same to an unknown e-mail', async () => {
    const response = await server
      .client()
      .post('/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(MESSAGES.invalidCredentials);
  });

  it('checks the fields', async () => {
    const response = await server.client().post('/login', { email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ['Email must be a valid email address'],
      password: ['Password is required'],
    });
  });

  it('issues a new session id at each sign-in and ends the old one', async () => {
    const client = await server.admin();
    const first = client.cookie;
    await client.login(ADMIN.email, ADMIN.password);
    expect(client.cookie).not.toBe(first);
    const stale = server.client();
    stale.cookie = first;
    expect((await stale.get('/api/profile')).status).toBe(401);
  });

  it(`throttles after ${MAX_LOGIN_FAILURES} failures per e-mail and IP, with the retry time`, async () => {
    const client = server.client();
    const email = 'throttled@example.com';
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      expect((await client.post('/login', { email, password: 'wrong-password' })).status).toBe(422);
    }
    const blocked = await client.post('/login', { email, password: 'wrong-password' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.body.message).toBe(MESSAGES.throttled(retryAfter));
    // Another e-mail from the same address is not blocked.
    expect((await client.post('/login', ADMIN)).status).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session', async () => {
    const client = await server.admin();
    const cookie = client.cookie;
    expect((await client.post('/logout')).status).toBe(200);
    expect(client.cookie).toBeUndefined();
    const replay = server.client();
    replay.cookie = cookie;
    expect((await replay.get('/api/profile')).status).toBe(401);
  });
});

describe('profile and abilities', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/profile', '/api/abilities', '/api/settings/fetch']) {
      const response = await server.client().get(path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: MESSAGES.unauthenticated });
    }
  });

  it('gives an admin every permission plus manage-all', async () => {
    const abilities = (await (await server.admin()).get<string[]>('/api/abilities')).body;
    expect(abilities).toContain('manage-all');
    expect(abilities).toContain('user-delete');
  });

  it('gives a viewer the list abilities only', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const abilities = (await viewer.get<string[]>('/api/abilities')).body;
    expect(abilities.length).toBeGreaterThan(0);
    expect(abilities.every((a) => a.endsWith('-list'))).toBe(true);
    expect(abilities).not.toContain('manage-all');
  });

  it('answers the application settings', async () => {
    const response = await (await server.admin()).get('/api/settings/fetch');
    expect(response.body['app.name']).toBe('Sitefleet');
  });
});

describe('a changed role', () => {
  const roleNamed = async (name: string) =>
    (
      await queryRows<{ id: number }>(
        server.database.db,
        sql`SELECT id FROM roles WHERE name = ${name}`,
      )
    )[0]!.id;
  const permissionNamed = async (name: string) =>
    (
      await queryRows<{ id: number }>(
        server.database.db,
        sql`SELECT id FROM permissions WHERE name = ${name}`,
      )
    )[0]!.id;

  it('applies to its users from the request after the change', async () => {
    const admin = await server.admin();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get('/api/websites?page=1')).status).toBe(200);
    const role = await roleNamed('viewer');
    const websiteList = await permissionNamed('website-list');
    const revoked = await admin.patch(`/api/roles/${role}/revoke-permissions`, {
      permissionsids: [websiteList],
    });
    expect(revoked.status).toBe(200);
    expect((await viewer.get('/api/websites?page=1')).status).toBe(403);
    await admin.patch(`/api/roles/${role}/assign-permissions`, { permissionsids: [websiteList] });
    expect((await viewer.get('/api/websites?page=1')).status).toBe(200);
  });

  it('applies shortly when another server process made it', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get('/api/instances?page=1')).status).toBe(200);
    const role = await roleNamed('viewer');
    const instanceList = await permissionNamed('instance-list');
    await server.database.db.execute(
      sql`DELETE FROM role_permissions WHERE role_id = ${role} AND permission_id = ${instanceList}`,
    );
    await waitFor(async () => (await viewer.get('/api/instances?page=1')).status === 403, {
      what: 'the revoked permission to apply',
    });
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing request without X-Requested-With', async () => {
    const response = await server.client().post('/login', ADMIN, { withoutCsrfHeader: true });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.csrf);
  });

  it('refuses a request from another origin', async () => {
    const response = await server.client().post('/login', ADMIN, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.badOrigin);
  });

  it('accepts its own origin', async () => {
    const response = await server
      .client()
      .post('/login', ADMIN, { headers: { origin: server.url } });
    expect(response.status).toBe(200);
  });
});
