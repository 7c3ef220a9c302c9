import { type Channel, channelsResource } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { created, createWebsite, inDays, serverForFile } from '../../../test/fixtures.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const admin = await server.admin();
const { db } = server.database;
const answerSchema = channelsResource.list.answer;

/** Names whose JSON needs escapes, or characters beyond ASCII. */
const NAMES = [
  'Quotes "inside" and a back\\slash',
  'Crème brûlée, 寿司 and 🍣',
  '</script><b>tags</b> & ampersands',
  "Tab\tand apostrophe's",
];

const zulu = await createWebsite(admin, { name: `Zulu ${NAMES[1]}` });
const alpha = await createWebsite(admin, { name: `Alpha ${NAMES[0]}` });
const made: Channel[] = [];
for (const [index, name] of NAMES.entries()) {
  made.push(
    await created<Channel>(admin, '/api/channels', {
      network: index % 2 === 0 ? 'facebook' : 'tiktok',
      name,
      external_id: `json-${index}`,
      access_token: `access-${index}`,
      ...(index === 0 && { refresh_token: 'refresh', refresh_expires_at: inDays(30) }),
      ...(index < 2 && { token_expires_at: inDays(index + 1) }),
      website_ids: index === 3 ? [] : [zulu.id, alpha.id],
    }),
  );
}
// What only the server writes: a refusal's text, and times to the microsecond.
await db.execute(
  sql`UPDATE channels SET last_error = ${'Refused:\n"invalid_grant"'},
                          last_published_at = '2026-03-04 05:06:07.891234+00',
                          last_refreshed_at = '2026-03-04 05:06:07.000999+00'
      WHERE id = ${made[0]!.id}`,
);

/** The list's answer as text, and as the contract reads it. */
async function listText(query: string) {
  const response = await fetch(`${server.url}/api/channels?${query}`, {
    headers: { cookie: admin.cookie!, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(response.status, query).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const text = await response.text();
  return { text, answer: answerSchema.parse(JSON.parse(text)) };
}

const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());

describe('the channels list, written by the database', () => {
  it('is byte for byte the contract’s answer serialized in its field order', async () => {
    for (const query of [
      '',
      'per_page=2&page=2',
      'order_key=name&order_dir=asc',
      'order_key=token_expires_at',
      'query=json-',
      `website_id=${alpha.id}&network=facebook`,
      'query=zzz-none',
      'page=50',
    ]) {
      const { text, answer } = await listText(query);
      expect(text, query).toBe(JSON.stringify(answer));
      expect(text, query).not.toContain('total_is_estimate');
    }
  });

  it('carries each row as the channel’s own answer and its columns say', async () => {
    const columns = await queryRows<Record<string, string | number | boolean | null>>(
      db,
      sql`SELECT id, network, name, external_id, status, is_default, app_id, token_expires_at,
                 refresh_expires_at, last_refreshed_at, last_published_at, last_error, created_at
          FROM channels WHERE external_id LIKE 'json-%' ORDER BY created_at DESC, id DESC`,
    );
    const { answer } = await listText('query=json-');
    expect(answer.total).toBe(NAMES.length);
    const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
    const websites = [zulu, alpha].map(({ id, name }) => ({ id, name })).sort(byName);
    expect(answer.data).toEqual(
      columns.map((row) => ({
        ...row,
        websites: row.external_id === 'json-3' ? [] : websites,
        token_expires_at: instant(row.token_expires_at as string | null),
        refresh_expires_at: instant(row.refresh_expires_at as string | null),
        last_refreshed_at: instant(row.last_refreshed_at as string | null),
        last_published_at: instant(row.last_published_at as string | null),
        created_at: instant(row.created_at as string),
      })),
    );
    expect(answer.data.at(-1)).toMatchObject({
      last_error: 'Refused:\n"invalid_grant"',
      last_published_at: '2026-03-04T05:06:07.891Z',
      last_refreshed_at: '2026-03-04T05:06:07.000Z',
    });
    for (const row of answer.data) {
      expect((await admin.get(`/api/channels/${row.id}`)).body).toEqual(row);
    }
  });

  it('counts its total exactly past 1,000 channels, on every page and found by a search', async () => {
    await db.execute(
      sql`INSERT INTO channels (network, name, external_id, access_token)
          SELECT 'facebook', 'Bulk page ' || g, 'bulk-' || g, 'sealed'
          FROM generate_series(1, 1100) g`,
    );
    const count = async (where: string) => {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`SELECT count(*)::int AS total FROM channels WHERE ${sql.raw(where)}`,
      );
      return row!.total;
    };
    const all = await count('TRUE');
    const bulk = await count(`name ILIKE '%bulk page%'`);
    for (const [query, total, rows] of [
      ['per_page=100', all, 100],
      ['per_page=100&page=11', all, 100],
      [`per_page=100&page=${Math.ceil(all / 100)}`, all, all % 100 || 100],
      ['per_page=100&page=500', all, 0],
      ['query=bulk%20page&per_page=100', bulk, 100],
      ['query=bulk%20page&per_page=100&page=11', bulk, 100],
      ['query=bulk%20page&per_page=100&page=500', bulk, 0],
    ] as const) {
      const { answer } = await listText(query);
      expect([query, answer.total, answer.data.length]).toEqual([query, total, rows]);
      expect(answer.last_page, query).toBe(Math.ceil(total / 100));
    }
  });
});
