import { expect, test } from '@playwright/test';
import { api, demoWebsites, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, EDITOR, signInThroughApi, switchUser } from './users.ts';

// A laptop's height, where the review's footer reaches down to where toasts show.
test.use({ viewport: { width: 1366, height: 720 } });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('Detailed Review tells one story of a variant, has one pagination, and toasts leave its buttons free', async ({
  page,
}) => {
  const websites = await demoWebsites(page);
  const categoryName = uniqueName('Review Category');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'For Detailed Review.',
    keywords: 'e2e',
    websites: websites.map((website) => website.id),
  });
  const title = uniqueName('Review Post');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'A post whose content is regenerated without an AI provider.',
    category_id: category.id,
  });
  try {
    const details = await api<{ data: { pivot_id: number }[] }>(
      page,
      'GET',
      `/api/posts/details/${post.id}`,
    );
    const variantId = details.data[0]?.pivot_id;
    await api(page, 'POST', '/api/posts/details/action', {
      ids: [variantId],
      action: 'regenerate_content',
    });

    // Someone other than the author (who asked for the regeneration too) approves it.
    await switchUser(page, EDITOR);
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    const variant = review
      .getByRole('table', { name: 'Detail rows' })
      .getByRole('row')
      .filter({ hasText: String(variantId) })
      .first();
    // The worker finds no AI provider; the review reloads itself until the row says so.
    await expect(variant).toContainText('The AI provider is not configured', { timeout: 60_000 });

    await variant.getByRole('button', { name: 'Attempts' }).click();
    const attempts = review.getByRole('region', { name: `Delivery attempts of row ${variantId}` });
    await expect(attempts.getByRole('table', { name: 'Delivery attempts' })).toBeVisible();
    await expect(attempts).toContainText('The AI provider is not configured');
    await expect(attempts).not.toContainText('No delivery has been attempted yet.');
    await expect(review.getByRole('navigation')).toHaveCount(1);

    // An action's toast appears while the review is open: the footer's buttons stay free.
    await variant.getByRole('checkbox', { name: 'Select row' }).check();
    await review.getByLabel('Bulk action').selectOption({ label: 'Mark as Approved' });
    await review.getByRole('button', { name: 'Apply' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'successfully' }).first();
    await expect(toast).toBeVisible();
    // The toast and the buttons are measured in one step: a toast closes by itself after 5 s,
    // which a busy machine could spend between separate measurements.
    const measured = await review.evaluate((dialog) => {
      const shown = [...document.querySelectorAll('[role="alert"]')].find((alert) =>
        alert.textContent?.includes('successfully'),
      );
      if (!shown) return undefined;
      const box = shown.getBoundingClientRect();
      const buttons = [...dialog.querySelectorAll('.modal-footer button, nav button')];
      const covered = buttons.filter((button) => {
        const other = button.getBoundingClientRect();
        return (
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom
        );
      });
      return {
        buttons: buttons.map((button) => button.textContent?.trim()),
        covered: covered.map((button) => button.textContent?.trim()),
      };
    });
    expect(measured?.buttons).toEqual(expect.arrayContaining(['Close', 'Previous', 'Next']));
    expect(measured?.covered).toEqual([]);
    const close = review.locator('.modal-footer').getByRole('button', { name: 'Close' });
    await close.click();
    await expect(review).toBeHidden();
  } finally {
    await removeIfPresent(page, `/api/posts/${post.id}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
  }
});
