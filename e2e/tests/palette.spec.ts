import { expect, test } from '@playwright/test';
import { api, createCategory, demoWebsites, uniqueName } from './api.ts';
import { ADMIN, signIn, VIEWER } from './users.ts';

test('Ctrl+K then typing at once: the field keeps every key, and Enter opens the post found', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const [website] = await demoWebsites(page);
  // A category of its own: the newest category may be another test's, which deletes it.
  const category = await createCategory(page, 'Palette', [website.id]);
  const title = uniqueName('Palette Post');
  await api(page, 'POST', '/api/posts', {
    title,
    description: 'Found by the palette.',
    category_id: category.id,
  });

  // The admin layout, which listens for the shortcut, loads after the address changes.
  await expect(page.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
  // Typed straight after the shortcut, while the palette's code is still loading (its first
  // opening), as a person types without waiting for the dialog.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(title);
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  const field = dialog.getByRole('combobox', { name: 'Search records, screens and actions' });
  await expect(field).toHaveValue(title);
  await expect(field).toBeFocused();
  await expect(dialog.getByRole('option', { name: title })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/posts\?query=/);
  await expect(
    page.getByRole('table', { name: 'Posts' }).getByRole('row', { name: title }),
  ).toBeVisible();
});

test('Ctrl+K runs "Add New Post": the new-post form opens, keyboard only', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(
    palette.getByRole('combobox', { name: 'Search records, screens and actions' }),
  ).toBeFocused();
  await page.keyboard.type('add new post');
  await expect(palette.getByRole('option', { name: /^Add New Post/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/posts\?create=1$/);
  const form = page.getByRole('dialog', { name: 'Add New Post' });
  await expect(form.getByLabel('Title')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/posts$/);
});

test('a user who may not add posts is not offered the action, nor its form', async ({ page }) => {
  await signIn(page, VIEWER);
  await expect(page.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('post');
  await expect(palette.getByRole('option', { name: /^Go to Posts/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Add New/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin/posts?create=1');
  await expect(page.getByRole('table', { name: 'Posts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Post' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Add New Post' })).toHaveCount(0);
});
