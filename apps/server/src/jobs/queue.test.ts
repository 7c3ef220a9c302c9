import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, queryRows } from '../db/client.ts';
import { type JobQueue, QUEUES, startQueue } from './queue.ts';

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startQueue(database, { error: () => {} });
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const jobsOf = (variantId: number) =>
  queryRows<{ name: string; data: unknown; state: string; retry_limit: number }>(
    database.db,
    sql`SELECT name, data, state, retry_limit FROM pgboss.job
        WHERE (data->>'variantId')::int = ${variantId}`,
  );

describe('job queue', () => {
  it('creates its queues', async () => {
    const names = (await queue.boss.getQueues()).map((q) => q.name).sort();
    expect(names).toEqual(Object.values(QUEUES).sort());
  });

  it('inserts jobs inside the caller transaction, as inspectable rows', async () => {
    await database.db.transaction(async (tx) => {
      const queued = await queue.enqueue(tx, [
        {
          queue: QUEUES.websitePush,
          data: { kind: 'post', variantId: 101, version: 3, target: 'website' },
        },
      ]);
      expect(queued).toBe(1);
    });
    expect(await jobsOf(101)).toEqual([
      {
        name: QUEUES.websitePush,
        data: { kind: 'post', variantId: 101, version: 3, target: 'website' },
        state: 'created',
        retry_limit: 8,
      },
    ]);
  });

  it('leaves no job behind when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, [
          {
            queue: QUEUES.socialPublish,
            data: { kind: 'category', variantId: 202, version: 1, target: 'facebook' },
          },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOf(202)).toEqual([]);
  });

  it('queues thousands of jobs in one call', async () => {
    const jobs = Array.from({ length: 12_000 }, (_, i) => ({
      queue: QUEUES.regenerate,
      data: { kind: 'post' as const, variantId: 1_000_000 + i, version: 1, target: 'ai' as const },
    }));
    await database.db.transaction((tx) => queue.enqueue(tx, jobs));
    const [row] = await queryRows<{ total: number }>(
      database.db,
      sql`SELECT count(*)::int AS total FROM pgboss.job WHERE name = ${QUEUES.regenerate}`,
    );
    expect(row!.total).toBe(12_000);
  });
});
