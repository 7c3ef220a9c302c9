import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../../test/harness.ts';
import { type Database, preparedRows, queryRows, writtenOut } from './client.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const planMode = sql`SELECT current_setting('plan_cache_mode') AS mode`;

describe('prepared reads', () => {
  it.runIf(TEST_DB === 'postgres')(
    'keep one generic plan on their own connections, and leave every other statement to choose',
    async () => {
      const [prepared] = await preparedRows<{ mode: string }>(database.db, planMode);
      const [other] = await queryRows<{ mode: string }>(database.db, planMode);
      expect(prepared?.mode).toBe('force_generic_plan');
      expect(other?.mode).toBe('auto');
      const inTransaction = await database.db.transaction((tx) =>
        preparedRows<{ mode: string }>(tx, planMode),
      );
      expect(inTransaction[0]?.mode).toBe('auto');
    },
  );

  it('answer the same rows as any other statement', async () => {
    const ids = sql`SELECT g AS id FROM generate_series(1, 3) g WHERE g >= ${2}`;
    expect(await preparedRows(database.db, ids)).toEqual(await queryRows(database.db, ids));
  });
});

describe('a part written out once', () => {
  const dialect = new PgDialect();
  const part = sql`SELECT g AS id, ${'a'}::text || g AS name FROM generate_series(1, ${3}) g
                   WHERE g <> ${2}`;

  it('writes the same text with the same values inside another statement', () => {
    const around = (inner: typeof part) =>
      sql`SELECT * FROM (${inner}) found WHERE found.id >= ${1} ORDER BY found.id`;
    expect(dialect.sqlToQuery(around(writtenOut(part)))).toEqual(dialect.sqlToQuery(around(part)));
  });

  it('refuses a text that holds a dollar and digits of its own', () => {
    expect(() => writtenOut(sql`SELECT '$1' || ${'a'}::text AS price`)).toThrow(
      'Not a statement to write out',
    );
  });

  it('answers the rows the part answers', async () => {
    expect(await queryRows(database.db, writtenOut(part))).toEqual([
      { id: 1, name: 'a1' },
      { id: 3, name: 'a3' },
    ]);
  });
});
