import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SSO_CALLBACK_PATH, SSO_SETTINGS } from '@sitefleet/contract';
import Provider from 'oidc-provider';
import { BASE_URL } from '../servers.ts';
import { uniqueName } from './api.ts';
import { ADMIN, setSettingAs } from './users.ts';

const CLIENT = { id: 'sitefleet-e2e', secret: 'sitefleet-e2e-secret' };
const LABEL = 'Test Identity';

/**
 * A real OpenID Connect provider with its own sign-in and consent pages (oidc-provider's
 * development pages: any login and password). Whoever signs in is in the fleet-editors group.
 */
async function startProvider() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [BASE_URL + SSO_CALLBACK_PATH],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-e2e-cookie-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        name: `Single ${id.split('@')[0]}`,
        groups: ['fleet-editors'],
      }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a person signs in through the identity provider and lands on the dashboard as an editor', async ({
  page,
}) => {
  const provider = await startProvider();
  const settings: [string, string][] = [
    [SSO_SETTINGS.issuer, provider.issuer],
    [SSO_SETTINGS.clientId, CLIENT.id],
    [SSO_SETTINGS.clientSecret, CLIENT.secret],
    [SSO_SETTINGS.buttonLabel, LABEL],
    [SSO_SETTINGS.roleClaim, 'groups'],
    [SSO_SETTINGS.roleMap, '{"fleet-editors":"editor"}'],
  ];
  for (const [key, value] of settings) await setSettingAs(ADMIN, key, value);
  try {
    const email = `${uniqueName('sso').replace(' ', '-')}@corp.example`;
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    // The provider's own pages.
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const profile = await page.request.get('/api/profile', {
      headers: { Accept: 'application/json' },
    });
    expect(await profile.json()).toMatchObject({ email });
    const abilities = await (await page.request.get('/api/abilities')).json();
    expect(abilities).toContain('post-create');
    expect(abilities).not.toContain('user-list');
  } finally {
    for (const [key] of settings) await setSettingAs(ADMIN, key, '');
    await provider.close();
  }
});

test('a refused single sign-on says why on the sign-in screen', async ({ page }) => {
  await page.goto('/login?sso_error=domain');
  await expect(page.getByRole('alert')).toHaveText(
    'Your e-mail address is not in a domain allowed to sign in here.',
  );
  // Without an issuer, the screen offers no single sign-on.
  await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
});
