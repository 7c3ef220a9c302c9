import { expect, test } from '@playwright/test';
import { ACTION_MESSAGES, SKIP_REASONS } from '@sitefleet/contract';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signIn } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test("Post to Website to a website without a post webhook is refused in the toast, which links to the website's Webhook Settings", async ({
  page,
}) => {
  const siteName = uniqueName('Hookless Site');
  const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name: siteName,
    url: 'https://hookless.example.com',
    hosting: 'E2E Hosting',
    cost: 1,
    duration: 12,
  });
  const categoryName = uniqueName('Hookless news');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'News',
    keywords: 'news',
    websites: [website.id],
  });
  const title = uniqueName('Hookless post');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'A post for a website that cannot take it.',
    category_id: category.id,
  });
  try {
    await api(page, 'POST', '/api/posts/action', { ids: [post.id], action: 'approve' });

    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    const variant = review
      .getByRole('table', { name: 'Detail rows' })
      .getByRole('row')
      .filter({ hasText: siteName });
    await variant.getByRole('checkbox', { name: 'Select row' }).check();
    await review.getByLabel('Bulk action').selectOption({ label: 'Post to Website' });
    await review.getByRole('button', { name: 'Apply' }).click();

    const toast = page.getByRole('alert').filter({
      hasText: ACTION_MESSAGES.nothingChanged(`1 skipped (1 ${SKIP_REASONS.noWebhook.post})`),
    });
    await expect(toast).toBeVisible();
    // Nothing was queued: the row shows no delivery.
    await expect(variant).not.toContainText('queued');

    await toast.getByRole('link', { name: ACTION_MESSAGES.webhookSettingsOf(siteName) }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/websites\\?settings=${website.id}&tab=webhook$`),
    );
    const settings = page.getByRole('dialog', { name: `Advance Settings: ${siteName}` });
    await expect(settings.getByRole('tab', { name: 'Webhook Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(settings.getByLabel('Post Webhook Url')).toHaveValue('');
  } finally {
    await removeIfPresent(page, `/api/posts/${post.id}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});
