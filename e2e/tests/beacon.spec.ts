import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type TrafficAnswer, trackingSnippet } from '@sitefleet/contract';
import { BASE_URL } from '../servers.ts';
import { api, postOnNewWebsite, removeIfPresent } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/**
 * The beacon in a real browser: a website's page on another origin loads `/t.js` with the snippet
 * its Advance Settings show, and its page view (and the next one, a History navigation) reach the
 * roll-ups, attributed to the post the page names in its meta tag.
 */

/** A reader's browser: the beacon drops what names itself a bot, as HeadlessChrome does. */
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
});

/** The operator's website: one page carrying the snippet and its post's meta tag. */
async function startPage(html: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('a page view and a History navigation in Chromium reach the roll-ups, on the post its meta tag names', async ({
  page,
  context,
}) => {
  await signInThroughApi(page, ADMIN);
  let snippet = '';
  let postId = 0;
  const site = await startPage(
    () => `<!doctype html><html><head><title>Lisbon</title>
      <meta name="sitefleet:post" content="${postId}">${snippet}</head>
      <body><button onclick="history.pushState({}, '', '/travel/lisbon/comments')">Comments</button></body></html>`,
  );
  test.info().annotations.push({ type: 'page', description: site.url });
  try {
    const made = await postOnNewWebsite(page, { prefix: 'Beacon', title: 'Lisbon in a day' });
    postId = made.postId;
    // The website is the page's: its views count only on its own host.
    await api(page, 'PUT', `/api/websites/${made.websiteId}`, {
      name: made.websiteName,
      url: site.url,
      status: 1,
      hosting: 'Local',
      cost: 1,
      duration: 1,
    });
    const { tracking_key } = await api<{ tracking_key: string }>(
      page,
      'GET',
      `/api/websites/${made.websiteId}/settings`,
    );
    snippet = trackingSnippet(BASE_URL, tracking_key);

    const reader = await context.newPage();
    const sent = reader.waitForRequest(
      (request) => request.url() === `${BASE_URL}/api/collect` && request.method() === 'POST',
    );
    await reader.goto(`${site.url}/travel/lisbon`);
    await sent;
    await reader.getByRole('button', { name: 'Comments' }).click();

    const traffic = () =>
      api<TrafficAnswer>(page, 'GET', `/api/traffic?website_id=${made.websiteId}&interval=day`);
    await expect.poll(async () => (await traffic()).totals.views).toBe(2);
    const answer = await traffic();
    expect(answer.totals.visitors).toBe(1);
    expect(
      answer.top_pages
        .map(({ path, post_id, views }) => ({ path, post_id, views }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { path: '/travel/lisbon', post_id: postId, views: 1 },
      { path: '/travel/lisbon/comments', post_id: postId, views: 1 },
    ]);
    await removeIfPresent(page, `/api/websites/${made.websiteId}`);
  } finally {
    await new Promise((resolve) => site.server.close(resolve));
  }
});
