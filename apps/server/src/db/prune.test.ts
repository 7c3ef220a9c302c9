import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, queryRows } from './client.ts';
import { PRUNE_BATCH, pruneBefore } from './prune.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('deletes every row before the cutoff over several batches, and none after it', async () => {
  const old = PRUNE_BATCH + 3;
  await database.db.execute(
    sql`INSERT INTO events (type, data, created_at)
        SELECT 'delivery', '{}'::jsonb, now() - interval '2 days' - g * interval '1 second'
        FROM generate_series(1, ${old}) g`,
  );
  await database.db.execute(
    sql`INSERT INTO events (type, data) SELECT 'delivery', '{}'::jsonb FROM generate_series(1, 2)`,
  );
  const cutoff = sql`now() - interval '1 day'`;
  expect(await pruneBefore(database.db, 'events', 'created_at', cutoff)).toBe(old);
  const [left] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM events`,
  );
  expect(left?.n).toBe(2);
});
