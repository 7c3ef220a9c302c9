import { expect, test } from '@playwright/test';
import { api, uniqueName } from './api.ts';
import { ADMIN, signIn } from './users.ts';

test('Ctrl+K finds a post by its title and opens the list filtered to it', async ({ page }) => {
  await signIn(page, ADMIN);
  const [category] = (await api<{ data: { id: number }[] }>(page, 'GET', '/api/categories')).data;
  const title = uniqueName('Palette Post');
  await api(page, 'POST', '/api/posts', {
    title,
    description: 'Found by the palette.',
    category_id: category!.id,
  });

  // The admin layout, which listens for the shortcut, loads after the address changes.
  await expect(page.getByRole('link', { name: 'Posts' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Search records, screens and actions' }).fill(title);
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
