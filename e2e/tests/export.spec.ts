import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { api, uniqueName } from './api.ts';
import { ADMIN, EDITOR, signInThroughApi, switchUser } from './users.ts';

/** More posts than one page shows (15 a page), all in one new category. */
const POSTS = 23;

async function categoryWithPosts(page: Page, prefix: string) {
  const websites = await api<{ id: number; name: string }[]>(page, 'GET', '/api/getAllWebsites');
  const name = uniqueName(prefix);
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'For the export.',
    keywords: 'e2e',
    websites: websites.filter((website) => website.name === 'Daily Recipes').map((w) => w.id),
  });
  for (let n = 1; n <= POSTS; n++) {
    await api(page, 'POST', '/api/posts', {
      title: n === 1 ? `=HYPERLINK("x") ${name}` : `${name} post ${n}`,
      description: 'Exported.',
      category_id: category.id,
    });
  }
  return category.id;
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('exports every row of a filtered list as CSV', async ({ page }) => {
  const categoryId = await categoryWithPosts(page, 'Export Category');
  await page.goto(`/admin/posts?category_id=${categoryId}`);
  await expect(page.getByText(`Showing 1 to 15 of ${POSTS}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sitefleet-posts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text.split('\r\n').filter((line) => line !== '');
  expect(lines).toHaveLength(POSTS + 1);
  expect(lines[0]).toContain('title');
  expect(text).toContain(`"'=HYPERLINK(""x"")`);
});

test('selects every matching post across pages and approves them', async ({ page }) => {
  const categoryId = await categoryWithPosts(page, 'Approve Category');
  // Someone other than the author approves: the four-eyes rule.
  await switchUser(page, EDITOR);
  await page.goto(`/admin/posts?category_id=${categoryId}`);
  await expect(page.getByText(`Showing 1 to 15 of ${POSTS}`)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: `Select all ${POSTS} matching` }).click();
  await expect(page.getByText(`All ${POSTS} matching rows are selected.`)).toBeVisible();
  await page.getByRole('button', { name: `Bulk Actions (${POSTS})` }).click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(`${POSTS} changed`)).toBeVisible();
});
