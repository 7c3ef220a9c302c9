import { expect, test } from '@playwright/test';
import { api, demoWebsites, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test('a filter changed as the typed search lands keeps both, in the address and in the rows', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const [website] = await demoWebsites(page);
  const categoryName = uniqueName('Search Filter');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'For the search and filter spec.',
    keywords: 'e2e',
    websites: [website.id],
  });
  const prefix = uniqueName('Searched');
  const create = (title: string) =>
    api<{ id: number; title: string }>(page, 'POST', '/api/posts', {
      title,
      description: 'A post to search and filter.',
      category_id: category.id,
    });
  // Only `found` matches both the search and the Inactive status.
  const found = await create(`${prefix} inactive`);
  const active = await create(`${prefix} active`);
  const unsearched = await create(uniqueName('Unsearched inactive'));
  await api(page, 'POST', '/api/posts/action', {
    ids: [found.id, unsearched.id],
    action: 'disable',
  });
  try {
    await page.goto('/admin/posts');
    const titles = page.getByRole('table', { name: 'Posts' }).locator('tbody td.fw-semibold');
    await expect(titles.first()).toBeVisible();

    // The Status filter changes the moment the search box's delayed update reaches the address,
    // before the page has rendered it: the moment a busy machine leaves open between typing and
    // the next click.
    await page.evaluate(() => {
      const replaceState = history.replaceState.bind(history);
      history.replaceState = (data, unused, url) => {
        replaceState(data, unused, url);
        if (!String(url).includes('query=')) return;
        history.replaceState = replaceState;
        queueMicrotask(() => {
          const status = document.querySelector<HTMLSelectElement>(
            'select[aria-label="Status filter"]',
          );
          if (!status) throw new Error('No Status filter');
          status.value = '0';
          status.dispatchEvent(new Event('change', { bubbles: true }));
        });
      };
    });
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(prefix);

    await expect(page).toHaveURL(
      (url) => url.searchParams.get('query') === prefix && url.searchParams.get('status') === '0',
    );
    await expect(titles).toHaveText([found.title]);
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue(prefix);
    await expect(page.getByLabel('Status filter')).toHaveValue('0');
  } finally {
    for (const post of [found, active, unsearched])
      await removeIfPresent(page, `/api/posts/${post.id}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
  }
});
