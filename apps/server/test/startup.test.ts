import { rmSync } from 'node:fs';
import { MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, TEST_DB, type TestServer } from './harness.ts';
import { processDataDir, startProcess } from './processes.ts';

async function runMain(env: Record<string, string>) {
  const main = startProcess('main', { PORT: '0', LOG_LEVEL: 'silent', ...env });
  const code = await main.exited;
  return { code, output: main.output() };
}

// The checks run before any database opens: once is enough.
describe.runIf(TEST_DB === 'pglite')('start-up checks', () => {
  it('refuses to run in production with the demo admin password', async () => {
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(code).toBe(1);
    expect(output).toContain('ADMIN_PASSWORD is the default demo password');
  });

  it('refuses to run in production without a session secret', async () => {
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-real-password',
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(code).toBe(1);
    expect(output).toContain('SESSION_SECRET must be set in production');
  });

  it('refuses a read replica with the embedded database', async () => {
    const { code, output } = await runMain({
      DATABASE_URL: '',
      DATABASE_REPLICA_URL: 'postgres://127.0.0.1:5433/sitefleet',
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_REPLICA_URL: a read replica needs DATABASE_URL');
  });

  it('names the setting that is wrong', async () => {
    const { code, output } = await runMain({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });
});

describe.runIf(TEST_DB === 'pglite')('a server listening beyond the loopback address', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = processDataDir('host');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('warns at start that without PUBLIC_URL it answers any host name', async () => {
    const main = startProcess('main', {
      HOST: '0.0.0.0',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      RUN_WORKERS: 'false',
      WEB_DIST_DIR: '/nonexistent',
    });
    try {
      await main.printed(
        /HOST 0\.0\.0\.0 is not a loopback address and PUBLIC_URL is not set/,
        120_000,
      );
    } finally {
      await main.stop();
    }
  }, 180_000);
});

describe('unexpected failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answer 500 with a request id and nothing else', async () => {
    const client = server.client();
    await client.login(ADMIN.email, ADMIN.password);
    // The profile query reads this table: without it the query fails as a broken database would.
    await server.database.db.execute(sql`DROP TABLE user_avatars`);
    const response = await client.get('/api/profile');
    expect(response.status).toBe(500);
    expect(Object.keys(response.body).sort()).toEqual(['message', 'request_id']);
    expect(response.body.message).toBe(MESSAGES.serverError);
  });
});
