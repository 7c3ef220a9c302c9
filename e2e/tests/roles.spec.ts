import { expect, type Page, test } from '@playwright/test';
import { PERMISSION_NAMES, ROLE_MESSAGES, type Role } from '@sitefleet/contract';
import { expectToast } from './admin-screens.ts';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** The count on a permissions tab, e.g. 'in_role'. */
const tabCount = (page: Page, tab: 'all' | 'in_role' | 'out_role') =>
  page.getByTestId(`count-${tab}`);

const permissionsTable = (page: Page) => page.getByRole('table', { name: 'Permissions' });

test('a new role opens its permissions card; assigning and revoking move the counts', async ({
  page,
}) => {
  // Many round trips (three sign-ins, or a dozen saves): more time on a busy machine.
  test.slow();
  const total = String(PERMISSION_NAMES.length);
  await page.goto('/admin/roles');
  await page.getByRole('link', { name: 'Add New Role' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/create$/);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(ROLE_MESSAGES.nameRequired)).toBeVisible();

  // The server's refusal shows under the field.
  await page.getByLabel('Name', { exact: true }).fill('editor');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(ROLE_MESSAGES.nameTaken)).toBeVisible();

  const name = uniqueName('e2e role');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, ROLE_MESSAGES.created);
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
  const roleId = Number(/roles\/(\d+)\/edit/.exec(page.url())?.[1]);
  try {
    await expect(page.getByRole('heading', { name: 'Role Permissions' })).toBeVisible();
    await expect(tabCount(page, 'all')).toHaveText(total);
    await expect(tabCount(page, 'in_role')).toHaveText('0');

    // One by its link icon, on the All tab.
    await page.getByRole('button', { name: 'Assign user-list' }).click();
    await expectToast(page, ROLE_MESSAGES.assigned(1));
    await expect(tabCount(page, 'in_role')).toHaveText('1');
    await expect(tabCount(page, 'out_role')).toHaveText(String(PERMISSION_NAMES.length - 1));
    await expect(page.getByRole('button', { name: 'Revoke user-list' })).toBeVisible();

    // Two ticked on the Out Role tab: Give is possible there, Revoke is not.
    await page.getByRole('button', { name: /^Out Role/ }).click();
    await expect(permissionsTable(page).getByText('user-list')).toHaveCount(0);
    const giveSelected = page.getByRole('button', { name: 'Give Selected' });
    const revokeSelected = page.getByRole('button', { name: 'Revoke Selected' });
    await expect(giveSelected).toBeDisabled();
    for (const permission of ['user-create', 'user-update']) {
      await permissionsTable(page)
        .getByRole('row', { name: new RegExp(`${permission}\\b`) })
        .getByRole('checkbox')
        .check();
    }
    await expect(giveSelected).toBeEnabled();
    await expect(revokeSelected).toBeDisabled();
    await giveSelected.click();
    await expectToast(page, ROLE_MESSAGES.assigned(2));
    await expect(permissionsTable(page).getByText('user-create')).toHaveCount(0);
    await expect(tabCount(page, 'in_role')).toHaveText('3');

    // All of them revoked from the In Role tab: the tab empties.
    await page.getByRole('button', { name: /^In Role/ }).click();
    await expect(permissionsTable(page).getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect(giveSelected).toBeDisabled();
    await revokeSelected.click();
    await expectToast(page, ROLE_MESSAGES.revoked(3));
    await expect(tabCount(page, 'in_role')).toHaveText('0');
    await expect(permissionsTable(page).getByText('No results found...')).toBeVisible();
    await expect(tabCount(page, 'out_role')).toHaveText(total);
  } finally {
    await removeIfPresent(page, `/api/roles/${roleId}`);
  }
});

test('the roles list shows a role and deletes it through the confirmation', async ({ page }) => {
  const name = uniqueName('e2e listed');
  const role = await api<Role>(page, 'POST', '/api/roles', { name });
  await page.goto(`/admin/roles?query=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Roles' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('web');
  await expect(table.getByRole('columnheader')).toContainText(['Name', 'Guard Name', 'Created At']);

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/roles/${role.id}/edit$`));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await page.goto(`/admin/roles?query=${encodeURIComponent(name)}`);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Role' });
  await expect(dialog).toContainText('Are you sure you want to delete this role ?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, ROLE_MESSAGES.deleted);
  await expect(table.getByText('No results found...')).toBeVisible();
});
