import { expect, type Page, test } from '@playwright/test';
import { LISTS } from './admin-screens.ts';
import { api, demoWebsites, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('every list offers 15, 25, 50 or 100 rows per page, kept in the URL through a reload', async ({
  page,
}) => {
  for (const list of LISTS) {
    await page.goto(list.path);
    await expect(page.getByRole('table', { name: list.table })).toBeVisible();
    const perPage = page.getByLabel('Rows per page');
    await expect(perPage).toHaveValue('15');
    expect(await perPage.locator('option').allInnerTexts(), `${list.path} page sizes`).toEqual([
      '15',
      '25',
      '50',
      '100',
    ]);
    await perPage.selectOption('25');
    await expect(page).toHaveURL(/[?&]per_page=25/);
    await page.reload();
    await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  }
  // The settings are more than 25: the page shows 25 of them.
  await expect(page.getByText(/^Showing 1 to 25 of \d+$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Settings' }).locator('tbody tr')).toHaveCount(25);
});

/** A category on one website, through the API. */
async function createCategory(page: Page, websiteId: number) {
  const name = uniqueName('Filter Category');
  return api<{ id: number; name: string }>(page, 'POST', '/api/categories', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'For the posts filters.',
    keywords: 'e2e',
    websites: [websiteId],
  });
}

test('Posts filter by category, website and status, and sort by Title and Created At', async ({
  page,
}) => {
  const [siteA, siteB] = await demoWebsites(page);
  const onA = await createCategory(page, siteA.id);
  const onB = await createCategory(page, siteB.id);
  const prefix = uniqueName('Filtered');
  const create = (title: string, categoryId: number) =>
    api<{ id: number; title: string }>(page, 'POST', '/api/posts', {
      title: `${prefix} ${title}`,
      description: 'A post to filter.',
      category_id: categoryId,
    });
  const banana = await create('banana', onA.id);
  const apple = await create('apple', onB.id);
  const cherry = await create('cherry', onA.id);
  await api(page, 'POST', '/api/posts/action', { ids: [cherry.id], action: 'disable' });
  try {
    await page.goto(`/admin/posts?query=${encodeURIComponent(prefix)}`);
    const titles = page.getByRole('table', { name: 'Posts' }).locator('tbody td.fw-semibold');
    await expect(titles).toHaveText([cherry.title, apple.title, banana.title]);

    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect(titles).toHaveText([apple.title, banana.title, cherry.title]);
    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect(titles).toHaveText([cherry.title, banana.title, apple.title]);
    await page.getByRole('columnheader', { name: 'Created At' }).getByRole('button').click();
    await expect(titles).toHaveText([banana.title, apple.title, cherry.title]);
    await expect(page).toHaveURL(/[?&]sort=created_at/);

    await page.getByLabel('Status filter').selectOption({ label: 'Inactive' });
    await expect(titles).toHaveText([cherry.title]);
    await page.getByLabel('Status filter').selectOption({ label: 'Active' });
    await expect(titles).toHaveText([banana.title, apple.title]);
    await page.getByLabel('Website filter').selectOption({ label: siteB.name });
    await expect(titles).toHaveText([apple.title]);
    await page.getByLabel('Website filter').selectOption({ label: 'All websites' });
    await page.getByLabel('Status filter').selectOption({ label: 'All statuses' });

    const category = page.getByLabel('Category filter');
    await category.fill(onA.name);
    await page.getByRole('option', { name: onA.name }).click();
    await expect(titles).toHaveText([banana.title, cherry.title]);
    await page.reload();
    await expect(titles).toHaveText([banana.title, cherry.title]);
    await expect(page.getByText(onA.name, { exact: true }).first()).toBeVisible();
  } finally {
    for (const post of [banana, apple, cherry])
      await removeIfPresent(page, `/api/posts/${post.id}`);
    for (const category of [onA, onB])
      await removeIfPresent(page, `/api/categories/${category.id}`);
  }
});
