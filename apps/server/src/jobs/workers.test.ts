import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../../test/fixtures.ts';
import { waitFor } from '../../test/harness.ts';
import { queryRows } from '../db/client.ts';
import { JOB_HANDLERS } from '../pipeline/handlers.ts';
import { QUEUES } from './queue.ts';
import { startWorkers } from './workers.ts';

/**
 * A job that throws is a failed try, whatever it throws: an error whose message holds a NUL (an
 * outside answer's) and that carries a failed query's parameters is kept as its message alone,
 * without the NUL, so that the queue can store it.
 */
const server = await serverForFile({ JOB_RETRY_LIMIT: '0', QUEUE_POLL_SECONDS: '0.5' });
const logged: unknown[] = [];
const stopWorkers = await startWorkers(
  {
    ...server.context,
    log: { error: () => {}, info: () => {}, warn: (entry: unknown) => logged.push(entry) },
  },
  {
    ...JOB_HANDLERS,
    [QUEUES.websitePush]: async () => {
      throw Object.assign(new Error('HTTP 500: bad\0raw'), { params: ['bad\0raw'] });
    },
  },
);
afterAll(stopWorkers);

describe('a job that throws an error holding a NUL', () => {
  it('fails with the message without the NUL, and is logged', async () => {
    await server.database.db.transaction((tx) =>
      server.context.queue.enqueue(tx, [
        {
          queue: QUEUES.websitePush,
          data: { kind: 'post', variantId: 7001, version: 1, target: 'website' },
        },
      ]),
    );
    const [job] = await waitFor(
      async () => {
        const rows = await queryRows<{ state: string; output: { message?: string } }>(
          server.database.db,
          sql`SELECT state, output FROM pgboss.job
              WHERE name = ${QUEUES.websitePush} AND (data->>'variantId')::int = 7001
                AND state = 'failed'`,
        );
        return rows.length > 0 && rows;
      },
      { what: 'the job failed' },
    );
    expect(job!.output.message).toBe('HTTP 500: badraw');
    expect(logged).toHaveLength(1);
  });
});
