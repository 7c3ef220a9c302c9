import { expect, type Page } from '@playwright/test';

/**
 * Calls the API as the signed-in user of `page` (its cookies), to set up or clean up what a test
 * needs without going through screens that another test covers. Fails the test on an error answer.
 */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Two of the demo's websites, which no spec deletes: the first websites by name may be another
 * spec's, deleted (with the variants on them) while this one runs.
 */
export async function demoWebsites(page: Page): Promise<[Website, Website]> {
  const all = await api<Website[]>(page, 'GET', '/api/getAllWebsites');
  const found = ['Daily Recipes', 'Travel Notes'].map((name) => all.find((w) => w.name === name));
  if (!found[0] || !found[1])
    throw new Error('The demo websites Daily Recipes and Travel Notes are missing.');
  return [found[0], found[1]];
}

interface Website {
  id: number;
  name: string;
}

/** A name no other test or run uses, e.g. 'Site k3x9a1'. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Deletes what a test made, if the test did not already: a 404 is as good as a 200. */
export async function removeIfPresent(page: Page, path: string): Promise<void> {
  const response = await page.request.delete(path, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect([200, 404], `DELETE ${path}: ${await response.text()}`).toContain(response.status());
}

/** A new category on `websiteIds`, named after `prefix`, with a slug of its own. */
export async function createCategory(page: Page, prefix: string, websiteIds: number[]) {
  const name = uniqueName(prefix);
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'News',
    keywords: 'news',
    websites: websiteIds,
  });
  return { id: category.id, name };
}

/** A new active website named after `prefix`, with `postWebhookUrl` as its post webhook if given. */
export async function createWebsite(page: Page, prefix: string, postWebhookUrl?: string) {
  const websiteName = uniqueName(`${prefix} Site`);
  const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name: websiteName,
    url: 'https://local.example.com',
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 1,
  });
  if (postWebhookUrl) {
    await api(page, 'PATCH', `/api/websites/${website.id}/update-settings`, {
      post_webhook_url: postWebhookUrl,
    });
  }
  return { website, websiteName };
}

/**
 * A new active website (whose post webhook is `postWebhookUrl`, if given), a category on it and
 * a post titled `title` in that category.
 */
export async function postOnNewWebsite(
  page: Page,
  { prefix, title, postWebhookUrl }: { prefix: string; title: string; postWebhookUrl?: string },
) {
  const { website, websiteName } = await createWebsite(page, prefix, postWebhookUrl);
  const category = await createCategory(page, `${prefix} news`, [website.id]);
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'Published by the browser suite.',
    category_id: category.id,
  });
  return { websiteId: website.id, websiteName, categoryId: category.id, postId: post.id };
}

/**
 * A Facebook app and a channel through it that publishes for `websiteIds`, named after `prefix`
 * (or given `names`, e.g. long ones); `remove` deletes both. Nothing calls the network: the
 * channel is made with its token as typed.
 */
export async function createChannel(
  page: Page,
  prefix: string,
  websiteIds: number[] = [],
  names: { app?: string; channel?: string } = {},
) {
  const app = await api<{ id: number; name: string }>(page, 'POST', '/api/social-apps', {
    network: 'facebook',
    name: names.app ?? uniqueName(`${prefix} App`),
    client_id: 'e2e-client',
  });
  const channel = await api<{ id: number; name: string }>(page, 'POST', '/api/channels', {
    network: 'facebook',
    name: names.channel ?? uniqueName(`${prefix} Page`),
    external_id: uniqueName('e2e').replace(' ', '-'),
    access_token: 'EAAB-e2e',
    app_id: app.id,
    website_ids: websiteIds,
  });
  return {
    app,
    channel,
    remove: async () => {
      await removeIfPresent(page, `/api/channels/${channel.id}`);
      await removeIfPresent(page, `/api/social-apps/${app.id}`);
    },
  };
}
