import { TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { TEST_PASSWORD } from '../../../test/harness.ts';
import { enableTwoFactor, passwordStep } from '../../../test/two-factor.ts';

const server = await serverForFile();
const admin = await server.admin();

let userCount = 0;
async function userWithTwoFactor() {
  userCount += 1;
  const email = `reset${userCount}@example.com`;
  const client = await server.userWithRoles(['viewer'], email);
  await enableTwoFactor(client);
  const id = (await client.get('/api/profile')).body.id as number;
  return { client, email, id };
}

describe('DELETE /api/users/{id}/two-factor', () => {
  it('lets an administrator reset a lost second factor: the user is signed out and signs in with the password', async () => {
    const { client, email, id } = await userWithTwoFactor();
    const response = await admin.delete(`/api/users/${id}/two-factor`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: TWO_FACTOR_MESSAGES.reset });
    expect((await client.get('/api/profile')).status).toBe(401);
    const again = server.client();
    const signIn = await again.login(email, TEST_PASSWORD);
    expect(signIn.body.user.email).toBe(email);
    expect((await again.get('/api/profile/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
  });

  it('needs user-update and a user who exists; the second factor stays otherwise', async () => {
    const { email, id } = await userWithTwoFactor();
    const viewer = await server.userWithRoles(['viewer']);
    expect((await viewer.delete(`/api/users/${id}/two-factor`)).status).toBe(403);
    expect((await server.client().delete(`/api/users/${id}/two-factor`)).status).toBe(401);
    expect((await admin.delete('/api/users/999999/two-factor')).status).toBe(404);
    expect((await admin.delete('/api/users/abc/two-factor')).status).toBe(422);
    expect((await passwordStep(server.client(), email)).response.body.two_factor).toBe('challenge');
  });
});
