import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import {
  formatDate,
  TRAFFIC_MESSAGES,
  type TrafficAnswer,
  trackingSnippet,
} from '@sitefleet/contract';
import { BASE_URL } from '../servers.ts';
import { expectToast } from './admin-screens.ts';
import { api, createCategory, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/**
 * The Traffic screen and the Websites list on real page views: a new website's, sent as its
 * pages' beacon sends them, and the week of views e2e/start-server.sh gives the shared server's
 * two traffic websites (apps/server/test/e2e-traffic.ts), whose views the scheduled task kept.
 */

const LEADER = 'Traffic E2E Leader';
const RUNNER_UP = 'Traffic E2E Runner-up';
/** A reader's browser: the beacon drops what names itself a bot (HeadlessChrome does). */
const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** The cells of a table's body rows, as text. */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

/** Sends page views to /api/collect as `navigator.sendBeacon` does: text/plain, no session. */
async function sendPageViews(views: { k: string; u: string; r?: string; p?: number }[]) {
  const reader = await request.newContext({ baseURL: BASE_URL, userAgent: READER_AGENT });
  try {
    for (const view of views) {
      const response = await reader.post('/api/collect', {
        data: JSON.stringify(view),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      });
      expect(response.status()).toBe(202);
    }
  } finally {
    await reader.dispose();
  }
}

async function websiteId(page: Page, name: string): Promise<number> {
  const found = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/websites?query=${encodeURIComponent(name)}`,
  );
  const website = found.data.find((row) => row.name === name);
  if (!website) throw new Error(`No website ${name}`);
  return website.id;
}

test("the Traffic screen charts a website's page views, as the beacon sent them", async ({
  page,
}) => {
  const name = uniqueName('Traffic Beacon Site');
  const host = `${name.split(' ').at(-1)}.beacon-e2e.example.com`;
  const website = await api<{ id: number; tracking_key: string }>(page, 'POST', '/api/websites', {
    name,
    url: `https://${host}`,
    hosting: 'E2E Hosting',
    cost: 100,
    duration: 12,
  });
  try {
    const k = website.tracking_key;
    await sendPageViews([
      { k, u: `https://${host}/news/first`, r: 'https://search.example/?q=news' },
      { k, u: `https://${host}/news/first`, r: 'https://search.example/?q=first' },
      { k, u: `https://${host}/news/first`, r: 'https://search.example/?q=fleet' },
      { k, u: `https://${host}/about` },
    ]);
    // The views are written within a second, in a batch.
    let traffic: TrafficAnswer | undefined;
    await expect
      .poll(async () => {
        traffic = await api<TrafficAnswer>(page, 'GET', `/api/traffic?website_id=${website.id}`);
        return traffic.totals.views;
      })
      .toBe(4);
    const today = traffic?.series.find((point) => point.views > 0);
    if (!today) throw new Error('No day with views');

    await page.goto(`/admin/traffic?period=7d&website_id=${website.id}`);
    await expect(page.getByRole('heading', { name: `Beacon: ${name}` })).toBeVisible();
    // The chart: uPlot's canvas, named for screen readers by its totals.
    const chart = page.getByRole('img', {
      name: 'Views and visitors per day: 4 views, 1 visitor',
    });
    await expect(chart.locator('canvas').first()).toBeVisible();

    await page.getByRole('button', { name: 'Show as table' }).click();
    const series = page.getByRole('table', { name: 'Views and visitors per day' });
    await expect(series.locator('tbody tr')).toHaveCount(7);
    expect(await rowsOf(series)).toContainEqual([formatDate(today.t.slice(0, 10)), '4', '1']);

    const top = page.getByRole('table', { name: 'Top pages' });
    await expect(top.locator('tbody tr').first()).toContainText('/news/first');
    expect(await rowsOf(top)).toEqual([
      ['/news/first', '3'],
      ['/about', '1'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Top referrers' }))).toEqual([
      ['search.example', '3'],
    ]);

    await page.getByRole('searchbox', { name: 'Search websites' }).fill(name);
    const perWebsite = page.getByRole('table', { name: 'Traffic per website' });
    await expect(perWebsite.locator('tbody tr')).toHaveCount(1);
    await expect(perWebsite.locator('tbody tr')).toContainText(name);
    const [row] = await rowsOf(perWebsite);
    // Website (name and address), views, visitors, change (no views the week before), sparkline.
    expect(row?.slice(1, 4)).toEqual(['4', '1', 'New']);
    await expect(
      perWebsite.getByRole('img', { name: `Views per day of ${name}: 7 days, at most 4 a day` }),
    ).toBeVisible();
  } finally {
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});

