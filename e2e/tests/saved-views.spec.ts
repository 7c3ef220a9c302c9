import { expect, test } from '@playwright/test';
import { SAVED_VIEW_MESSAGES } from '@sitefleet/contract';
import { expectToast, removeUser, signInAsNewUser } from './admin-screens.ts';
import { uniqueName } from './api.ts';

test('a list is saved as a view, chosen again after a reload, and opens by default', async ({
  page,
}) => {
  // An editor of its own: the default view it sets is that user's alone.
  const user = await signInAsNewUser(page, 'editor');
  const name = uniqueName('Titles Z-A');
  await page.goto('/admin/posts?order_key=title&order_dir=desc&per_page=25&page=2');
  await expect(page.getByRole('table', { name: 'Posts' })).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save View' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, SAVED_VIEW_MESSAGES.saved);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `View: ${name}` })).toBeVisible();

  // Elsewhere in the list, then back to the view from the menu, after a reload.
  await page.goto('/admin/posts?per_page=50');
  await page.reload();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(/order_key=title/);
  await expect(page).toHaveURL(/order_dir=desc/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');

  // As the default, it is what the bare list opens with.
  await page.getByRole('button', { name: `View: ${name}` }).click();
  await page.getByRole('button', { name: `Open this list with “${name}”` }).click();
  await expectToast(page, SAVED_VIEW_MESSAGES.defaultSet);
  await page.goto('/admin/posts');
  await expect(page).toHaveURL(/order_key=title/);
  await expect(page.getByRole('button', { name: `View: ${name}` })).toBeVisible();

  // A search typed before the views have come stays: the default only fills a bare address.
  let releaseViews = () => {};
  const viewsHeld = new Promise<void>((release) => {
    releaseViews = release;
  });
  await page.route('**/api/saved-views?*', async (route) => {
    await viewsHeld;
    await route.continue();
  });
  await page.goto('/admin/posts');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('typed first');
  await expect(page).toHaveURL(/query=typed\+first/);
  releaseViews();
  // The menu lists the saved view once the views have come, and the default had its chance.
  await page.getByRole('button', { name: 'Views' }).click();
  await expect(page.getByRole('button', { name: `${name} Default` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/query=typed\+first/);
  await expect(page).not.toHaveURL(/order_key=title/);
  await page.unroute('**/api/saved-views?*');
  await page.goto('/admin/posts');
  await expect(page.getByRole('button', { name: `View: ${name}` })).toBeVisible();

  await page.getByRole('button', { name: `View: ${name}` }).click();
  await page.getByRole('button', { name: `Delete “${name}”` }).click();
  await page
    .getByRole('dialog', { name: 'Delete View' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, SAVED_VIEW_MESSAGES.deleted);
  await expect(page.getByRole('button', { name: 'Views' })).toBeVisible();
  await removeUser(page, user.id);
});
