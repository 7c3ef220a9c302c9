import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiClient } from './harness.ts';

/**
 * Requests for a fuzz of every route, generated from each route's schema (its path, query and
 * body fields, from the OpenAPI description), with values of the wrong types, out of range, huge,
 * with NUL characters or named like object members.
 */

export interface Operation {
  method: string;
  path: string;
  queryFields: string[];
  bodyFields: string[];
  /** Called by an instance's agent, with its bearer token rather than a session. */
  byAgent: boolean;
}

const odd = fc.constantFrom(
  '2147483648',
  '-2147483649',
  '1e12',
  '9007199254740993',
  '-1',
  '0',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  "' OR 1=1 --",
  'x'.repeat(5000),
  '',
);
const text = fc.oneof(odd, fc.string({ maxLength: 40 }), fc.nat().map(String));
const value = fc.oneof(
  odd,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), odd), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

export function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const parameters: any[] = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        queryFields: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(body?.properties ?? {}),
        byAgent: (operation.security ?? []).some((scheme: object) => 'agentToken' in scheme),
      });
    }
  }
  return operations;
}

export function requestOf(operation: Operation) {
  const pathValues = fc.array(text, { minLength: 4, maxLength: 4 });
  const fieldNames = (known: string[]) =>
    fc.oneof(fc.constantFrom(...(known.length > 0 ? known : ['id'])), odd, fc.string());
  const query = fc.dictionary(fieldNames(operation.queryFields), text, { maxKeys: 4 });
  const body = fc.oneof(
    fc.dictionary(fieldNames(operation.bodyFields), value, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  return fc.record({ pathValues, query, body, raw: fc.boolean() });
}

export type GeneratedRequest =
  ReturnType<typeof requestOf> extends fc.Arbitrary<infer T> ? T : never;

/** The URL and body of a generated request: path values in the path, the rest as generated. */
export function requestToSend(
  operation: Operation,
  { pathValues, query, body, raw }: GeneratedRequest,
): { url: string; sent: { rawBody?: string; body?: unknown } } {
  let index = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () =>
    encodeURIComponent(pathValues[index++ % pathValues.length]!),
  );
  const search = new URLSearchParams(query).toString();
  const url = search ? `${path}?${search}` : path;
  const withBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const sent = !withBody ? {} : raw ? { rawBody: JSON.stringify(body).slice(0, -1) } : { body };
  return { url, sent };
}

let instances = 0;
/** A new instance's agent token: the agent's routes take it instead of a session. */
export async function agentToken(admin: ApiClient): Promise<string> {
  const created = await admin.post('/api/instances', {
    instance_id: `i-fuzz${++instances}`,
    ip_address: '10.0.0.1',
    current_state: 'running',
    gap: '06:15',
    region: 'ap-south-1',
    type: 'small',
    cost: 1,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (await admin.post(`/api/instances/${created.body.id}/rotate-token`)).body.token;
}