test("the per-website table and the Websites list sort by the views the roll-ups hold, the beacon's or GA4's", async ({
  page,
}) => {
  await page.goto('/admin/traffic?query=Traffic%20E2E');
  const perWebsite = page.getByRole('table', { name: 'Traffic per website' });
  await expect(perWebsite.locator('tbody tr')).toHaveCount(2);
  // Views by default, most first: 224 in the leader's week, 12 in the runner-up's three days.
  expect((await rowsOf(perWebsite)).map((row) => row.slice(1, 4))).toEqual([
    ['224', '112', 'New'],
    ['12', '6', 'New'],
  ]);
  await perWebsite.getByRole('button', { name: /Views/ }).click();
  await expect(perWebsite.locator('tbody tr').first()).toContainText(RUNNER_UP);

  // The chart of one website, picked in the table: its seven days, as a table.
  await perWebsite.getByRole('button', { name: LEADER }).click();
  await expect(page.getByRole('heading', { name: `Beacon: ${LEADER}` })).toBeVisible();
  await page.getByRole('button', { name: 'Show as table' }).click();
  // The fleet's chart stays shown (busy) until the website's answer replaces it: read until then.
  const series = page.getByRole('table', { name: 'Views and visitors per day' });
  await expect
    .poll(async () =>
      (await rowsOf(series)).filter((row) => row[1] !== '0').map((row) => row.slice(1)),
    )
    .toEqual([8, 16, 24, 32, 40, 48, 56].map((views) => [String(views), String(views / 2)]));
  await expect(series.locator('tbody tr')).toHaveCount(30);
  await expect
    .poll(() => rowsOf(page.getByRole('table', { name: 'Top pages' })))
    .toEqual([
      ['/recipes/soup', '168'],
      ['/', '56'],
    ]);

  // The Websites list's Views are the roll-ups' last 30 days.
  await page.goto('/admin/websites?query=Traffic%20E2E&sort=views&dir=desc');
  const websites = page.getByRole('table', { name: 'Websites' });
  await expect(websites.locator('tbody tr')).toHaveCount(2);
  await expect(websites.locator('tbody tr').first()).toContainText(LEADER);
  await expect(websites.locator('tbody tr').nth(1)).toContainText(RUNNER_UP);
  await page.goto('/admin/websites?query=Traffic%20E2E&sort=views');
  await expect(websites.locator('tbody tr').first()).toContainText(RUNNER_UP);

  // What GA4 counted, shown instead when chosen, and sorted by in its turn.
  await page.getByRole('combobox', { name: 'Views source' }).selectOption('ga4');
  await websites.getByRole('button', { name: /GA4 Views/ }).click();
  await expect(page).toHaveURL(/sort=ga4_views/);
  await page.goto('/admin/websites?query=Traffic%20E2E&sort=ga4_views&dir=desc');
  await expect(websites.locator('tbody tr').first()).toContainText(RUNNER_UP);
  await expect(websites.locator('tbody tr').first()).toContainText('200');
  await expect(websites.locator('tbody tr').nth(1)).toContainText('10');
});

