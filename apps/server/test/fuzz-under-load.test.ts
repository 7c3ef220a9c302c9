import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { type Operation, operationsOf, requestOf, requestToSend } from './fuzz-requests.ts';
import { ADMIN, ApiClient, createTestDatabase, TEST_DB } from './harness.ts';
import { processDataDir, startProcess } from './processes.ts';

/**
 * The fuzz of every route with list readers beside it, as a loaded server sees it: every request,
 * the ones whose body is over the size limit or cut midway included, must get its answer (no
 * server error, no reset connection). A refused body's connection was once closed with the rest
 * of the body unread, and a client still sending it got a reset instead of the 413.
 */
const RUNS_PER_ROUTE = 3;
const READERS = 4;
/** Over the limit many times, so that the client is still sending when the 413 comes. */
const OVERSIZED = `{"name":"${'x'.repeat(BODY_LIMIT_BYTES * 8)}"}`;
const OVERSIZED_NOTE = ' (oversized body)';

/**
 * The server runs in a process of its own, as in production: a client in the same process reads
 * each answer before the server's socket work can get in its way.
 */
const dataDir = processDataDir('fuzz-load');
const database = TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
const server = startProcess('main', {
  ...(database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
  PORT: '0',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '/nonexistent',
});
const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 120_000)) as string[];
const admin = new ApiClient(url!);
await admin.login(ADMIN.email, ADMIN.password);
afterAll(async () => {
  await server.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  request: string;
  status?: number;
  error?: string;
}

/** Sends one request as the admin's browser would; answers its status or the network error. */
async function send(method: string, url: string, body?: string): Promise<Outcome> {
  const size = body === OVERSIZED ? OVERSIZED_NOTE : body ? ` (${body.length} bytes)` : '';
  const request = `${method} ${url.slice(0, 80)}${size}`;
  try {
    const response = await fetch(admin.baseUrl + url, {
      method,
      headers: {
        cookie: admin.cookie!,
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body,
    });
    await response.arrayBuffer();
    return { request, status: response.status };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { request, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** The requests of the fuzz for one route: generated ones, then an oversized and a cut body. */
function fuzzRequests(operation: Operation): [string, string, string | undefined][] {
  const generated = fc.sample(requestOf(operation), RUNS_PER_ROUTE).map((request) => {
    const { url, sent } = requestToSend(operation, request);
    const body = sent.rawBody ?? (sent.body === undefined ? undefined : JSON.stringify(sent.body));
    return [operation.method, url, body] as [string, string, string | undefined];
  });
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method)) return generated;
  const path = operation.path.replace(/\{[^}]+\}/g, '1');
  return [
    ...generated,
    [operation.method, path, OVERSIZED],
    [operation.method, path, '{"name":"cut'],
  ];
}

describe('a fuzz of every route under load', () => {
  it('answers every request, oversized and cut bodies included, with no reset', async () => {
    const document = (await admin.get('/api/docs/json')).body;
    // Signing out would end the session both the fuzz and the readers use.
    const operations = operationsOf(document).filter(
      (op) => op.path !== '/logout' && op.path !== '/login',
    );
    const agentPaths = operations
      .filter((op) => op.byAgent)
      .map((op) => ` ${op.path.replace(/\{[^}]+\}/g, '1')} `);
    let fuzzing = true;
    const readerOutcomes: Outcome[] = [];
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      while (fuzzing) {
        readerOutcomes.push(await send('GET', reader % 2 ? '/api/posts' : '/api/categories'));
      }
    });
    const outcomes: Outcome[] = [];
    try {
      for (const operation of operations) {
        for (const [method, url, body] of fuzzRequests(operation)) {
          outcomes.push(await send(method, url, body));
        }
      }
    } finally {
      fuzzing = false;
      await Promise.all(readers);
    }
    const all = [...outcomes, ...readerOutcomes];
    const statuses = new Map<string, number>();
    for (const outcome of all) {
      const key = outcome.error ?? String(outcome.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    console.log(
      `${outcomes.length} fuzz requests and ${readerOutcomes.length} reads: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    const oversized = outcomes.filter((outcome) => outcome.request.includes(OVERSIZED_NOTE));
    expect(oversized.length).toBeGreaterThan(40);
    const failed = all.filter((outcome) => outcome.error || outcome.status! >= 500);
    expect(failed).toEqual([]);
    // The agent's routes read their bearer token first: without one, the answer is a 401.
    const refusedFirst = (outcome: Outcome) =>
      outcome.status === 401 && agentPaths.some((path) => outcome.request.includes(path));
    expect(oversized.filter((o) => o.status !== 413 && !refusedFirst(o))).toEqual([]);
  }, 600_000);
});
