import { expect, type Page, test } from '@playwright/test';
import { api, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** A category on one website, and optionally a post in it, through the API. */
async function createCategory(page: Page, name: string) {
  const websites = await api<{ id: number; name: string }[]>(page, 'GET', '/api/getAllWebsites');
  return api<{ id: number; name: string }>(page, 'POST', '/api/categories', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: `About ${name}.`,
    keywords: 'e2e',
    websites: websites.filter((website) => website.name === 'Daily Recipes').map((w) => w.id),
  });
}

function row(page: Page, table: string, text: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

async function deleteFromRowMenu(page: Page, table: string, name: string, dialogName: string) {
  await row(page, table, name)
    .getByRole('button', { name: `Options for ${name}` })
    .click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: dialogName })
    .getByRole('button', { name: 'Delete' })
    .click();
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('a deleted post comes back with Undo in its toast', async ({ page }) => {
  const category = await createCategory(page, uniqueName('Undo Category'));
  const title = uniqueName('Undo me');
  await api(page, 'POST', '/api/posts', { title, description: 'Body.', category_id: category.id });
  await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
  await expect(row(page, 'Posts', title)).toHaveCount(1);

  await deleteFromRowMenu(page, 'Posts', title, 'Delete Post');
  const toast = page.getByRole('alert').filter({ hasText: 'Post deleted successfully!' });
  await expect(row(page, 'Posts', title)).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Delete undone.')).toBeVisible();
  await expect(row(page, 'Posts', title)).toHaveCount(1);
});

test('a deleted category is restored from the Trash', async ({ page }) => {
  const name = uniqueName('Trashed Category');
  await createCategory(page, name);
  await page.goto(`/admin/categories?query=${encodeURIComponent(name)}`);
  await deleteFromRowMenu(page, 'Categories', name, 'Delete Category');
  await expect(page.getByText('Category deleted successfully!')).toBeVisible();
  await expect(row(page, 'Categories', name)).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Trash' })
    .click();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await page.getByLabel('Type filter').selectOption('categories');
  await page.getByRole('searchbox', { name: 'Search the trash' }).fill(name);
  const entry = row(page, 'Trash', name);
  await expect(entry).toContainText('Administrator');
  await entry.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('Restored from the trash.')).toBeVisible();
  await expect(entry).toHaveCount(0);

  await page.goto(`/admin/categories?query=${encodeURIComponent(name)}`);
  await expect(row(page, 'Categories', name)).toContainText('Daily Recipes');
});