test('a table without websites says there were no page views', async ({ page }) => {
  await page.goto('/admin/traffic?query=no%20such%20website%20at%20all');
  const perWebsite = page.getByRole('table', { name: 'Traffic per website' });
  await expect(perWebsite.getByText(TRAFFIC_MESSAGES.empty)).toBeVisible();
});

test("a website's Advance Settings give its tracking snippet, and a rotated key replaces it", async ({
  page,
}) => {
  const website = await api<{ id: number; name: string; tracking_key: string }>(
    page,
    'POST',
    '/api/websites',
    {
      name: uniqueName('Traffic Snippet Site'),
      url: 'https://snippet.example.com',
      hosting: 'E2E Hosting',
      cost: 100,
      duration: 12,
    },
  );
  try {
    await page.goto(`/admin/websites?settings=${website.id}&tab=traffic`);
    const dialog = page.getByRole('dialog', { name: `Advance Settings: ${website.name}` });
    const snippet = dialog.getByRole('textbox', { name: 'Tracking snippet' });
    await expect(snippet).toHaveValue(trackingSnippet(BASE_URL, website.tracking_key));
    await expect(dialog.getByRole('button', { name: 'Copy snippet' })).toBeVisible();
    await expect(
      dialog.getByRole('img', { name: /^Views and visitors per day: 0 views/ }),
    ).toBeVisible();

    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await dialog
      .getByRole('alertdialog', { name: 'Rotate key' })
      .getByRole('button', { name: 'Rotate key' })
      .click();
    await expectToast(page, TRAFFIC_MESSAGES.trackingKeyRotated);
    const rotated = await api<{ tracking_key: string }>(page, 'GET', `/api/websites/${website.id}`);
    expect(rotated.tracking_key).not.toBe(website.tracking_key);
    await expect(snippet).toHaveValue(trackingSnippet(BASE_URL, rotated.tracking_key));
  } finally {
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});

test("a post's Detailed Review shows its views on each website, as its pages' meta tag named it", async ({
  page,
}) => {
  const host = `${uniqueName('post').split(' ').at(-1)}.post-views-e2e.example.com`;
  const website = await api<{ id: number; name: string; tracking_key: string }>(
    page,
    'POST',
    '/api/websites',
    {
      name: uniqueName('Traffic Post Site'),
      url: `https://${host}`,
      hosting: 'E2E Hosting',
      cost: 100,
      duration: 12,
    },
  );
  const category = await createCategory(page, 'Traffic post news', [website.id]);
  const title = uniqueName('Traffic post');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'Read by the browser suite.',
    category_id: category.id,
  });
  try {
    const k = website.tracking_key;
    await sendPageViews([
      { k, u: `https://${host}/news/read-me`, p: post.id },
      { k, u: `https://${host}/news/read-me?ref=mail`, p: post.id },
    ]);
    await expect
      .poll(async () => {
        const traffic = await api<TrafficAnswer>(
          page,
          'GET',
          `/api/traffic?post_id=${post.id}&website_id=${website.id}`,
        );
        return traffic.totals.views;
      })
      .toBe(2);

    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    await review.getByRole('button', { name: 'Views', exact: true }).click();
    const views = review.getByRole('region', { name: /^Views of row / });
    await expect(views.getByRole('heading')).toContainText(website.name);
    // A post made today shows its first days hour by hour.
    await expect(
      views.getByRole('img', { name: 'Views and visitors per hour: 2 views, 1 visitor' }),
    ).toBeVisible();
  } finally {
    await removeIfPresent(page, `/api/posts/${post.id}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Traffic screen has no serious or critical violation in the ${theme} theme`, async ({
    page,
  }) => {
    await page.addInitScript((chosen) => localStorage.setItem('sitefleet.theme', chosen), theme);
    const leader = await websiteId(page, LEADER);
    await page.goto(`/admin/traffic?website_id=${leader}`);
    await expect(page.locator('[data-testid="traffic-chart"] canvas').first()).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Traffic per website' }).locator('tbody tr td + td').first(),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .analyze();
    const blocking = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      blocking.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
