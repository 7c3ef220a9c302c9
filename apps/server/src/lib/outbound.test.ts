import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type FakeHttpServer, startFakeHttp } from '../../test/fake-http.ts';
import {
  createPost,
  insertTestCategory,
  insertTestWebsites,
  secondAdmin,
} from '../../test/fixtures.ts';
import { FAST_QUEUE_ENV, startTestServer, type TestServer, waitFor } from '../../test/harness.ts';
import { queryRows } from '../db/client.ts';
import { createOutbound, OutboundRefused, parseAllowedRanges } from './outbound.ts';

/** The outbound calls of a process that allows `ranges`, closed after the test. */
function outboundAllowing(ranges: string, resolve?: Parameters<typeof createOutbound>[1]) {
  const outbound = createOutbound(parseAllowedRanges(ranges), resolve);
  onTestFinished(() => outbound.close());
  return outbound;
}

describe('the addresses the server refuses to call', () => {
  // The ranges themselves are the contract's (packages/contract/src/outbound.test.ts).
  it.each(['127.0.0.1', '169.254.169.254', '::1', '::ffff:7f00:1'])('%s', (address) => {
    expect(outboundAllowing('').isAllowed(address)).toBe(false);
  });

  it.each([
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
  ])('refuses %s before connecting', async (url) => {
    await expect(outboundAllowing('').fetch(url)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('lets public addresses through, and internal ones a deployment allows', () => {
    const outbound = outboundAllowing('10.0.0.0/8, 127.0.0.1');
    expect(outbound.isAllowed('93.184.215.14')).toBe(true);
    expect(outbound.isAllowed('2606:4700::1111')).toBe(true);
    expect(outbound.isAllowed('10.20.30.40')).toBe(true);
    expect(outbound.isAllowed('127.0.0.1')).toBe(true);
    expect(outbound.isAllowed('127.0.0.2')).toBe(false);
    expect(outbound.isAllowed('192.168.0.1')).toBe(false);
  });
});

describe('redirects', () => {
  let redirector: ReturnType<typeof createServer>;
  let url: string;
  beforeAll(async () => {
    redirector = createServer((request, response) => {
      const hops = /^\/loop(\d+)$/.exec(request.url ?? '');
      if (hops) {
        response.writeHead(302, { location: `/loop${Number(hops[1]) + 1}` }).end();
        return;
      }
      const target = request.url === '/to-metadata' ? 'http://169.254.169.254/' : '/landed';
      if (request.url === '/landed') response.writeHead(200).end('landed');
      else response.writeHead(302, { location: target }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => redirector.close(() => resolve())));

  it('are checked at every hop: one to the metadata address is refused', async () => {
    const outbound = outboundAllowing('127.0.0.1');
    await expect(outbound.fetch(`${url}/to-metadata`)).rejects.toThrow(/169\.254\.169\.254/);
    const allowed = await outbound.fetch(`${url}/to-self`);
    expect(await allowed.text()).toBe('landed');
  });

  it('go on to another origin without the credentials the first was sent, as browsers do', async () => {
    const [first, other] = [await startFakeHttp(), await startFakeHttp()];
    onTestFinished(() => first.close());
    onTestFinished(() => other.close());
    first.answer((request) => ({
      status: 302,
      headers: { location: request.url === '/moved' ? `${other.url}/landed` : '/moved' },
    }));
    other.answer(() => ({ status: 200, text: 'landed' }));
    const response = await outboundAllowing('127.0.0.1').fetch(`${first.url}/start`, {
      headers: { authorization: 'Bearer channel-token', cookie: 'sid=1', accept: 'text/plain' },
    });
    expect(await response.text()).toBe('landed');
    // A hop on the same origin keeps them.
    expect(first.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer channel-token',
      'Bearer channel-token',
    ]);
    const { authorization, cookie, accept } = other.requests[0]!.headers;
    expect({ authorization, cookie, accept }).toEqual({
      authorization: undefined,
      cookie: undefined,
      accept: 'text/plain',
    });
  });

  it("are checked at every hop of a monitor's probe too, which follows at most its limit", async () => {
    const outbound = outboundAllowing('127.0.0.1');
    const options = { timeoutMs: 5000, maxRedirects: 3 };
    await expect(outbound.probe(`${url}/to-metadata`, options)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    expect(await outbound.probe(`${url}/to-self`, options)).toMatchObject({
      status: 200,
      body: 'landed',
    });
    await expect(outbound.probe(`${url}/loop1`, options)).rejects.toThrow('More than 3 redirects');
    await expect(outboundAllowing('').probe(`${url}/to-self`, options)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
  });
});

describe('a name is resolved once, and the socket connects to the address that was checked', () => {
  let receiver: FakeHttpServer;
  let port: string;
  beforeAll(async () => {
    receiver = await startFakeHttp();
    port = new URL(receiver.url).port;
  });
  afterAll(() => receiver.close());

  /** A resolver that answers every name with one address, and counts its calls. */
  function resolverTo(address: string) {
    const resolver = Object.assign(
      ((_name: string, _options: unknown, callback: (...args: unknown[]) => void) => {
        resolver.calls++;
        callback(null, [{ address, family: 4 }]);
      }) as unknown as typeof import('node:dns').lookup,
      { calls: 0 },
    );
    return resolver;
  }

  it('reaches an allowed address under the name it was asked for, after one lookup', async () => {
    const resolver = resolverTo('127.0.0.1');
    const response = await outboundAllowing('127.0.0.1', resolver).fetch(
      `http://hooks.sitefleet.test:${port}/hooks/posts`,
      { method: 'POST', body: '{}' },
    );
    expect(response.status).toBe(200);
    expect(resolver.calls).toBe(1);
    expect(receiver.requests.at(-1)?.headers.host).toBe(`hooks.sitefleet.test:${port}`);
  });

  it('never connects when the name resolves to a refused address', async () => {
    const before = receiver.requests.length;
    const resolver = resolverTo('127.0.0.1');
    await expect(
      outboundAllowing('', resolver).fetch(`http://rebind.sitefleet.test:${port}/`),
    ).rejects.toThrow(
      'Refused: rebind.sitefleet.test is an internal address (127.0.0.1); the server does not call it',
    );
    expect(resolver.calls).toBe(1);
    expect(receiver.requests.length).toBe(before);
  });

  it('refuses localhost through the real resolver when the loopback is not allowed', async () => {
    const before = receiver.requests.length;
    await expect(outboundAllowing('').fetch(`http://localhost:${port}/`)).rejects.toThrow(
      /^Refused: localhost is an internal address/,
    );
    expect(receiver.requests.length).toBe(before);
  });
});

describe('a website webhook on an internal address', () => {
  let server: TestServer;
  let allowing: TestServer;
  let receiver: FakeHttpServer;
  beforeAll(async () => {
    receiver = await startFakeHttp();
    // This deployment allows no internal range: the receiver on 127.0.0.1 is off limits.
    server = await startTestServer(
      { ...FAST_QUEUE_ENV, OUTBOUND_ALLOWED_RANGES: '' },
      { workers: true },
    );
    // A server started after it in the same process, as another test file's is, allowing it.
    allowing = await startTestServer({ OUTBOUND_ALLOWED_RANGES: '127.0.0.1' });
  });
  afterAll(async () => {
    await allowing?.close();
    await server.close();
    await receiver.close();
  });

  it("is never called, and the variant says why, whatever another server's deployment allows", async () => {
    expect(allowing.context.outbound.isAllowed('127.0.0.1')).toBe(true);
    const admin = await server.admin();
    const checker = await secondAdmin(admin);
    const { db } = server.database;
    const [site] = await insertTestWebsites(db);
    const saved = await admin.patch(`/api/websites/${site}/update-settings`, {
      post_webhook_url: `${receiver.url}/hooks/posts`,
    });
    expect(saved.status).toBe(200);
    const category = await insertTestCategory(db, 'Inside', [site]);
    const post = await createPost(admin, {
      title: 'Internal',
      description: 'Internal',
      category_id: category,
    });
    await checker.post('/api/posts/action', { ids: String(post.id), action: 'publish_web' });
    const state = await waitFor(
      async () => {
        const [row] = await queryRows<{ delivery_status: string; delivery_error: string | null }>(
          db,
          sql`SELECT delivery_status, delivery_error FROM post_variants WHERE post_id = ${post.id}`,
        );
        return row?.delivery_status === 'failed' && row;
      },
      { what: 'the refused push to be recorded' },
    );
    expect(state.delivery_error).toMatch(/^Refused: 127\.0\.0\.1 is an internal address/);
    expect(receiver.requests).toEqual([]);
  });
});
