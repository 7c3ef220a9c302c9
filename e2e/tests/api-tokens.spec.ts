import { expect, test } from '@playwright/test';
import { API_TOKEN_PATTERN, TOKEN_MESSAGES } from '@sitefleet/contract';
import { BASE_URL } from '../servers.ts';
import { expectToast } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test('a token made in the profile calls the API until it is revoked, and the admin lists it', async ({
  page,
  playwright,
}) => {
  await signInThroughApi(page, ADMIN);
  const admin = await api<{ name: string }>(page, 'GET', '/api/profile');
  await page.goto('/admin/profile');
  await page.getByRole('tab', { name: 'API Tokens' }).click();

  const name = uniqueName('E2E Token');
  await page.getByRole('button', { name: 'New API token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Filter abilities').fill('website-list');
  await form.getByRole('checkbox', { name: /website-list/ }).check();
  await form.getByRole('button', { name: 'Create token' }).click();

  // Shown this once: read it before Done, after which nothing on the page holds it.
  const created = page.getByRole('dialog', { name: 'API token created' });
  await expect(created.getByText(TOKEN_MESSAGES.created)).toBeVisible();
  const field = created.getByLabel('API Token');
  await expect(field).toHaveAttribute('readonly', '');
  const token = await field.inputValue();
  expect(token).toMatch(API_TOKEN_PATTERN);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  expect(await page.content()).not.toContain(token);

  const row = page
    .getByRole('table', { name: 'API Tokens' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('website-list');

  // A client of its own, with no session cookie: the bearer header alone signs the call.
  const client = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    const bearer = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const allowed = await client.get('/api/websites', { headers: bearer });
    expect(allowed.status(), await allowed.text()).toBe(200);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API Token' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, TOKEN_MESSAGES.revokedOne);
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

    const refused = await client.get('/api/websites', { headers: bearer });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(TOKEN_MESSAGES.revoked);
  } finally {
    await client.dispose();
  }

  // Everyone's tokens: this one, with who made it.
  await page.goto(`/admin/tokens?query=${encodeURIComponent(name)}`);
  const listed = page
    .getByRole('table', { name: 'API Tokens' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(listed).toContainText(admin.name);
  await expect(listed).toContainText('Revoked');
  // Its last use, from the spec's own client, is recorded with the address it came from.
  await expect(listed).toContainText('127.0.0.1');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await expect(page.getByText('No API tokens match.')).toBeVisible();
  await expect(listed).toHaveCount(0);
});
