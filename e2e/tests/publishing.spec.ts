import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './users.ts';

const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/** A name no other test (nor an earlier run on the same data) uses. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A local stand-in for an operator's website: it takes every webhook and remembers the bodies. */
let website: Server;
let websiteUrl: string;
const received: { path: string; body: string }[] = [];

test.beforeAll(async () => {
  website = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: `site-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => website.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

/** A website whose post webhook is the local stand-in, a category on it, and a post. */
async function postOnLocalWebsite(page: Page, title: string) {
  const name = uniqueName('Local Site');
  const site = await page.request.post('/api/websites', {
    headers: AJAX,
    data: {
      name,
      url: 'https://local.example.com',
      status: 1,
      hosting: 'Local',
      cost: 1,
      duration: 1,
    },
  });
  expect(site.status()).toBe(201);
  const { id: websiteId } = await site.json();
  const settings = await page.request.patch(`/api/websites/${websiteId}/update-settings`, {
    headers: AJAX,
    data: { post_webhook_url: `${websiteUrl}/hooks/posts` },
  });
  expect(settings.status()).toBe(200);
  const categoryName = uniqueName('Local news');
  const category = await page.request.post('/api/categories', {
    headers: AJAX,
    data: {
      name: categoryName,
      slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: 'News',
      keywords: 'news',
      websites: [websiteId],
    },
  });
  expect(category.status()).toBe(201);
  const post = await page.request.post('/api/posts', {
    headers: AJAX,
    data: {
      title,
      description: 'Published by the e2e suite.',
      category_id: (await category.json()).id,
    },
  });
  expect(post.status()).toBe(201);
}

/** The cell of `row` under the column headed `header`. */
async function cellUnder(table: Locator, row: Locator, header: string) {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

test('approves and publishes a post to a website, and its flag turns green', async ({ page }) => {
  const title = uniqueName('Harbour opening');
  await postOnLocalWebsite(page, title);
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
  const delivered = received.find((request) => request.body.includes(title));
  expect(delivered?.path).toBe('/hooks/posts');

  await variant.getByRole('button', { name: 'Attempts' }).click();
  const attempts = review.getByRole('table', { name: 'Delivery attempts' });
  await expect(attempts.locator('tbody tr')).toHaveCount(1);
  await expect(attempts.locator('tbody tr')).toContainText('delivered');
  await expect(attempts.locator('tbody tr')).toContainText('201');
});
