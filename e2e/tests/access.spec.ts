import { expect, type Page, test } from '@playwright/test';
import { EDITOR, signIn, VIEWER } from './users.ts';

const NO_ACCESS = 'You do not have access to this page.';

async function expectNoAccess(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText(NO_ACCESS)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
}

test('a viewer sent to a create or edit route sees the no-access screen, not the form', async ({
  page,
}) => {
  await signIn(page, VIEWER);
  await expectNoAccess(page, '/admin/roles/create');
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);

  await expectNoAccess(page, '/admin/settings/create');
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await expectNoAccess(page, '/admin/roles/1/edit');

  // The screens the viewer may use still open.
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByText(NO_ACCESS)).toHaveCount(0);
});

test('an editor without user-list sees the no-access screen on Users', async ({ page }) => {
  await signIn(page, EDITOR);
  await expectNoAccess(page, '/admin/users');
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
});

test("a viewer's lists show no Options column, no checkboxes and no Add New", async ({ page }) => {
  await signIn(page, VIEWER);
  for (const list of [
    'Websites',
    'Instances',
    'Categories',
    'Posts',
    'Users',
    'Roles',
    'Settings',
  ]) {
    await page.goto(`/admin/${list.toLowerCase()}`);
    const table = page.getByRole('table', { name: list });
    // The rows have arrived (the demo data has some on every list), not the loading state.
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Options' })).toHaveCount(0);
    await expect(table.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add New/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Add New/ })).toHaveCount(0);
  }
});
