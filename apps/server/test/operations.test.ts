import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { serverForFile } from './fixtures.ts';
import { ApiClient, startTestServer } from './harness.ts';

const TOKEN = 'a-metrics-token-for-the-tests';

const server = await serverForFile();
const withToken = await serverForFile({ METRICS_TOKEN: TOKEN });
// A reverse proxy is in front: TRUST_PROXY says so.
const proxied = await serverForFile({ TRUST_PROXY: '127.0.0.1' });
// Its database and queue are stopped by a test: only its HTTP side is left to close.
const stopped = await startTestServer();
afterAll(() => stopped.app.close());

const READY = {
  process: 'ok',
  database: 'ok',
  migrations: 'ok',
  queue: 'ok',
  derived_state: 'ok',
};

describe('health and readiness', () => {
  it('answers liveness without a session', async () => {
    const response = await server.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers ready when the database answers, the migrations are applied and the queue runs', async () => {
    const response = await server.client().get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: READY });
  });

  it('keeps the probes out of the request log at info level', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const app = await buildApp({ context: server.context, logger });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const client = new ApiClient(url);
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        expect((await client.get(path)).status, path).toBe(200);
      }
      expect((await client.get('/api/docs/json')).status).toBe(200);
      const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
      expect(urls).toEqual(['/api/docs/json']);
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('serves the Prometheus text to the loopback address when no token is set', async () => {
    const admin = await server.admin();
    expect((await admin.get('/api/websites')).status).toBe(200);
    const response = await server.client().get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = response.body as string;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/websites",status="200"\} 1\n/,
    );
    expect(text).toContain('sitefleet_jobs{queue="website-push",state="created"} 0');
    expect(text).toMatch(/sitefleet_db_pool_connections\{state="active"\} \d+/);
    expect(text).toContain('# TYPE sitefleet_deliveries_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('refuses a client elsewhere when no token is set', async () => {
    const response = await server.client().get('/metrics', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.status).toBe(403);
  });

  it('refuses a request a proxy forwarded from the loopback address when no token is set', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of forwarded) {
      const response = await server.client().get('/metrics', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it('is closed without a token when TRUST_PROXY says a proxy is in front', async () => {
    expect((await proxied.client().get('/metrics')).status).toBe(403);
  });

  it('asks for the token when one is set, even from the loopback address', async () => {
    const client = withToken.client();
    expect((await client.get('/metrics')).status).toBe(403);
    const wrong = await client.get('/metrics', { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(403);
    const right = await client.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 while the start checks the derived tables, and 200 once it is done', async () => {
    stopped.context.derivedState.status = 'checking';
    const checking = await stopped.client().get('/readyz');
    stopped.context.derivedState.status = 'ok';
    expect(checking.status).toBe(503);
    expect(checking.body).toEqual({
      status: 'unavailable',
      checks: { ...READY, derived_state: 'checking' },
    });
    expect((await stopped.client().get('/readyz')).status).toBe(200);
  });

  it('answers 503 naming the job queue and the database once they have stopped, and stays alive', async () => {
    expect((await stopped.client().get('/readyz')).status).toBe(200);
    await stopped.context.queue.stop();
    await stopped.database.close();
    const response = await stopped.client().get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'unavailable',
      checks: { ...READY, database: 'failed', migrations: 'unknown', queue: 'stopped' },
    });
    expect((await stopped.client().get('/healthz')).status).toBe(200);
  });
});
