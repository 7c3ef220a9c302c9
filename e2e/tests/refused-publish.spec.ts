import { expect, test } from '@playwright/test';
import { ACTION_MESSAGES, SKIP_REASONS } from '@sitefleet/contract';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, apiAs, EDITOR, signInThroughApi } from './users.ts';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test("Post to Website to a website without a post webhook is refused in the toast, which links to the website's Webhook Settings", async ({
  page,
}) => {
  const title = uniqueName('Hookless post');
  const {
    websiteId,
    websiteName: siteName,
    categoryId,
    postId,
  } = await postOnNewWebsite(page, { prefix: 'Hookless', title });
  try {
    // Someone other than the author approves it.
    await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: [postId], action: 'approve' });

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
    // The link is followed while the toast shows: it closes by itself after 5 s.
    await toast.getByRole('link', { name: ACTION_MESSAGES.webhookSettingsOf(siteName) }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/websites\\?settings=${websiteId}&tab=webhook$`),
    );
    const settings = page.getByRole('dialog', { name: `Advance Settings: ${siteName}` });
    await expect(settings.getByRole('tab', { name: 'Webhook Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(settings.getByLabel('Post Webhook Url')).toHaveValue('');

    // Nothing was queued: the variant has no delivery.
    const details = await api<{ data: { website_id: number; delivery_status: string | null }[] }>(
      page,
      'GET',
      `/api/posts/details/${postId}`,
    );
    expect(details.data.find((row) => row.website_id === websiteId)?.delivery_status).toBeNull();
  } finally {
    await removeIfPresent(page, `/api/posts/${postId}`);
    await removeIfPresent(page, `/api/categories/${categoryId}`);
    await removeIfPresent(page, `/api/websites/${websiteId}`);
  }
});
