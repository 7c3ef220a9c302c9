import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../web/precompress.ts';
import { openEventStream } from './event-stream.ts';
import { contentFixture, createPost, serverForFile } from './fixtures.ts';

/**
 * What goes over the wire compressed: the web app's built files (compressed at build time) and
 * JSON answers of 1 kB or more, by what the request's Accept-Encoding allows; the event stream and
 * CSV downloads as they were, unencoded and streaming.
 */

/** A built web app: index.html and a hashed script, with the copies the build writes. */
const distDir = mkdtempSync(join(tmpdir(), 'sitefleet-dist-'));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const script = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
);
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, SCRIPT_PATH), script);
writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(distDir, 'favicon.svg'), `<svg>${' '.repeat(2000)}</svg>`);
precompressFiles(distDir);

const server = await serverForFile({ WEB_DIST_DIR: distDir });
const admin = await server.admin();
const { category } = await contentFixture(admin);
for (let i = 0; i < 4; i++) await createPost(admin, { category_id: category.id });
const POSTS_PAGE = '/api/posts?page=1&per_page=20';

/** A GET whose body is read as the bytes sent: fetch would decode them. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const url = new URL(path, server.url);
      request(url, { headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('the web app’s built files', () => {
  it('are sent as the brotli copy to a client accepting br and gzip, cached for a year', async () => {
    const answer = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(script.length);
    expect(decode.br(answer.body).equals(script)).toBe(true);
  });

  it('are sent as the gzip copy to a client accepting gzip only', async () => {
    const answer = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(decode.gzip(answer.body).equals(script)).toBe(true);
  });

  it('are sent as the plain bytes to a client accepting no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await rawGet(SCRIPT_PATH, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.equals(script)).toBe(true);
    }
  });

  it('outside the hashed assets are cached for an hour only', async () => {
    const answer = await rawGet('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('JSON answers', () => {
  it('are compressed when the client accepts it, plain otherwise, the same JSON either way', async () => {
    const plain = await rawGet(POSTS_PAGE, { cookie: admin.cookie! });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const rows = JSON.parse(plain.body.toString()) as { data: unknown[] };
    expect(rows.data).toHaveLength(5);
    for (const encoding of ['br', 'gzip'] as const) {
      const accepted = encoding === 'br' ? 'br, gzip' : 'gzip';
      const answer = await rawGet(POSTS_PAGE, {
        cookie: admin.cookie!,
        'accept-encoding': accepted,
      });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(decode[encoding](answer.body).equals(plain.body)).toBe(true);
    }
  });

  it('under 1 kB are sent as they are', async () => {
    const answer = await rawGet('/api/abilities', {
      cookie: admin.cookie!,
      'accept-encoding': 'br, gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('streams', () => {
  it('the event stream is sent unencoded, its first bytes while it stays open', async () => {
    const stream = await openEventStream(admin);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      // The stream's opening `retry:` arrives while the server keeps it open: nothing holds the
      // bytes back until the end.
      const first = await stream.until((messages) => messages.find((m) => m.retry !== undefined));
      expect(first.retry).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('a CSV export is sent unencoded to a client accepting br and gzip', async () => {
    const answer = await rawGet('/api/posts/export', {
      cookie: admin.cookie!,
      'accept-encoding': 'br, gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString().split('\n').filter(Boolean)).toHaveLength(6);
  });
});
