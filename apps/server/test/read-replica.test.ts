import * as contract from '@sitefleet/contract';
import { type auditLogResource, type Readiness, standardRoutes } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createWebsite } from './fixtures.ts';
import {
  type ApiClient,
  startTestServer,
  TEST_DB,
  type TestServer,
  TokenClient,
  waitFor,
} from './harness.ts';
import {
  makeReplicatedCluster,
  type ReplicatedCluster,
  replicationUnavailable,
} from './replicated-cluster.ts';

// A real primary and streaming standby, of the tests' PostgreSQL installation: PGlite has none.
const unavailable = TEST_DB === 'postgres' ? await replicationUnavailable() : 'PostgreSQL only';
if (unavailable && TEST_DB === 'postgres' && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error(`REQUIRE_POSTGRES is set but no replicated cluster can be made: ${unavailable}`);
}
if (unavailable) console.warn(`Read replica tests skipped: ${unavailable}`);

const MAX_LAG_SECONDS = 3;
const DATABASE = 'sitefleet';

describe.skipIf(unavailable)('a read replica', () => {
  let cluster: ReplicatedCluster | undefined;
  let server: TestServer;
  let admin: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    cluster = await makeReplicatedCluster();
    await onPrimary(`CREATE DATABASE ${DATABASE}`);
    const database = await openDatabase({
      url: cluster.primaryUrl(DATABASE),
      replicaUrl: cluster.url(DATABASE),
      poolSize: 5,
    });
    await database.migrate();
    server = await startTestServer(
      { REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS) },
      { database: { ...database, url: cluster.primaryUrl(DATABASE) } },
    );
    admin = await server.admin();
    viewer = await server.userWithRoles(['viewer']);
  });

  afterAll(async () => {
    await server?.close();
    await cluster?.remove();
  });

  async function onPrimary(statement: string) {
    const client = new pg.Client({ connectionString: cluster!.primaryUrl('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** The standby's clock now, from which its statements are counted. */
  const replicaNow = async () =>
    (await cluster!.query<{ now: string }>('SELECT clock_timestamp()::text AS now'))[0]!.now;

  /** The server's statements on the replica since `since`: those on `table`, or any. */
  async function replicaStatements(since: string, table = '') {
    const [row] = await cluster!.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE application_name = 'sitefleet-reads' AND query_start >= $1::timestamptz
         AND query ~* $2`,
      [since, table ? `\\m${table}\\M` : '.'],
    );
    return row!.count;
  }

  async function readiness() {
    const response = await server.client().get<Readiness>('/readyz');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
    return response.body.checks.replica;
  }

  const replicaIs = (state: string) =>
    waitFor(async () => (await readiness()) === state, { what: `the replica ${state}` });

  /** Ends, on the primary, the window of the sessions' starts (whose position is unknown). */
  const ageSessions = () =>
    server.database.db.execute(
      sql`UPDATE sessions SET last_write_at = last_write_at - interval '1 hour'`,
    );

  it('reads a new session from the primary for a moment, then from the replica', async () => {
    await replicaIs('ok');
    // A session's start stands for a write whose position is not known: its reads stay on the
    // primary for REPLICA_READ_AFTER_WRITE_SECONDS (5 by default).
    const fresh = await server.admin();
    let since = await replicaNow();
    expect((await fresh.get('/api/audit-log')).status).toBe(200);
    expect(await replicaStatements(since, 'audit_log')).toBe(0);

    await ageSessions();
    since = await replicaNow();
    expect((await fresh.get('/api/audit-log')).status).toBe(200);
    expect(await replicaStatements(since, 'audit_log')).toBeGreaterThan(0);
  });

  it('answers every list, export, search and dashboard figure from the replica', async () => {
    await ageSessions();
    const standard = Object.values(contract)
      .filter((value): value is typeof auditLogResource => {
        const resource = value as { path?: unknown; noun?: unknown; list?: unknown };
        return typeof resource.path === 'string' && !!resource.noun && !!resource.list;
      })
      .flatMap((resource) => standardRoutes(resource))
      .filter((route) => route.operation === 'list' || route.operation === 'export')
      .map((route) => route.url);
    const dashboard = server.app.registeredRoutes
      .filter((route) => /^\/api\/(stats|details)\//.test(route.url) && !route.url.includes(':'))
      .map((route) => route.url);
    const urls = [
      ...standard,
      ...dashboard,
      '/api/deliveries',
      '/api/deliveries/export',
      '/api/delivery-health',
      '/api/search?query=site',
    ];
    const queries: Record<string, string> = {
      '/api/saved-views': '?list=websites',
      '/api/stats/review-stages': '?kind=post',
    };
    expect(urls.length).toBeGreaterThan(25);
    for (const url of urls) {
      const since = await replicaNow();
      const response = await admin.get(url + (queries[url] ?? ''));
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(await replicaStatements(since), url).toBeGreaterThan(0);
    }
  });

  it('reads a session its own write at once, while the replica has not replayed it', async () => {
    await ageSessions();
    await replicaIs('ok');
    await cluster!.query('SELECT pg_wal_replay_pause()');
    try {
      const { name } = await createWebsite(admin, { name: 'Written just now' });
      const since = await replicaNow();
      const own = await admin.get('/api/websites?query=Written%20just%20now');
      expect(own.body.data.map((row: { name: string }) => row.name)).toEqual([name]);
      expect(await replicaStatements(since)).toBe(0);
      const onReplica = await cluster!.query(
        'SELECT name FROM websites WHERE name = $1',
        [name],
        DATABASE,
      );
      expect(onReplica).toEqual([]);
      // A script with an API token has no session to record its write on: it reads the primary.
      const made = await admin.post('/api/tokens', {
        name: 'Replica script',
        abilities: ['website-list', 'website-create'],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const script = new TokenClient(server.url, made.body.token);
      const scripted = await createWebsite(script, { name: 'Written by a script' });
      const scriptSince = await replicaNow();
      const scriptReads = await script.get('/api/websites?query=Written%20by%20a%20script');
      expect(scriptReads.body.data.map((row: { id: number }) => row.id)).toEqual([scripted.id]);
      expect(await replicaStatements(scriptSince)).toBe(0);

      // Another session, which wrote nothing, reads the replica: a moment behind.
      const otherSince = await replicaNow();
      const other = await viewer.get('/api/websites?query=Written%20just%20now');
      expect(other.body.data).toEqual([]);
      expect(await replicaStatements(otherSince, 'websites')).toBeGreaterThan(0);
      expect(await readiness()).toBe('ok');

      // Kept paused, the replica falls further behind than allowed: everyone reads the primary.
      await replicaIs('lagging');
      const lateSince = await replicaNow();
      const late = await viewer.get('/api/websites?query=Written%20just%20now');
      expect(late.body.data.map((row: { name: string }) => row.name)).toEqual([name]);
      expect(await replicaStatements(lateSince)).toBe(0);
    } finally {
      await cluster!.query('SELECT pg_wal_replay_resume()');
    }
    await replicaIs('ok');
    // Once the replica has replayed the write, the session reads from it again.
    await waitFor(
      async () => {
        const since = await replicaNow();
        const response = await admin.get('/api/websites?query=Written%20just%20now');
        return response.body.data.length === 1 && (await replicaStatements(since, 'websites')) > 0;
      },
      { what: "the session's read on the replica" },
    );
  });

  it('reads from the primary while the replica is down, and /readyz says so', async () => {
    await ageSessions();
    await cluster!.stop();
    const reads = {
      admin: ['/api/websites', '/api/audit-log', '/api/audit-log/export', '/api/stats/websites'],
      viewer: ['/api/websites', '/api/stats/websites', '/api/search?query=site'],
    };
    for (const [client, urls] of [
      [admin, reads.admin],
      [viewer, reads.viewer],
    ] as const) {
      for (const url of urls) {
        const response = await client.get(url);
        expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      }
    }
    await replicaIs('unreachable');

    await cluster!.start();
    await replicaIs('ok');
  });
});
