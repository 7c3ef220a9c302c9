import { expect, test } from '@playwright/test';
import { MESSAGES, type Setting } from '@sitefleet/contract';
import { expectToast } from './admin-screens.ts';
import { api } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('without a Google client, Login with Google names the settings to set, and they exist', async ({
  page,
}) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expectToast(page, MESSAGES.googleNotConfigured);
  const listed = await api<{ data: Setting[] }>(page, 'GET', '/api/settings?query=google.client');
  expect(listed.data.map((setting) => setting.full_path).sort()).toEqual([
    'google.client_id',
    'google.client_secret',
  ]);
  await page.goto('/admin/settings?query=google.client');
  const table = page.getByRole('table', { name: 'Settings' });
  await expect(table.getByRole('cell', { name: 'google.client_id', exact: true })).toBeVisible();
  await expect(
    table.getByRole('cell', { name: 'google.client_secret', exact: true }),
  ).toBeVisible();
});

test('/youtube/callback without a state or a code says what went wrong and leads back', async ({
  page,
}) => {
  await page.goto('/youtube/callback?code=4%2F0Abc');
  await expect(page.getByRole('heading', { name: 'Google Authorization' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.googleStateMissing);
  await expect(page.getByText('The state is required')).toHaveCount(0);

  await page.goto('/youtube/callback');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.googleCodeMissing);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
