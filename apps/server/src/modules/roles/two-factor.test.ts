import { ROLE_MESSAGES, TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { TEST_PASSWORD } from '../../../test/harness.ts';
import {
  passwordStep,
  signInWithSecondFactor,
  totpCode,
  withChallenge,
} from '../../../test/two-factor.ts';

const server = await serverForFile();
const admin = await server.admin();

let roleCount = 0;
/** A new role with one signed-in user, and that user's e-mail. */
async function roleWithUser() {
  roleCount += 1;
  const role = await admin.post('/api/roles', { name: `guarded ${roleCount}` });
  expect(role.status).toBe(201);
  const email = `guarded${roleCount}@example.com`;
  const user = await server.userWithRoles([role.body.name], email);
  return { roleId: role.body.id as number, user, email };
}

const requireTwoFactor = (roleId: number, required: boolean, client = admin) =>
  client.put(`/api/roles/${roleId}/two-factor`, { required });

describe('a role that requires two-factor sign-in', () => {
  it('is set and read by the role id', async () => {
    const { roleId } = await roleWithUser();
    expect((await admin.get(`/api/roles/${roleId}/two-factor`)).body).toEqual({ required: false });
    const on = await requireTwoFactor(roleId, true);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: TWO_FACTOR_MESSAGES.roleRequired(true), required: true });
    expect((await admin.get(`/api/roles/${roleId}/two-factor`)).body).toEqual({ required: true });
    const off = await requireTwoFactor(roleId, false);
    expect(off.body).toEqual({ message: TWO_FACTOR_MESSAGES.roleRequired(false), required: false });
  });

  it('walks its users through the setup at their next sign-in, before any session', async () => {
    const { roleId, user, email } = await roleWithUser();
    await requireTwoFactor(roleId, true);
    // The user had no second factor: their session ended, so the setup comes at once.
    expect((await user.get('/api/profile')).status).toBe(401);

    const client = server.client();
    const { response, challenge } = await passwordStep(client, email);
    expect(response.body).toEqual({
      message: TWO_FACTOR_MESSAGES.setupRequired,
      two_factor: 'setup',
    });
    expect(client.cookie).toBeUndefined();
    const step = withChallenge(client, challenge);
    const setup = await step.post('/login/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    const wrong = await step.post('/login/two-factor', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeInvalid] });
    const recovery = await step.post('/login/two-factor', { recovery_code: 'AAAA-AAAA' });
    expect(recovery.body.errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    expect(client.cookie).toBeUndefined();

    const done = await step.post('/login/two-factor', { code: totpCode(setup.body.secret) });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
    expect(done.body.recovery_codes).toHaveLength(8);
    expect((await client.get('/api/profile/two-factor')).body).toEqual({
      enabled: true,
      required: true,
      recovery_codes_left: 8,
    });
    // From now on the sign-in asks for a code, and the user cannot turn it off.
    expect((await passwordStep(server.client(), email)).response.body.two_factor).toBe('challenge');
    const next = await signInWithSecondFactor(server.client(), email, {
      code: totpCode(setup.body.secret, 1),
    });
    expect(next.status).toBe(200);
    const disable = await client.post('/api/profile/two-factor/disable', {
      currentPassword: TEST_PASSWORD,
    });
    expect(disable.status).toBe(422);
    expect(disable.body.errors).toEqual({
      currentPassword: [TWO_FACTOR_MESSAGES.requiredByRole],
    });
  });

  it('keeps the sessions of users who have a second factor, and the caller’s own', async () => {
    const { roleId, user } = await roleWithUser();
    const setup = await user.post('/api/profile/two-factor/setup');
    await user.post('/api/profile/two-factor/enable', { code: totpCode(setup.body.secret) });
    const adminsRole = (await admin.get('/api/roles/all')).body.find(
      (role: { name: string }) => role.name === 'super admin',
    );
    await requireTwoFactor(roleId, true);
    expect((await user.get('/api/profile')).status).toBe(200);
    expect((await requireTwoFactor(adminsRole.id, true)).status).toBe(200);
    expect((await admin.get('/api/profile')).status).toBe(200);
    await requireTwoFactor(adminsRole.id, false);
  });

  it('is changed only with role-update, read with role-list, on a role that exists', async () => {
    const { roleId } = await roleWithUser();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.get(`/api/roles/${roleId}/two-factor`)).status).toBe(200);
    expect((await requireTwoFactor(roleId, true, viewer)).status).toBe(403);
    const noRole = await server.userWithRoles([]);
    expect((await noRole.get(`/api/roles/${roleId}/two-factor`)).status).toBe(403);
    expect((await server.client().get(`/api/roles/${roleId}/two-factor`)).status).toBe(401);
    const missing = await requireTwoFactor(999_999, true);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ROLE_MESSAGES.unknownRole);
    const invalid = await admin.put(`/api/roles/${roleId}/two-factor`, { required: 'yes' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['required']);
  });
});
