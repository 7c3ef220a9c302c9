import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, TEST_DB, type TestServer } from './harness.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverRoot,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
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

  it('names the setting that is wrong', async () => {
    const { code, output } = await runMain({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });
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
