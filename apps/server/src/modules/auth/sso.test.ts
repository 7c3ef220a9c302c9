import { SSO_CALLBACK_PATH, SSO_MESSAGES, SSO_SETTINGS } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { ApiClient, setSetting } from '../../../test/harness.ts';
import {
  CookieJar,
  OIDC_CLIENT,
  startOidcProvider,
  type TestAccount,
} from '../../../test/oidc-provider.ts';
import { queryRows } from '../../db/client.ts';

const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
const provider = await startOidcProvider(server.url + SSO_CALLBACK_PATH);
afterAll(() => provider.close());

await setSetting(admin, SSO_SETTINGS.issuer, provider.issuer);
await setSetting(admin, SSO_SETTINGS.clientId, OIDC_CLIENT.id);
await setSetting(admin, SSO_SETTINGS.clientSecret, OIDC_CLIENT.secret);
await setSetting(admin, SSO_SETTINGS.buttonLabel, 'Corp');
await setSetting(admin, SSO_SETTINGS.roleClaim, 'groups');
await setSetting(
  admin,
  SSO_SETTINGS.roleMap,
  '{"fleet-editors":"editor","fleet-viewers":"viewer"}',
);

/**
 * A browser's single sign-on as `account`, redirect by redirect: the server's start, the
 * provider's authorization, its sign-in and consent pages, and the server's callback. `tamper`
 * may change the callback's address first. Answers the callback's answer and the browser's jar.
 */
async function signIn(account: TestAccount, tamper: (url: URL) => void = () => {}) {
  const { jar, callback } = await atCallback(account);
  tamper(callback);
  const { response: answer } = await jar.send(callback.href);
  return { answer, jar };
}

/** A sign-in taken up to the provider's redirect back to the server, not followed. */
async function atCallback(account: TestAccount) {
  provider.addAccount(account);
  const jar = new CookieJar();
  let url = `${server.url}/auth/sso`;
  let { response, text } = await jar.send(url);
  for (let hop = 0; hop < 12; hop += 1) {
    if (response.status === 200) {
      // The provider's own pages: its sign-in (the account's sub as the login), then its consent.
      const form: Record<string, string> = /name="login"/.test(text)
        ? { prompt: 'login', login: account.sub, password: 'any password' }
        : { prompt: 'consent' };
      ({ response, text } = await jar.send(url, form));
      continue;
    }
    url = new URL(response.headers.get('location')!, url).href;
    if (url.startsWith(server.url + SSO_CALLBACK_PATH)) return { jar, callback: new URL(url) };
    ({ response, text } = await jar.send(url));
  }
  throw new Error(`The sign-in did not come back to the server: ${response.status} ${url}`);
}

/** The API as the browser signed in by `jar`. */
function clientOf(jar: CookieJar) {
  const client = new ApiClient(server.url);
  const session = jar.cookies.get('sitefleet_session');
  client.cookie = session ? `sitefleet_session=${session}` : undefined;
  return client;
}

