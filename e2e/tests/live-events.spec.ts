import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './users.ts';

const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The live event stream in the browser: a delivery that completes while the Posts list and
 * Detailed Review are open shows there without a reload, the page having asked nothing again
 * until the server said something changed.
 */

/** A local website whose webhook answers only when the test lets it. */
let website: Server;
let websiteUrl: string;
const held: ServerResponse[] = [];
let arrived: () => void = () => {};

test.beforeAll(async () => {
  website = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      held.push(response);
      arrived();
    });
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  for (const response of held.splice(0)) response.end();
  await new Promise((resolve) => website.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A post whose category's one website pushes to the local website. */
async function postOnHeldWebsite(page: Page, title: string) {
  const site = await page.request.post('/api/websites', {
    headers: AJAX,
    data: {
      name: unique('Live Site'),
      url: 'https://live.example.com',
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
  const categoryName = unique('Live news');
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
    data: { title, description: 'Told live.', category_id: (await category.json()).id },
  });
  expect(post.status()).toBe(201);
  return (await post.json()).id as number;
}

test('a delivery completing shows in the Posts list and Detailed Review without a reload', async ({
  page,
}) => {
  const title = unique('Live harbour');
  const postId = await postOnHeldWebsite(page, title);
  await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
  const row = page
    .getByRole('table', { name: 'Posts' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row.getByRole('img', { name: 'Website: not posted' })).toBeVisible();
  // Gone if the page were loaded again.
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = 'same page';
  });

  const webhookCalled = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const publish = await page.request.post('/api/posts/action', {
    headers: AJAX,
    data: { ids: String(postId), action: 'publish_web' },
  });
  expect(publish.status()).toBe(200);
  await row.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
  const variant = review.getByRole('table', { name: 'Detail rows' }).locator('tbody tr').first();
  await expect(variant.locator('.badge', { hasText: 'queued' })).toBeVisible();

  // The website answers only now: its answer reaches the open page through the event stream.
  await webhookCalled;
  for (const response of held.splice(0)) {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'live-1' }));
  }
  await expect(variant.locator('.badge', { hasText: 'delivered' })).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).first().click();
  await expect(row.getByRole('img', { name: 'Website: posted' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(
    'same page',
  );
});
