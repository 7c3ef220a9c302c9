import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { ADMIN, ApiClient, createTestDatabase, TEST_DB, waitFor } from './harness.ts';
import { processDataDir, startProcess } from './processes.ts';

/**
 * A server stopped by SIGTERM in the middle of a burst of page views writes every view it answered
 * 202 before it exits: the views waiting for their batch are written once the last request is
 * answered, before the pool closes.
 */

/** Senders posting page views one after another, each on its own connection. */
const SENDERS = 8;

const workDir = processDataDir('traffic-stop');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const postgres = TEST_DB === 'postgres' ? await createTestDatabase() : undefined;
afterAll(() => postgres?.close());

it(`writes every page view answered 202 when SIGTERM comes mid-burst (${TEST_DB})`, async () => {
  const server = startProcess('main', {
    ...(postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: workDir, DATABASE_URL: '' }),
    PORT: '0',
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    RUN_WORKERS: 'false',
    SHUTDOWN_TIMEOUT_SECONDS: '60',
  });
  onTestFinished(() => server.killHard());
  const [, url] = (await server.printed(/running at (http:\/\/\S+)/, 240_000)) as string[];
  const admin = new ApiClient(url!);
  await admin.login(ADMIN.email, ADMIN.password);
  const websites = await admin.get('/api/websites?per_page=1');
  const website = (await admin.get(`/api/websites/${websites.body.data[0].id}`)).body;
  const page = new URL('/burst', website.url).href;
  const body = JSON.stringify({ k: website.tracking_key, u: page });

  let taken = 0;
  let stopping = false;
  const sender = async () => {
    for (;;) {
      let status: number;
      try {
        const response = await fetch(`${url}/api/collect`, {
          method: 'POST',
          headers: {
            'content-type': 'text/plain',
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)',
          },
          body,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        // The process stopped listening: the burst is over for this sender.
        return;
      }
      if (status === 202) taken += 1;
      else if (!stopping) throw new Error(`A page view was answered ${status}`);
    }
  };
  const senders = Array.from({ length: SENDERS }, sender);
  // Views are written a second at a time: stop while some are taken and not written yet.
  await waitFor(async () => taken >= 500, { what: '500 page views taken', timeoutMs: 60_000 });
  stopping = true;
  server.child.kill('SIGTERM');
  await Promise.all(senders);
  expect(await server.exited).toBe(0);
  expect(taken).toBeGreaterThanOrEqual(500);

  const database: Database = postgres ?? (await openDatabase({ dataDir: workDir }));
  try {
    const [raw] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM traffic_events WHERE path = '/burst'`,
    );
    const [rolled] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT coalesce(sum(views), 0)::int AS n FROM traffic_pages WHERE path = '/burst'`,
    );
    expect({ raw: raw!.n, rolled: rolled!.n }).toEqual({ raw: taken, rolled: taken });
  } finally {
    if (!postgres) await database.close();
  }
}, 300_000);
