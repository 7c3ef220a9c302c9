import { expect, type Page, test } from '@playwright/test';
import { internalUrlWarning, SETTING_MESSAGES, SETTING_VALUE_MESSAGES } from '@sitefleet/contract';
import { expectToast } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

const settingsTable = (page: Page) => page.getByRole('table', { name: 'Settings' });

test('a setting is edited, checked against its type, and shows its group', async ({ page }) => {
  // A setting of the app group of its own: the seeded ones are every spec's.
  const name = `app.${uniqueName('e2e_mail').replace(/\W+/g, '_').toLowerCase()}`;
  const { setting } = await api<{ setting: { id: number } }>(page, 'POST', '/api/settings', {
    name,
    type: 'email',
    value: 'help@example.com',
    description: 'Made by the browser test',
  });
  await page.goto(`/admin/settings?query=${name}`);
  await settingsTable(page)
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/\d+\/edit$/);

  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('email');
  const group = page.getByRole('table', { name: 'Setting Group' });
  await expect(page.getByRole('heading', { name: /Setting Group/ })).toBeVisible();
  await expect(group.getByRole('cell', { name: 'app.name', exact: true })).toBeVisible();
  await expect(group.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByLabel('Value', { exact: true }).fill('not an address');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(SETTING_VALUE_MESSAGES.email as string)).toBeVisible();

  const address = `${uniqueName('help').replace(/\s+/g, '-')}@example.com`;
  await page.getByLabel('Value', { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, SETTING_MESSAGES.updated);
  await expect(
    group.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }),
  ).toContainText(address);

  // The group card searches on its own, keeping the form.
  await page.getByRole('searchbox', { name: 'Search the group' }).fill('per_page');
  await expect(group.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/group_query=per_page/);
  await expect(page.getByLabel('Value', { exact: true })).toHaveValue(address);
  await api(page, 'DELETE', `/api/settings/${setting.id}`);
});

test('a new setting moves to edit mode with its group, then is deleted', async ({ page }) => {
  const name = `app.${uniqueName('e2e').replace(/\W+/g, '_').toLowerCase()}`;
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Add New Setting' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/create$/);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Type', { exact: true }).selectOption('number');
  await page.getByLabel('Value', { exact: true }).fill('12abc');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(SETTING_VALUE_MESSAGES.number as string)).toBeVisible();

  await page.getByLabel('Value', { exact: true }).fill('42');
  await page.getByLabel('Description', { exact: true }).fill('Made by the browser test');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, SETTING_MESSAGES.created);
  await expect(page).toHaveURL(/\/admin\/settings\/\d+\/edit$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  const group = page.getByRole('table', { name: 'Setting Group' });
  await expect(group.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(group.getByRole('cell', { name: 'app.name', exact: true })).toBeVisible();

  await page.goto(`/admin/settings?query=${name}`);
  await settingsTable(page)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Setting' });
  await expect(dialog).toContainText('Are you sure you want to delete this setting ?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, SETTING_MESSAGES.deleted);
  await expect(settingsTable(page).getByText('No results found...')).toBeVisible();
});

test('a URL setting on an internal address is warned about, not refused', async ({ page }) => {
  await page.goto('/admin/settings?query=ai.base_url');
  await settingsTable(page).getByRole('link', { name: 'Edit ai.base_url' }).click();
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('url');
  const warning = page.getByTestId('internal-url-warning');
  const value = page.getByLabel('Value', { exact: true });
  const original = await value.inputValue();

  await value.fill('http://169.254.169.254/v1');
  await expect(warning).toHaveText(internalUrlWarning('http://169.254.169.254/v1')!);
  await value.fill('http://[::1]:11434/v1');
  await expect(warning).toContainText('[::1] is an internal address');
  await value.fill(original);
  await expect(warning).toHaveCount(0);
});
