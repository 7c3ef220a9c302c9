import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../../test/harness.ts';
import { type Database, preparedRows, queryRows } from './client.ts';

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
