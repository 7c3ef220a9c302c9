import { expect, test } from '@playwright/test';
import { postOnNewWebsite, uniqueName } from './api.ts';
import { type LocalWebsite, startLocalWebsite } from './local-website.ts';
import { ADMIN, apiAs, EDITOR, signIn } from './users.ts';

/** A website's webhook that is gone for good: every delivery answers 410. */
let gone: LocalWebsite;
test.beforeAll(async () => {
  gone = await startLocalWebsite({ status: 410 });
});
test.afterAll(() => gone.close());

test('shows a website whose webhook goes, without a reload, as paused, in red, with Resume in its menu', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const {
    websiteId,
    websiteName: name,
    postId,
  } = await postOnNewWebsite(page, {
    prefix: 'Gone',
    title: uniqueName('Gone story'),
    postWebhookUrl: `${gone.url}/hooks/posts`,
  });
  // The stream answers once the server listens: from then on, nothing published is missed.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events'));
  await page.goto(`/admin/deliveries?query=${encodeURIComponent(name)}`);
  await streamOpen;
  const row = page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toContainText('No attempts');
  // Gone if the page were loaded again.
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = 'same page';
  });

  // A 410 pauses the website at its first attempt, which the worker makes on its next poll.
  // Publish to Web approves: someone other than the author.
  await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: String(postId), action: 'publish_web' });
  await expect(row.getByRole('progressbar', { name: `Success rate of ${name}` })).toHaveAttribute(
    'data-health',
    'paused',
  );
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(
    'same page',
  );
  await expect(row.locator('.progress-bar')).toHaveClass(/bg-danger/);
  await expect(row.locator('.badge', { hasText: 'Paused' })).toHaveClass(/text-bg-danger/);
  await expect(row).toContainText('HTTP 410: gone');

  await row.getByRole('button', { name: `Options for ${name}` }).click();
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();

  const attempts = page.getByRole('table', { name: 'Attempts' });
  await page.getByRole('combobox', { name: 'Website filter' }).selectOption(String(websiteId));
  await expect(attempts.locator('tbody tr')).toHaveCount(1);
  await expect(attempts.locator('tbody tr')).toContainText('410');
});
