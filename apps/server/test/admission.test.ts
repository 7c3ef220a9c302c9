import { request as httpRequest } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serverForFile } from './fixtures.ts';
import { waitFor } from './harness.ts';

// One request at a time, so that the test decides who holds the turn.
const server = await serverForFile({ REQUEST_CONCURRENCY: '1' });
const admin = await server.admin();
const { requests } = server.context;

/** Takes the only turn until the answer's `release` is called. */
async function holdTheTurn() {
  let release = () => {};
  void requests(() => new Promise<void>((resolve) => (release = resolve)));
  await waitFor(async () => requests.activeCount === 1, { what: 'the turn to be taken' });
  return () => release();
}

const waiting = (count: number) =>
  waitFor(async () => requests.pendingCount === count, { what: `${count} waiting requests` });

describe('the queue of requests', () => {
  it('answers waiting requests one at a time, in the order they came', async () => {
    const release = await holdTheTurn();
    onTestFinished(release);
    const answered: string[] = [];
    const send = (path: string) =>
      admin.get(path).then((response) => {
        answered.push(`${path} ${response.status}`);
        return response;
      });
    const first = send('/api/profile');
    await waiting(1);
    const second = send('/api/websites');
    await waiting(2);
    const third = send('/api/categories');
    await waiting(3);
    expect(answered).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    expect(answered).toEqual(['/api/profile 200', '/api/websites 200', '/api/categories 200']);
    expect(requests.activeCount).toBe(0);
  });

  it('answers the probes, the metrics, a CSV export and an event stream while every turn is taken', async () => {
    const release = await holdTheTurn();
    onTestFinished(release);
    const waitingOne = admin.get('/api/profile');
    await waiting(1);
    expect((await server.client().get('/healthz')).status).toBe(200);
    expect((await server.client().get('/readyz')).status).toBe(200);
    const metrics = await server.client().get<string>('/metrics');
    expect(metrics.body).toContain('sitefleet_http_requests_in_queue{state="waiting"} 1');
    expect(metrics.body).toContain('sitefleet_http_requests_in_queue{state="active"} 1');
    const exported = await admin.get<string>('/api/websites/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const stream = new AbortController();
    const events = await fetch(`${server.url}/api/events`, {
      headers: { accept: 'text/event-stream', cookie: admin.cookie! },
      signal: stream.signal,
    });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    stream.abort();
    release();
    expect((await waitingOne).status).toBe(200);
  });

  it('gives no turn to a request whose body is still coming', async () => {
    const body = JSON.stringify({ name: 'Body sent slowly' });
    let answer: (status: number) => void = () => {};
    const answered = new Promise<number>((resolve) => (answer = resolve));
    const slow = httpRequest(`${server.url}/api/profile`, {
      method: 'PUT',
      headers: {
        cookie: admin.cookie!,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    slow.on('response', (response) => {
      response.resume();
      answer(response.statusCode!);
    });
    const arrived = new Promise<void>((resolve) =>
      server.app.server.once('request', () => resolve()),
    );
    slow.write(body.slice(0, 5));
    await arrived;
    // Half a body has come: the turn is free for the next request, which is answered.
    expect((await admin.get('/api/profile')).status).toBe(200);
    expect(requests.activeCount).toBe(0);
    slow.end(body.slice(5));
    expect([200, 422]).toContain(await answered);
  });

  it('passes the turn on when a waiting client leaves', async () => {
    const release = await holdTheTurn();
    onTestFinished(release);
    const leaving = new AbortController();
    const left = fetch(`${server.url}/api/profile`, {
      headers: { cookie: admin.cookie! },
      signal: leaving.signal,
    }).catch((error: Error) => error.name);
    await waiting(1);
    leaving.abort();
    expect(await left).toBe('AbortError');
    release();
    await waiting(0);
    await waitFor(async () => requests.activeCount === 0, { what: 'the turn to be given up' });
    expect((await admin.get('/api/profile')).status).toBe(200);
  });
});
