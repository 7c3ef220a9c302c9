import { expect, type Locator, test } from '@playwright/test';
import { postOnNewWebsite, uniqueName } from './api.ts';
import { type LocalWebsite, startLocalWebsite } from './local-website.ts';
import { ADMIN, EDITOR, signInThroughApi, switchUser } from './users.ts';

let website: LocalWebsite;
test.beforeAll(async () => {
  website = await startLocalWebsite();
});
test.afterAll(() => website.close());

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** The cell of `row` under the column headed `header`. */
async function cellUnder(table: Locator, row: Locator, header: string) {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

test('approves and publishes a post to a website, and its flag turns green', async ({ page }) => {
  const title = uniqueName('Harbour opening');
  await postOnNewWebsite(page, {
    prefix: 'Local',
    title: title,
    postWebhookUrl: `${website.url}/hooks/posts`,
  });
  // Someone other than the author approves: the four-eyes rule.
  await switchUser(page, EDITOR);
  await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
  const row = page
    .getByRole('table', { name: 'Posts' })
    .getByRole('row')
    .filter({ hasText: title });
  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
  await page.getByRole('button', { name: 'Publish to Web', exact: true }).click();
  await expect(
    page.getByText('Posts bulk updated successfully! 1 changed, 1 queued, 0 skipped.'),
  ).toBeVisible();

  await row.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
  const table = review.getByRole('table', { name: 'Detail rows' });
  const variant = table.locator('tbody tr').first();
  // The live events reload the review when the delivery completes: no reload by hand.
  const onWebsite = await cellUnder(table, variant, 'On Website');
  await expect(onWebsite.locator('.badge')).toHaveClass(/text-bg-success/, {
    // The worker's queue takes the job on its next poll, after the jobs queued before it.
    timeout: 60_000,
  });
  await expect(variant.locator('.badge', { hasText: 'delivered' })).toBeVisible();
  const delivered = website.received.find((request) => request.body.includes(title));
  expect(delivered?.path).toBe('/hooks/posts');

  await variant.getByRole('button', { name: 'Attempts' }).click();
  const attempts = review.getByRole('table', { name: 'Delivery attempts' });
  await expect(attempts.locator('tbody tr')).toHaveCount(1);
  await expect(attempts.locator('tbody tr')).toContainText('delivered');
  await expect(attempts.locator('tbody tr')).toContainText('201');
});
