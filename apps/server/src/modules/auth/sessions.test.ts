import { type ActiveSession, SESSION_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { ApiClient, TEST_PASSWORD } from '../../../test/harness.ts';

const server = await serverForFile();
let userCount = 0;

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A client that sends the given browser's User-Agent, as that browser would. */
class BrowserClient extends ApiClient {
  constructor(
    baseUrl: string,
    readonly userAgent: string,
  ) {
    super(baseUrl);
  }
  override request<T = any>(
    method: string,
    path: string,
    options: Parameters<ApiClient['request']>[2] = {},
  ) {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'user-agent': this.userAgent, ...options.headers },
    });
  }
}

/** A new viewer signed in from two browsers. */
async function userOnTwoBrowsers() {
  userCount += 1;
  const email = `sessions${userCount}@example.com`;
  await server.userWithRoles(['viewer'], email);
  const firefox = new BrowserClient(server.url, FIREFOX_ON_WINDOWS);
  await firefox.login(email, TEST_PASSWORD);
  const chrome = new BrowserClient(server.url, CHROME_ON_LINUX);
  await chrome.login(email, TEST_PASSWORD);
  return { email, firefox, chrome };
}

const sessionsOf = async (client: ApiClient) =>
  (await client.get<ActiveSession[]>('/api/profile/sessions')).body;

describe('GET /api/profile/sessions', () => {
  it("lists the caller's active sessions with their browser and address, this one marked", async () => {
    const { firefox, chrome } = await userOnTwoBrowsers();
    const sessions = await sessionsOf(chrome);
    // The harness's own sign-in, then Firefox and Chrome.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome on Linux', ip_address: '127.0.0.1' });
    expect(sessions.map((session) => session.browser)).toContain('Firefox on Windows');
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{64}$/);
      expect(Number.isNaN(Date.parse(session.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(session.last_seen_at))).toBe(false);
    }
    // Another user's sessions never show.
    const adminSessions = await sessionsOf(await server.admin());
    const ids = new Set(sessions.map((session) => session.id));
    expect(adminSessions.some((session) => ids.has(session.id))).toBe(false);
    expect((await sessionsOf(firefox)).find((s) => s.current)?.browser).toBe('Firefox on Windows');
  });

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/profile/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/profile/sessions/{id}', () => {
  it('signs out that session on its next request, and no other', async () => {
    const { firefox, chrome } = await userOnTwoBrowsers();
    const target = (await sessionsOf(firefox)).find((session) => session.current)!;
    expect((await firefox.get('/api/profile')).status).toBe(200);
    const response = await chrome.delete(`/api/profile/sessions/${target.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SESSION_MESSAGES.signedOut });
    expect((await firefox.get('/api/profile')).status).toBe(401);
    expect((await chrome.get('/api/profile')).status).toBe(200);
    expect((await sessionsOf(chrome)).map((s) => s.id)).not.toContain(target.id);
  });

  it("answers 404 for another user's session, which stays, and 422 for a malformed id", async () => {
    const { chrome } = await userOnTwoBrowsers();
    const admin = await server.admin();
    const adminSession = (await sessionsOf(admin)).find((session) => session.current)!;
    const response = await chrome.delete(`/api/profile/sessions/${adminSession.id}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(SESSION_MESSAGES.unknownSession);
    expect((await admin.get('/api/profile')).status).toBe(200);
    const malformed = await chrome.delete('/api/profile/sessions/not-a-session');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: [SESSION_MESSAGES.unknownSession] });
  });

  it('ends the current session too, clearing its cookie', async () => {
    const { chrome } = await userOnTwoBrowsers();
    const own = (await sessionsOf(chrome)).find((session) => session.current)!;
    const response = await chrome.delete(`/api/profile/sessions/${own.id}`);
    expect(response.status).toBe(200);
    expect(chrome.cookie).toBeUndefined();
  });
});

describe('POST /api/profile/sessions/sign-out-others', () => {
  it('signs out every other session and keeps this one', async () => {
    const { firefox, chrome } = await userOnTwoBrowsers();
    const response = await chrome.post('/api/profile/sessions/sign-out-others');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SESSION_MESSAGES.othersSignedOut(2), count: 2 });
    expect((await firefox.get('/api/profile')).status).toBe(401);
    expect((await sessionsOf(chrome)).map((s) => s.current)).toEqual([true]);
    const none = await chrome.post('/api/profile/sessions/sign-out-others');
    expect(none.body).toEqual({ message: SESSION_MESSAGES.othersSignedOut(0), count: 0 });
  });
});

describe('DELETE /api/users/{id}/sessions', () => {
  const idOf = async (client: ApiClient) => (await client.get('/api/profile')).body.id as number;

  it("lets an administrator sign a user out everywhere, on that user's next request", async () => {
    const { firefox, chrome } = await userOnTwoBrowsers();
    const admin = await server.admin();
    const response = await admin.delete(`/api/users/${await idOf(chrome)}/sessions`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SESSION_MESSAGES.userSignedOut(3), count: 3 });
    expect((await chrome.get('/api/profile')).status).toBe(401);
    expect((await firefox.get('/api/profile')).status).toBe(401);
  });

  it("spares the caller's own session when they sign themself out everywhere", async () => {
    const admin = await server.admin();
    const elsewhere = await server.admin();
    const response = await admin.delete(`/api/users/${await idOf(admin)}/sessions`);
    expect(response.status).toBe(200);
    expect((await admin.get('/api/profile')).status).toBe(200);
    expect((await elsewhere.get('/api/profile')).status).toBe(401);
  });

  it('needs user-update, a user who exists, and no user above the caller', async () => {
    const { chrome } = await userOnTwoBrowsers();
    const id = await idOf(chrome);
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete(`/api/users/${id}/sessions`)).status).toBe(403);
    expect((await server.client().delete(`/api/users/${id}/sessions`)).status).toBe(401);
    expect((await chrome.get('/api/profile')).status).toBe(200);
    expect((await (await server.admin()).delete('/api/users/999999/sessions')).status).toBe(404);
    // An editor given user-update still cannot sign out the super admin.
    const admin = await server.admin();
    const superAdmin = await idOf(admin);
    const manager = await server.userWithRoles(['editor']);
    const role = (await admin.get('/api/roles/all')).body.find(
      (r: { name: string }) => r.name === 'editor',
    );
    const permissions = (await admin.get('/api/permissions?query=user-update')).body.data;
    await admin.patch(`/api/roles/${role.id}/assign-permissions`, {
      permissionsids: [permissions.find((p: { name: string }) => p.name === 'user-update').id],
    });
    const refused = await manager.delete(`/api/users/${superAdmin}/sessions`);
    expect([403, 422]).toContain(refused.status);
    expect((await admin.get('/api/profile')).status).toBe(200);
  });
});