const rolesOf = async (email: string) =>
  (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT r.name FROM users u JOIN user_roles ur ON ur.user_id = u.id
          JOIN roles r ON r.id = ur.role_id WHERE u.email = ${email} ORDER BY r.name`,
    )
  ).map((row) => row.name);

describe('the sign-in options', () => {
  it('say single sign-on is on, with its label, and whether a password signs in', async () => {
    const options = await server.client().get('/api/auth/options');
    expect(options.body).toEqual({ sso: { enabled: true, label: 'Corp' }, local_login: true });
    const settings = await admin.get('/api/settings/fetch');
    expect(settings.body.sso).toEqual({ enabled: true, label: 'Corp' });
    expect(settings.body['app.name']).toBe('Sitefleet');
  });

  it('say it is off while the issuer is empty', async () => {
    await setSetting(admin, SSO_SETTINGS.issuer, '');
    onTestFinished(() => setSetting(admin, SSO_SETTINGS.issuer, provider.issuer));
    const options = await server.client().get('/api/auth/options');
    expect(options.body.sso.enabled).toBe(false);
    const start = await server.client().get('/auth/sso');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/login?sso_error=not_configured');
  });
});

describe('a single sign-on', () => {
  it('makes the user on first sign-in with the mapped role, and lands on the dashboard signed in', async () => {
    const subscription = await admin.post('/api/event-subscriptions', {
      url: 'https://hooks.example.com/users',
      events: ['user.created'],
    });
    onTestFinished(async () => {
      await admin.delete(`/api/event-subscriptions/${subscription.body.id}`);
    });
    const { answer, jar } = await signIn({
      sub: 'first-user',
      email: 'First.User@corp.example',
      email_verified: true,
      name: 'First User',
      groups: ['fleet-editors'],
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/admin/dashboard');
    const profile = await clientOf(jar).get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: 'First User', email: 'first.user@corp.example' });
    expect(await rolesOf('first.user@corp.example')).toEqual(['editor']);
    const audit = await admin.get('/api/audit-log?action=signed_in&query=First');
    expect(audit.body.data[0].details).toMatchObject({ method: 'sso', issuer: provider.issuer });
    // Its user.created event is stored for the subscription with the sign-in.
    const events = await queryRows<{ payload: { data: { email: string } } }>(
      db,
      sql`SELECT payload FROM event_deliveries WHERE subscription_id = ${subscription.body.id}`,
    );
    expect(events.map((event) => event.payload.data.email)).toEqual(['first.user@corp.example']);
  });

  it('follows the group claim at each sign-in: a user taken out of the group loses its role', async () => {
    const account = { sub: 'mover', email: 'mover@corp.example', email_verified: true };
    await signIn({ ...account, groups: ['fleet-editors'] });
    expect(await rolesOf('mover@corp.example')).toEqual(['editor']);
    await signIn({ ...account, groups: ['fleet-viewers'] });
    expect(await rolesOf('mover@corp.example')).toEqual(['viewer']);
    const { answer } = await signIn({ ...account, groups: [] });
    expect(answer.headers.get('location')).toBe('/admin/dashboard');
    expect(await rolesOf('mover@corp.example')).toEqual([]);
  });

  it('gives a new user whose claim maps to nothing the default role', async () => {
    await setSetting(admin, SSO_SETTINGS.defaultRole, 'viewer');
    onTestFinished(() => setSetting(admin, SSO_SETTINGS.defaultRole, ''));
    await signIn({ sub: 'plain', email: 'plain@corp.example', email_verified: true });
    expect(await rolesOf('plain@corp.example')).toEqual(['viewer']);
  });

  it('is refused when the state of the callback is not the one its start sealed', async () => {
    const { answer, jar } = await signIn(
      { sub: 'state', email: 'state@corp.example', email_verified: true },
      (url) => url.searchParams.set('state', 'forged-state'),
    );
    expect(answer.headers.get('location')).toBe('/login?sso_error=expired');
    expect(jar.cookies.has('sitefleet_session')).toBe(false);
    expect(await rolesOf('state@corp.example')).toEqual([]);
  });

  it('is refused when the ID token carries another nonce than the one its start sealed', async () => {
    const { jar: browser, callback } = await atCallback({
      sub: 'nonce-2',
      email: 'nonce2@corp.example',
      email_verified: true,
    });
    // The sealed flow is replaced by one of the same state and verifier but another nonce.
    const secrets = server.context.secrets;
    const flow = JSON.parse(
      secrets.open(decodeURIComponent(browser.cookies.get('sitefleet_sso')!)),
    );
    browser.cookies.set(
      'sitefleet_sso',
      encodeURIComponent(secrets.seal(JSON.stringify({ ...flow, nonce: 'another-nonce' }))),
    );
    const { response: refused } = await browser.send(callback.href);
    expect(refused.headers.get('location')).toBe('/login?sso_error=provider');
    expect(browser.cookies.has('sitefleet_session')).toBe(false);
    const users = await queryRows(db, sql`SELECT 1 FROM users WHERE email = 'nonce2@corp.example'`);
    expect(users).toEqual([]);
  });

  it('does not take over a local account when the provider does not say the e-mail is verified', async () => {
    const local = await server.userWithRoles(['editor'], 'local@corp.example');
    expect((await local.get('/api/profile')).status).toBe(200);
    const { answer, jar } = await signIn({
      sub: 'impostor',
      email: 'local@corp.example',
      email_verified: false,
    });
    expect(answer.headers.get('location')).toBe('/login?sso_error=unverified');
    expect(jar.cookies.has('sitefleet_session')).toBe(false);
    const linked = await queryRows(
      db,
      sql`SELECT 1 FROM user_identities WHERE subject = 'impostor'`,
    );
    expect(linked).toEqual([]);

    const verified = await signIn({
      sub: 'owner',
      email: 'local@corp.example',
      email_verified: true,
    });
    expect(verified.answer.headers.get('location')).toBe('/admin/dashboard');
    const profile = await clientOf(verified.jar).get('/api/profile');
    expect(profile.body.email).toBe('local@corp.example');
  });

  it('does not ask the second factor a password sign-in would: the provider has its own', async () => {
    const person = await server.userWithRoles(['editor'], 'two-factor@corp.example');
    expect((await person.get('/api/profile')).status).toBe(200);
    await db.execute(
      sql`INSERT INTO user_two_factor (user_id, secret, enabled_at)
          SELECT id, ${server.context.secrets.seal('JBSWY3DPEHPK3PXP')}, now() FROM users
          WHERE email = 'two-factor@corp.example'`,
    );
    const withPassword = await server
      .client()
      .post('/login', { email: 'two-factor@corp.example', password: 'password123' });
    expect(withPassword.body.two_factor).toBe('challenge');
    const { answer, jar } = await signIn({
      sub: 'two-factor',
      email: 'two-factor@corp.example',
      email_verified: true,
    });
    expect(answer.headers.get('location')).toBe('/admin/dashboard');
    expect((await clientOf(jar).get('/api/profile')).body.email).toBe('two-factor@corp.example');
  });

  it('takes what the provider says as the user form would: a NUL signs no one in, and never fails the server', async () => {
    const refused = await signIn({
      sub: 'nul-email',
      email: 'nul\u0000@corp.example',
      email_verified: true,
    });
    expect(refused.answer.status).toBe(302);
    expect(refused.answer.headers.get('location')).toBe('/login?sso_error=no_email');
    const long = await signIn({
      sub: 'x'.repeat(300),
      email: 'long-subject@corp.example',
      email_verified: true,
    });
    expect(long.answer.headers.get('location')).toBe('/login?sso_error=provider');
    const { answer, jar } = await signIn({
      sub: 'nul-name',
      email: 'nul-name@corp.example',
      email_verified: true,
      name: 'Nul\u0000Name',
    });
    expect(answer.headers.get('location')).toBe('/admin/dashboard');
    expect((await clientOf(jar).get('/api/profile')).body.name).toBe('NulName');
  });

  it('refuses an address outside the allowed domains', async () => {
    await setSetting(admin, SSO_SETTINGS.allowedDomains, 'corp.example, fleet.example');
    onTestFinished(() => setSetting(admin, SSO_SETTINGS.allowedDomains, ''));
    const { answer } = await signIn({
      sub: 'outsider',
      email: 'x@other.example',
      email_verified: true,
    });
    expect(answer.headers.get('location')).toBe('/login?sso_error=domain');
    const allowed = await signIn({
      sub: 'insider',
      email: 'y@fleet.example',
      email_verified: true,
    });
    expect(allowed.answer.headers.get('location')).toBe('/admin/dashboard');
  });
});

describe('password sign-in turned off', () => {
  it('leaves it to the super admins', async () => {
    const editor = await server.userWithRoles(['editor'], 'password-user@corp.example');
    expect((await editor.get('/api/profile')).status).toBe(200);
    await setSetting(admin, SSO_SETTINGS.localLogin, 'false');
    onTestFinished(() => setSetting(admin, SSO_SETTINGS.localLogin, 'true'));
    const refused = await server
      .client()
      .post('/login', { email: 'password-user@corp.example', password: 'password123' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SSO_MESSAGES.localLoginOff);
    expect((await server.admin()).cookie).toBeDefined();
    expect((await server.client().get('/api/auth/options')).body.local_login).toBe(false);
  });
});
