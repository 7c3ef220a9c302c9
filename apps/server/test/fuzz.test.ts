import { MESSAGES } from '@sitefleet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../src/plugins/json-body.ts';
import { serverForFile } from './fixtures.ts';
import { agentToken, operationsOf, requestOf, requestToSend } from './fuzz-requests.ts';

/**
 * A bounded fuzz of every route: requests generated from each route's schema (its path, query and
 * body fields, from the OpenAPI description), with values of the wrong types, out of range, huge,
 * with NUL characters or named like object members. No answer may be a server error.
 */
const RUNS_PER_ROUTE = 30;

const server = await serverForFile();
const admin = await server.admin();

describe('a fuzz of every route', () => {
  it(`answers ${RUNS_PER_ROUTE} malformed requests per route without a server error`, async () => {
    const document = await (await server.client().get('/api/docs/json')).body;
    // Signing out would end the fuzzing session; the sign-in route is fuzzed anonymously.
    const operations = operationsOf(document).filter((op) => op.path !== '/logout');
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) {
      const client = operation.path === '/login' ? server.client() : admin;
      await fc.assert(
        fc.asyncProperty(requestOf(operation), async (generated) => {
          const { url, sent } = requestToSend(operation, generated);
          const response = await client.request(operation.method, url, sent);
          expect(response.status, `${operation.method} ${url}`).toBeLessThan(500);
        }),
        // The first failing request is reported as it was sent, without shrinking it.
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 600_000);
});

const DEPTH = 5000;

describe('a body nested deeper than any form', () => {
  const shapes = {
    arrays: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
    objects: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  };

  it.each(Object.entries(shapes))(
    'of %s is a 400 on every route that takes a body, before its handler runs',
    async (_shape, rawBody) => {
      const token = await agentToken(admin);
      const document = (await server.client().get('/api/docs/json')).body;
      // The beacon's collect answers any body 202 (a page learns nothing from it); it reads at
      // most COLLECT_MAX_BYTES of one, which no nesting that short can overflow.
      const withBody = operationsOf(document).filter(
        (op) =>
          ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method) && op.path !== '/api/collect',
      );
      expect(withBody.length).toBeGreaterThan(40);
      for (const operation of withBody) {
        const path = operation.path.replace(/\{[^}]+\}/g, '1');
        const headers: Record<string, string> = operation.byAgent
          ? { authorization: `Bearer ${token}` }
          : {};
        const response = await admin.request(operation.method, path, { rawBody, headers });
        expect(response.status, `${operation.method} ${path}`).toBe(400);
        expect(response.body.message).toBe(MESSAGES.nestedTooDeeply);
      }
    },
  );
});

describe('a body nested as deep as allowed', () => {
  it('is read, and brackets inside strings do not count', async () => {
    const nested = `${'['.repeat(MAX_BODY_DEPTH - 1)}${']'.repeat(MAX_BODY_DEPTH - 1)}`;
    for (const rawBody of [`{"name":${nested}}`, `{"name":"${'[{\\"'.repeat(DEPTH)}"}`]) {
      const response = await admin.request('POST', '/api/roles', { rawBody });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['name']);
    }
  });
});
