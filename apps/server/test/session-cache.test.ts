import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { serverForFile } from './fixtures.ts';
import { setSetting, startTestServer, type TestServer } from './harness.ts';

// Sessions kept far longer than the test lasts, so that what the test sees depends on the writes
// alone, never on how fast the machine answers.
const server = await serverForFile({ SESSION_CACHE_SECONDS: '3600' });
const admin = await server.admin();
let users = 0;

/**
 * A signed-in editor whose session the server has read once, then ended in the database behind
 * the server's back, as another process or a person at the database would: the next request
 * tells whether the server read the session again.
 */
async function editorWithEndedSession(on: TestServer = server) {
  users += 1;
  const email = `kept${users}@example.com`;
  const editor = await on.userWithRoles(['editor'], email);
  expect((await editor.get('/api/profile')).status).toBe(200);
  await on.database.db.execute(
    sql`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
  );
  return editor;
}

describe('the sessions a server process keeps', () => {
  it('are kept through writes that change nobody’s access', async () => {
    const editor = await editorWithEndedSession();
    await setSetting(admin, 'app.name', 'Fleet one');
    const created = await admin.post('/api/saved-views', {
      list: 'posts',
      name: 'Kept sessions',
      query: 'status=1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await editor.get('/api/profile')).status).toBe(200);
  });

  it('are read again after any write to users, roles or sessions', async () => {
    const editor = await editorWithEndedSession();
    const role = await admin.post('/api/roles', { name: 'unused role', guard_name: 'web' });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    expect((await editor.get('/api/profile')).status).toBe(401);
  });

  it("are this server's own: another server's writes in the same process leave them be", async () => {
    const other = await startTestServer({ SESSION_CACHE_SECONDS: '3600' });
    onTestFinished(() => other.close());
    const editor = await editorWithEndedSession(other);
    const role = await admin.post('/api/roles', { name: 'elsewhere role', guard_name: 'web' });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    expect((await editor.get('/api/profile')).status).toBe(200);
  });

  it('are read on every request with SESSION_CACHE_SECONDS=0', async () => {
    const uncached = await startTestServer({ SESSION_CACHE_SECONDS: '0' });
    onTestFinished(() => uncached.close());
    const editor = await editorWithEndedSession(uncached);
    expect((await editor.get('/api/profile')).status).toBe(401);
  });
});
