import { expect, type Page, test } from '@playwright/test';
import { MESSAGES, USER_MESSAGES } from '@sitefleet/contract';
import { createUser, expectToast, uniqueEmail } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** The users list narrowed to a search, so that other tests' rows never get in the way. */
async function openUsers(page: Page, query: string) {
  await page.goto(`/admin/users?query=${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

test('a new user is refused with the rules shown, then saved once fixed', async ({ page }) => {
  const name = uniqueName('E2E New');
  const email = uniqueEmail('e2e-new');
  await openUsers(page, email);
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(USER_MESSAGES.nameRequired)).toBeVisible();
  await expect(dialog.getByText(USER_MESSAGES.emailRequired)).toBeVisible();
  await expect(dialog.getByText(USER_MESSAGES.passwordRequired)).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(USER_MESSAGES.emailInvalid)).toBeVisible();
  await expect(dialog.getByText('password must be at least 8')).toBeVisible();

  // The server's own refusal lands under its field, and nothing typed is lost.
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password').fill('password123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(USER_MESSAGES.emailTaken)).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Roles').fill('edit');
  await page.getByRole('option', { name: 'editor' }).click();
  // The menu stays open for more choices; clicking elsewhere closes it.
  await dialog.getByRole('heading', { name: 'Add New User' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expectToast(page, USER_MESSAGES.created);
  await expect(dialog).toBeHidden();
  const row = usersTable(page).getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText(name);
  await expect(row).toContainText('editor');
});

test('a user is edited in the modal', async ({ page }) => {
  const email = uniqueEmail('e2e-edit');
  const user = await createUser(page, { name: uniqueName('E2E Edit'), email });
  await openUsers(page, email);

  await page.getByRole('button', { name: `Edit ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  const renamed = uniqueName('E2E Renamed');
  await dialog.getByLabel('Name').fill(renamed);
  // An empty password keeps the stored one; a short one is refused.
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(USER_MESSAGES.passwordTooShort)).toBeVisible();
  await dialog.getByLabel('Password').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expectToast(page, USER_MESSAGES.updated);
  await expect(usersTable(page).getByRole('row', { name: new RegExp(email) })).toContainText(
    renamed,
  );
});

test('a user is deleted through the confirmation', async ({ page }) => {
  const email = uniqueEmail('e2e-delete');
  const user = await createUser(page, { name: uniqueName('E2E Delete'), email });
  await openUsers(page, email);

  await page.getByRole('button', { name: `Delete ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toContainText('Are you sure you want to delete this user ?');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expectToast(page, USER_MESSAGES.deleted);
  await expect(usersTable(page).getByText('No results found...')).toBeVisible();
});

test('a refused delete closes its confirmation and says why', async ({ page }) => {
  const email = uniqueEmail('e2e-refused');
  const user = await createUser(page, { name: uniqueName('E2E Refused'), email });
  await openUsers(page, email);

  await page.getByRole('button', { name: `Delete ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toBeVisible();
  // Someone else deletes the user meanwhile: the server refuses this delete.
  await api(page, 'DELETE', `/api/users/${user.id}`);
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expectToast(page, MESSAGES.notFound);
  await expect(dialog).toBeHidden();
});

test('the admin is offered no delete of their own account, which the server refuses anyway', async ({
  page,
}) => {
  await openUsers(page, ADMIN.email);
  const ownRow = usersTable(page).getByRole('row', { name: new RegExp(ADMIN.email) });
  await expect(ownRow.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  const profile = await api<{ id: number }>(page, 'GET', '/api/profile');
  const refusal = await page.request.delete(`/api/users/${profile.id}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(refusal.status()).toBe(422);
  expect((await refusal.json()).errors).toEqual({ id: [USER_MESSAGES.cannotDeleteSelf] });
});

test('the ticked users are deleted together', async ({ page }) => {
  const prefix = uniqueName('e2e-bulk').replace(/\s+/g, '-');
  for (const n of [1, 2, 3]) {
    await createUser(page, { name: `${prefix} ${n}`, email: `${prefix}-${n}@example.com` });
  }
  await openUsers(page, prefix);
  await expect(usersTable(page).getByRole('row')).toHaveCount(4);

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Delete Selected (3)' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Selected' })
    .getByRole('button', { name: 'Delete' })
    .click();

  await expectToast(page, USER_MESSAGES.bulkDeleted(3));
  await expect(usersTable(page).getByText('No results found...')).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
});

test('the search and the page survive a reload and the back button', async ({ page }) => {
  // Many round trips (three sign-ins, or a dozen saves): more time on a busy machine.
  test.slow();
  const prefix = uniqueName('e2e-pages').replace(/\s+/g, '-');
  // One more than a page (15 rows).
  const users = await Promise.all(
    Array.from({ length: 16 }, (_, i) =>
      createUser(page, { name: `${prefix} ${i + 1}`, email: `${prefix}-${i + 1}@example.com` }),
    ),
  );
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(prefix);
  await expect(page).toHaveURL(new RegExp(`query=${prefix}`));
  await expect(page.getByText('Showing 1 to 15 of 16')).toBeVisible();

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 16 to 16 of 16')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Showing 16 to 16 of 16')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(prefix);

  await page.goBack();
  await expect(page.getByText('Showing 1 to 15 of 16')).toBeVisible();

  await api(page, 'DELETE', '/api/users', { ids: users.map((user) => user.id) });
});
