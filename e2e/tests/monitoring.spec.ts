import { expect, type Page, test } from '@playwright/test';
import { MONITOR_ERRORS, type Website } from '@sitefleet/contract';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { type LocalWebsite, startLocalWebsite } from './local-website.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/**
 * The monitor as an operator meets it: the dashboard's "Websites down" opening the Websites list
 * filtered to them, and a website's Monitoring tab, reached by its address.
 */

let site: LocalWebsite;
let cleanups: (() => Promise<void>)[] = [];

test.beforeEach(async ({ page }) => {
  cleanups = [];
  site = await startLocalWebsite();
  await signInThroughApi(page, ADMIN);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await site.close();
});

/** A website on the local site; with a keyword its page lacks, two checks make it down. */
async function websiteOn(page: Page, name: string, keyword?: string) {
  const website = await api<Website>(page, 'POST', '/api/websites', {
    name,
    url: site.url,
    hosting: 'E2E Hosting',
    cost: 100,
    duration: 12,
    ...(keyword && { monitor_keyword: keyword }),
  });
  cleanups.push(() => removeIfPresent(page, `/api/websites/${website.id}`));
  return website;
}

async function checkTwice(page: Page, website: Website) {
  await api(page, 'POST', `/api/websites/${website.id}/monitor/check`);
  const checked = await api<{ status: string }>(
    page,
    'POST',
    `/api/websites/${website.id}/monitor/check`,
  );
  expect(checked.status).toBe('down');
}

test("the dashboard's Websites down opens the list of the websites down, by the Monitor status filter", async ({
  page,
}) => {
  const prefix = uniqueName('Monitor filter');
  const down = await websiteOn(page, `${prefix} down`, 'Opening hours');
  const up = await websiteOn(page, `${prefix} up`);
  await checkTwice(page, down);
  await api(page, 'POST', `/api/websites/${up.id}/monitor/check`);

  await page.goto('/admin/dashboard');
  const box = page.getByRole('region', { name: 'Websites down' });
  await box.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/admin\/websites\?monitor_status=down$/);
  const filter = page.getByLabel('Monitor status filter');
  await expect(filter).toHaveValue('down');

  await page.getByRole('searchbox', { name: 'Search websites' }).fill(prefix);
  const table = page.getByRole('table', { name: 'Websites' });
  await expect(table.getByRole('link', { name: down.name })).toBeVisible();
  await expect(table.getByRole('link', { name: up.name })).toHaveCount(0);

  await filter.selectOption('up');
  await expect(table.getByRole('link', { name: up.name })).toBeVisible();
  await expect(table.getByRole('link', { name: down.name })).toHaveCount(0);
  await filter.selectOption('');
  await expect(table.getByRole('link', { name: down.name })).toBeVisible();
  await expect(table.getByRole('link', { name: up.name })).toBeVisible();
});

test('?settings=…&tab=monitoring opens the Monitoring tab: the status once, its reason, a chart with axes', async ({
  page,
}) => {
  const website = await websiteOn(page, uniqueName('Monitor tab'), 'Opening hours');
  await checkTwice(page, website);

  await page.goto(`/admin/websites?settings=${website.id}&tab=monitoring`);
  const dialog = page.getByRole('dialog', { name: `Advance Settings: ${website.name}` });
  await expect(dialog.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const status = dialog.getByTestId('monitor-status');
  await expect(status).toHaveText(`Down: ${MONITOR_ERRORS.keyword}`);
  const chart = dialog.getByRole('img', { name: 'The last 2 checks: 2 failed' });
  await expect(chart.getByTestId('response-axis')).toContainText(/^\d+ ms0 ms$/);
  await expect(chart.getByTestId('time-axis')).toContainText(/^\d\d-\d\d-\d{4}/);

  await page.goto(`/admin/websites?settings=${website.id}&tab=delivery`);
  await expect(dialog.getByRole('tab', { name: 'Delivery' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
