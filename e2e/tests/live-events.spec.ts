import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, postOnNewWebsite, uniqueName } from './api.ts';
import { startLocalWebsite } from './local-website.ts';
import { ADMIN, apiAs, EDITOR, signInThroughApi } from './users.ts';

/**
 * The live event stream in the browser: a delivery that completes while the Posts list and
 * Detailed Review are open shows there without a reload, the page having asked nothing again
 * until the server said something changed; the rows ticked meanwhile stay ticked.
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
  await signInThroughApi(page, ADMIN);
});

test('a delivery completing shows in the Posts list and Detailed Review without a reload', async ({
  page,
}) => {
  const title = uniqueName('Live harbour');
  const { postId } = await postOnNewWebsite(page, {
    prefix: 'Live',
    title,
    postWebhookUrl: `${websiteUrl}/hooks/posts`,
  });
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
  // Publish to Web approves: someone other than the author.
  await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: String(postId), action: 'publish_web' });
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

test("a live update keeps the rows ticked; the user's own action then clears them", async ({
  page,
}) => {
  const receiver = await startLocalWebsite();
  try {
    const prefix = uniqueName('Ticked');
    const delivered = `${prefix} delivered`;
    const ticked = `${prefix} kept`;
    const { postId } = await postOnNewWebsite(page, {
      prefix: 'Ticked',
      title: delivered,
      postWebhookUrl: `${receiver.url}/hooks/posts`,
    });
    const kept = await postOnNewWebsite(page, { prefix: 'Ticked', title: ticked });
    await page.goto(`/admin/posts?query=${encodeURIComponent(prefix)}`);
    const rowOf = (title: string) =>
      page.getByRole('table', { name: 'Posts' }).getByRole('row').filter({ hasText: title });
    const tick = rowOf(ticked).getByRole('checkbox', { name: 'Select row' });
    await expect(rowOf(delivered).getByRole('img', { name: 'Website: not posted' })).toBeVisible();
    await tick.check();

    // Another user's publish: the list reloads by itself when the delivery lands.
    await apiAs(EDITOR, 'POST', '/api/posts/action', {
      ids: String(postId),
      action: 'publish_web',
    });
    await expect(rowOf(delivered).getByRole('img', { name: 'Website: posted' })).toBeVisible();
    await expect(tick).toBeChecked();

    await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
    await page.getByRole('button', { name: 'Disable Status', exact: true }).click();
    await expect(
      page.getByText('Posts bulk updated successfully! 1 changed, 0 queued, 0 skipped.'),
    ).toBeVisible();
    await expect(tick).not.toBeChecked();
    const [post] = (
      await api<{ data: { id: number; status: number }[] }>(
        page,
        'GET',
        `/api/posts?query=${encodeURIComponent(ticked)}`,
      )
    ).data;
    expect(post).toMatchObject({ id: kept.postId, status: 2 });
  } finally {
    await receiver.close();
  }
});
