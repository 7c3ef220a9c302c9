import { MESSAGES, PROFILE_MESSAGES, TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { TEST_PASSWORD } from '../../../test/harness.ts';
import {
  enableTwoFactor,
  passwordStep,
  signInWithSecondFactor,
  totpCode,
  withChallenge,
} from '../../../test/two-factor.ts';
import { queryRows } from '../../db/client.ts';
import { MAX_LOGIN_FAILURES } from './throttle.ts';

const server = await serverForFile();
let userCount = 0;

/** A new viewer, signed in, with their e-mail. */
async function newUser() {
  userCount += 1;
  const email = `twofactor${userCount}@example.com`;
  return { client: await server.userWithRoles(['viewer'], email), email };
}

const RECOVERY_CODE = /^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/;

describe('turning two-factor sign-in on from the profile', () => {
  it('shows a QR code of an otpauth URI, confirms a code, and answers 8 recovery codes once', async () => {
    const { client, email } = await newUser();
    expect((await client.get('/api/profile/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = await client.post('/api/profile/two-factor/setup');
    expect(setup.status).toBe(200);
    const uri = new URL(setup.body.otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Sitefleet:${email}`);
    expect(uri.searchParams.get('secret')).toBe(setup.body.secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    // Not on until a code confirms the secret.
    expect((await client.get('/api/profile/two-factor')).body.enabled).toBe(false);

    const wrong = await client.post('/api/profile/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });

    const enabled = await client.post('/api/profile/two-factor/enable', {
      code: totpCode(setup.body.secret),
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(TWO_FACTOR_MESSAGES.enabled);
    expect(enabled.body.recovery_codes).toHaveLength(8);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(RECOVERY_CODE);
    expect((await client.get('/api/profile/two-factor')).body).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 8,
    });
    const again = await client.post('/api/profile/two-factor/setup');
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.alreadyEnabled] });
  });

  it('stores the secret sealed and the recovery codes as digests', async () => {
    const { client, email } = await newUser();
    const { secret, recoveryCodes } = await enableTwoFactor(client);
    const [stored] = await queryRows<{ secret: string; codes: string[] }>(
      server.database.db,
      sql`SELECT t.secret, array_agg(c.code_hash) AS codes FROM user_two_factor t
          JOIN users u ON u.id = t.user_id JOIN user_recovery_codes c ON c.user_id = u.id
          WHERE u.email = ${email} GROUP BY t.secret`,
    );
    expect(stored!.secret).toMatch(/^v1:/);
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.codes).toHaveLength(8);
    for (const code of recoveryCodes) {
      expect(stored!.codes.join(' ')).not.toContain(code.replace(/-/g, ''));
    }
  });

  it('refuses a code before any setup, and a malformed code per field', async () => {
    const { client } = await newUser();
    const early = await client.post('/api/profile/two-factor/enable', { code: '123456' });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.notSetUp] });
    const letters = await client.post('/api/profile/two-factor/enable', { code: 'abcdef' });
    expect(letters.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const missing = await client.post('/api/profile/two-factor/enable', {});
    expect(missing.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
  });

  it('ends the other sessions and keeps this one', async () => {
    const { client, email } = await newUser();
    const other = server.client();
    await other.login(email, TEST_PASSWORD);
    await enableTwoFactor(client);
    expect((await other.get('/api/profile')).status).toBe(401);
    expect((await client.get('/api/profile')).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    for (const path of ['/api/profile/two-factor/setup', '/api/profile/two-factor/enable']) {
      expect((await server.client().post(path, { code: '123456' })).status).toBe(401);
    }
    expect((await server.client().get('/api/profile/two-factor')).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password, with no session until the code is right', async () => {
    const { client: first, email } = await newUser();
    const { secret } = await enableTwoFactor(first);
    const client = server.client();
    const { response, challenge } = await passwordStep(client, email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: TWO_FACTOR_MESSAGES.challenge,
      two_factor: 'challenge',
    });
    expect(challenge).toBeDefined();
    expect(client.cookie).toBeUndefined();
    const challengeCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('sitefleet_two_factor='))!;
    expect(challengeCookie).toMatch(/HttpOnly/i);
    expect(challengeCookie).toMatch(/Path=\/login/);
    // The challenge is no session.
    const riding = server.client();
    expect((await riding.get('/api/profile', { headers: { cookie: challenge! } })).status).toBe(
      401,
    );

    const step = withChallenge(client, challenge);
    const wrong = await step.post('/login/two-factor', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    expect(client.cookie).toBeUndefined();

    const right = await step.post('/login/two-factor', { code: totpCode(secret, 1) });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(email);
    expect(right.body.recovery_codes).toBeUndefined();
    expect((await client.get('/api/profile')).body.email).toBe(email);
    // The challenge is spent with the sign-in.
    const replay = await withChallenge(server.client(), challenge).post('/login/two-factor', {
      code: totpCode(secret, 1),
    });
    expect(replay.status).toBe(401);
  });

  it('takes each code once: an overheard code cannot sign in again', async () => {
    const { client: first, email } = await newUser();
    const { secret } = await enableTwoFactor(first);
    const code = totpCode(secret, 1);
    expect((await signInWithSecondFactor(server.client(), email, { code })).status).toBe(200);
    const again = await signInWithSecondFactor(server.client(), email, { code });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
  });

  it('takes a recovery code, in any case and without dashes, once', async () => {
    const { client: first, email } = await newUser();
    const { recoveryCodes } = await enableTwoFactor(first);
    const [code, other] = recoveryCodes;
    const client = server.client();
    const used = await signInWithSecondFactor(client, email, {
      recovery_code: code!.replace(/-/g, '').toLowerCase(),
    });
    expect(used.status).toBe(200);
    expect((await client.get('/api/profile/two-factor')).body.recovery_codes_left).toBe(7);
    const reused = await signInWithSecondFactor(server.client(), email, { recovery_code: code });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({
      recovery_code: [TWO_FACTOR_MESSAGES.recoveryCodeInvalid],
    });
    expect(
      (await signInWithSecondFactor(server.client(), email, { recovery_code: other })).status,
    ).toBe(200);
  });

  it(`throttles the code step after ${MAX_LOGIN_FAILURES} wrong codes, across new sign-ins`, async () => {
    const { client: first, email } = await newUser();
    const { secret } = await enableTwoFactor(first);
    const client = server.client();
    const { challenge } = await passwordStep(client, email);
    const step = withChallenge(client, challenge);
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      expect((await step.post('/login/two-factor', { code: '000000' })).status).toBe(422);
    }
    const blocked = await step.post('/login/two-factor', { code: totpCode(secret, 1) });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(blocked.body.message).toBe(MESSAGES.throttled(retryAfter));
    // Starting the sign-in again does not give new guesses.
    const restarted = await signInWithSecondFactor(server.client(), email, {
      code: totpCode(secret, 1),
    });
    expect(restarted.status).toBe(429);
    const recovery = await signInWithSecondFactor(server.client(), email, {
      recovery_code: 'AAAA-AAAA-AAAA-AAAA',
    });
    expect(recovery.status).toBe(429);
  });

  it('needs a pending challenge and exactly one kind of code', async () => {
    const none = await server.client().post('/login/two-factor', { code: '123456' });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const forged = await withChallenge(server.client(), 'sitefleet_two_factor=forged').post(
      '/login/two-factor',
      { code: '123456' },
    );
    expect(forged.status).toBe(401);
    const both = await server
      .client()
      .post('/login/two-factor', { code: '123456', recovery_code: 'AAAA' });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.oneOfCodes] });
    const extra = await server.client().post('/login/two-factor', { code: '123456', user: 1 });
    expect(extra.body.errors).toEqual({ user: [MESSAGES.unknownField('user')] });
  });

  it('still refuses a wrong password before any second step', async () => {
    const { client: first, email } = await newUser();
    await enableTwoFactor(first);
    const { response, challenge } = await passwordStep(server.client(), email, 'wrong-password');
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(MESSAGES.invalidCredentials);
    expect(challenge).toBeUndefined();
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the current password, ends the other sessions, and sign-in asks no code again', async () => {
    const { client, email } = await newUser();
    const { secret } = await enableTwoFactor(client);
    const other = server.client();
    expect((await signInWithSecondFactor(other, email, { code: totpCode(secret, 1) })).status).toBe(
      200,
    );
    const wrong = await client.post('/api/profile/two-factor/disable', {
      currentPassword: 'not-my-password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      currentPassword: [PROFILE_MESSAGES.currentPasswordWrong],
    });
    const off = await client.post('/api/profile/two-factor/disable', {
      currentPassword: TEST_PASSWORD,
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect((await other.get('/api/profile')).status).toBe(401);
    expect((await client.get('/api/profile')).status).toBe(200);
    const plain = await server.client().login(email, TEST_PASSWORD);
    expect(plain.body.user.email).toBe(email);
    const notOn = await client.post('/api/profile/two-factor/disable', {
      currentPassword: TEST_PASSWORD,
    });
    expect(notOn.body.errors).toEqual({ currentPassword: [TWO_FACTOR_MESSAGES.notEnabled] });
  });
});

describe('new recovery codes from the profile', () => {
  const REGENERATE = '/api/profile/two-factor/recovery-codes';

  it('asks the password or a code, answers 8 new codes once, and the old ones stop working', async () => {
    const { client, email } = await newUser();
    const { secret, recoveryCodes: old } = await enableTwoFactor(client);
    const other = server.client();
    await signInWithSecondFactor(other, email, { recovery_code: old[0]! });
    expect((await other.get('/api/profile')).status).toBe(200);

    const byPassword = await client.post(REGENERATE, { currentPassword: TEST_PASSWORD });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodesRegenerated);
    expect(byPassword.body.recovery_codes).toHaveLength(8);
    for (const code of byPassword.body.recovery_codes) expect(code).toMatch(RECOVERY_CODE);
    expect(byPassword.body.recovery_codes).not.toContain(old[1]);
    expect((await client.get('/api/profile/two-factor')).body.recovery_codes_left).toBe(8);
    // The other sessions end; the old codes no longer sign in, the new ones do.
    expect((await other.get('/api/profile')).status).toBe(401);
    const withOld = await signInWithSecondFactor(server.client(), email, {
      recovery_code: old[1]!,
    });
    expect(withOld.status).toBe(422);
    const fresh: string[] = byPassword.body.recovery_codes;
    const withNew = await signInWithSecondFactor(server.client(), email, {
      recovery_code: fresh[0]!,
    });
    expect(withNew.status).toBe(200);

    const byCode = await client.post(REGENERATE, { code: totpCode(secret, 1) });
    expect(byCode.status).toBe(200);
    expect(byCode.body.recovery_codes).not.toContain(fresh[1]);
  });

  it('refuses a wrong password or code, both or neither, and a user without two-factor', async () => {
    const { client } = await newUser();
    const off = await client.post(REGENERATE, { currentPassword: TEST_PASSWORD });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({ currentPassword: [TWO_FACTOR_MESSAGES.notEnabled] });

    await enableTwoFactor(client);
    const before = (await client.get('/api/profile/two-factor')).body.recovery_codes_left;
    const wrongPassword = await client.post(REGENERATE, { currentPassword: 'not-the-password' });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors).toEqual({
      currentPassword: [PROFILE_MESSAGES.currentPasswordWrong],
    });
    const wrongCode = await client.post(REGENERATE, { code: '000000' });
    expect(wrongCode.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    for (const body of [{}, { currentPassword: TEST_PASSWORD, code: '123456' }]) {
      const answer = await client.post(REGENERATE, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ currentPassword: [TWO_FACTOR_MESSAGES.passwordOrCode] });
    }
    expect((await client.get('/api/profile/two-factor')).body.recovery_codes_left).toBe(before);
    expect((await server.client().post(REGENERATE, { currentPassword: 'x' })).status).toBe(401);
  });
});

describe('the users list', () => {
  it('shows who has two-factor sign-in on', async () => {
    const on = await newUser();
    await enableTwoFactor(on.client);
    const pending = await newUser();
    await pending.client.post('/api/profile/two-factor/setup');
    const admin = await server.admin();
    const rows = (await admin.get('/api/users?query=twofactor&per_page=100')).body.data as {
      email: string;
      two_factor_enabled: boolean;
    }[];
    const byEmail = new Map(rows.map((row) => [row.email, row.two_factor_enabled]));
    expect(byEmail.get(on.email)).toBe(true);
    // Set up but never confirmed is not on.
    expect(byEmail.get(pending.email)).toBe(false);
  });
});
