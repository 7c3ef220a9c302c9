import { FIELD_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/demo.ts';
import { serverForFile } from './fixtures.ts';
import { agentToken, operationsOf } from './fuzz-requests.ts';

/**
 * PostgreSQL text cannot hold the NUL character. Every route of the OpenAPI description, on the
 * demo data (so that the records its path names exist), gets a NUL in each of its body and query
 * fields in turn, then in all of them at once: no answer is a server error.
 */
const server = await serverForFile();
await seedDemo(server.database.db);
const admin = await server.admin();

describe('a NUL character in any field of any route', () => {
  it('is never a server error', async () => {
    const token = await agentToken(admin);
    const document = (await server.client().get('/api/docs/json')).body;
    // Signing out would end the session the sweep runs in.
    const operations = operationsOf(document).filter((op) => op.path !== '/logout');
    expect(operations.length).toBeGreaterThan(80);
    let sent = 0;
    for (const operation of operations) {
      const client = operation.path === '/login' ? server.client() : admin;
      const headers: Record<string, string> = operation.byAgent
        ? { authorization: `Bearer ${token}` }
        : {};
      const path = operation.path.replace(/\{[^}]+\}/g, '1');
      const withBody = !['GET', 'HEAD'].includes(operation.method);
      const fields = withBody ? operation.bodyFields : operation.queryFields;
      // A route without fields has nowhere to put a NUL (and a bare DELETE would delete the
      // record the later routes name).
      const cases = fields.length === 0 ? [] : [...fields.map((field) => [field]), fields];
      for (const nulFields of cases) {
        const values = Object.fromEntries(nulFields.map((field) => [field, 'a\u0000b']));
        const url = withBody ? path : `${path}?${new URLSearchParams(values)}`;
        const response = await client.request(operation.method, url, {
          headers,
          ...(withBody && { body: values }),
        });
        sent += 1;
        expect(
          response.status,
          `${operation.method} ${url} ${JSON.stringify(values)}`,
        ).toBeLessThan(500);
      }
    }
    expect(sent).toBeGreaterThan(300);
  }, 600_000);

  it('is refused with a 422 on the field, where the route schema had no rule against it', async () => {
    const paused = await admin.post('/api/websites/1/deliveries/pause', { reason: 'a\u0000b' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(422);
    expect(paused.body.errors).toEqual({ reason: [FIELD_MESSAGES.nulCharacter] });
  });
});
