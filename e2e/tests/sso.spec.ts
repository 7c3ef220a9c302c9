import { expect, test } from '@playwright/test';
import { SSO_CALLBACK_PATH, SSO_ERRORS, SSO_SETTINGS } from '@sitefleet/contract';
import { OIDC_CLIENT, startOidcProvider } from '../../apps/server/test/oidc-provider.ts';
import { BASE_URL } from '../servers.ts';
import { uniqueName } from './api.ts';
import { ADMIN, setSettingAs } from './users.ts';

const LABEL = 'Test Identity';

test('a person signs in through the identity provider and lands on the dashboard as an editor', async ({
  page,
}) => {
  const provider = await startOidcProvider(BASE_URL + SSO_CALLBACK_PATH);
  const settings: [string, string][] = [
    [SSO_SETTINGS.issuer, provider.issuer],
    [SSO_SETTINGS.clientId, OIDC_CLIENT.id],
    [SSO_SETTINGS.clientSecret, OIDC_CLIENT.secret],
    [SSO_SETTINGS.buttonLabel, LABEL],
    [SSO_SETTINGS.roleClaim, 'groups'],
    [SSO_SETTINGS.roleMap, '{"fleet-editors":"editor"}'],
  ];
  for (const [key, value] of settings) await setSettingAs(ADMIN, key, value);
  try {
    const email = `${uniqueName('sso').replace(' ', '-')}@corp.example`;
    provider.addAccount({
      sub: email,
      email,
      email_verified: true,
      name: 'Single Sign-On Person',
      groups: ['fleet-editors'],
    });
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    // The provider's own pages: the account's sub as the login, any password, then consent.
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
  await expect(page.getByRole('alert')).toHaveText(SSO_ERRORS.domain);
  // Without an issuer, the screen offers no single sign-on.
  await expect(page.getByRole('link', { name: /^Sign in with/ })).toHaveCount(0);
});
