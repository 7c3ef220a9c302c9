import { Secret, TOTP } from 'otpauth';
import { type ApiClient, TEST_PASSWORD } from './harness.ts';

/**
 * The code an authenticator app shows for `secret`, `steps` 30-second steps from now. A code is
 * spent once used, so a test that signs in again asks for the next step's code (the server
 * accepts one step of drift either way).
 */
export const totpCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Turns two-factor sign-in on from the profile, as the user would with their app. */
export async function enableTwoFactor(client: ApiClient) {
  const setup = await client.post('/api/profile/two-factor/setup');
  if (setup.status !== 200) throw new Error(`Setup refused: ${JSON.stringify(setup.body)}`);
  const secret: string = setup.body.secret;
  const enabled = await client.post('/api/profile/two-factor/enable', { code: totpCode(secret) });
  if (enabled.status !== 200) throw new Error(`Enable refused: ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.recovery_codes as string[] };
}

/** The password step: its answer and the cookie of the pending second step, if one was opened. */
export async function passwordStep(client: ApiClient, email: string, password = TEST_PASSWORD) {
  const response = await client.post('/login', { email, password });
  const challenge = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sitefleet_two_factor='))
    ?.split(';')[0];
  return { response, challenge };
}

/** A call of the second step, carrying its cookie as the browser would (only under /login). */
export const withChallenge = (client: ApiClient, challenge: string | undefined) => ({
  post: (path: string, body?: unknown) =>
    client.post(path, body, { headers: challenge ? { cookie: challenge } : {} }),
});

/** Signs a fresh client in with a password then a code (or a recovery code). */
export async function signInWithSecondFactor(
  client: ApiClient,
  email: string,
  body: { code?: string; recovery_code?: string },
) {
  const { challenge } = await passwordStep(client, email);
  return withChallenge(client, challenge).post('/login/two-factor', body);
}
