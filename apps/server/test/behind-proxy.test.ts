import { request as httpRequest } from 'node:http';
import { MESSAGES } from '@sitefleet/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../src/config.ts';
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
  it('sends neither HSTS nor a Secure cookie', async () => {
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

/** The status of GET /api/docs/json sent with the given Host header (fetch would set its own). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    httpRequest({ hostname, port, path: '/api/docs/json', headers: { host } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('the host names served without PUBLIC_URL', () => {
  it('on a loopback address, are the loopback names only (DNS rebinding gets 421)', async () => {
    const local = await startTestServer({ HOST: '127.0.0.1' });
    try {
      const { port } = new URL(local.url);
      expect(await statusWithHost(local.url, 'rebind.example:3000')).toBe(421);
      expect(await statusWithHost(local.url, `rebind.example:${port}`)).toBe(421);
      for (const name of ['localhost', '127.0.0.1', '[::1]', 'LocalHost']) {
        for (const host of [name, `${name}:${port}`]) {
          expect(await statusWithHost(local.url, host), host).toBe(200);
        }
      }
    } finally {
      await local.close();
    }
  });

  it('on any other address, are any', async () => {
    const open = await startTestServer({ HOST: '0.0.0.0' });
    try {
      expect(await statusWithHost(open.url, 'rebind.example:3000')).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('counts 127.0.0.0/8, ::1 and localhost as loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackAddress(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'fleet.example.com', '127.0.0.1.nip.io']) {
      expect(isLoopbackAddress(host), host).toBe(false);
    }
  });
});
