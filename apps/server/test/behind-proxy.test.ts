import { MESSAGES } from '@sitefleet/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures.ts';
import { ADMIN, startTestServer } from './harness.ts';
import { startTlsProxy } from './tls-proxy.ts';

const proxy = await startTlsProxy();
const server = await serverForFile({
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  TRUST_PROXY: '127.0.0.1',
  PUBLIC_URL: proxy.origin,
});
// Closed before the server, which closes after the file's tests.
afterAll(() => proxy.close());
proxy.forwardTo(Number(new URL(server.url).port));

describe('the production server behind a TLS-terminating proxy', () => {
  it('signs in, writes and signs out over HTTPS, with a Secure cookie and HSTS', async () => {
    const login = await proxy.send('POST', '/login', ADMIN);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookie = (login.headers['set-cookie'] as string[]).find((c) =>
      c.startsWith('sitefleet_session='),
    );
    expect(cookie).toMatch(/; Secure/);
    expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const role = await proxy.send('POST', '/api/roles', { name: 'Through the proxy' });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const profile = await proxy.send('GET', '/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');

    expect((await proxy.send('POST', '/logout')).status).toBe(200);
    expect((await proxy.send('GET', '/api/profile')).status).toBe(401);
  });

  it('refuses a host name that is not its public one (DNS rebinding) with a 421', async () => {
    const response = await proxy.send('POST', '/login', ADMIN, {
      host: 'rebind.example.com',
      origin: 'https://rebind.example.com',
    });
    expect(response.status).toBe(421);
    expect(response.body.message).toBe(MESSAGES.unknownHost);
  });

  it('still refuses a write from another origin', async () => {
    const response = await proxy.send('POST', '/login', ADMIN, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MESSAGES.badOrigin);
  });

  it('keeps a strict content security policy', async () => {
    const csp = String((await proxy.send('GET', '/api/docs')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});

describe('the server reached over plain HTTP, as in development', () => {
  it('sends neither HSTS nor a Secure cookie, and answers any host name', async () => {
    const plain = await startTestServer();
    try {
      const login = await plain.client().post('/login', ADMIN);
      expect(login.status).toBe(200);
      expect(login.headers.get('strict-transport-security')).toBeNull();
      expect(login.headers.getSetCookie().join()).not.toMatch(/Secure/);
    } finally {
      await plain.close();
    }
  });
});
