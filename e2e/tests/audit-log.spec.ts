import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { WEBSITE_MESSAGES, type Website } from '@sitefleet/contract';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

let cleanups: (() => Promise<void>)[] = [];

test.beforeEach(async ({ page }) => {
  cleanups = [];
  await signInThroughApi(page, ADMIN);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("a website's edit shows in its History and in the Audit Log", async ({ page }) => {
  const name = uniqueName('Audited site');
  const website = await api<Website>(page, 'POST', '/api/websites', {
    name,
    url: 'https://audited.example.com',
    hosting: 'E2E Hosting',
    cost: 100,
    duration: 12,
  });
  cleanups.push(() => removeIfPresent(page, `/api/websites/${website.id}`));

  await page.goto(`/admin/websites?query=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Website' });
  await dialog.getByLabel('Hosting').fill('Audited Hosting');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.updated)).toBeVisible();
  await expect(row).toContainText('Audited Hosting');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const reopened = page.getByRole('dialog', { name: 'Edit Website' });
  await reopened.getByRole('button', { name: 'History' }).click();
  const history = reopened.getByRole('list', { name: 'History entries' });
  const edit = history.getByRole('listitem').first();
  await expect(edit).toContainText('Updated by Administrator');
  const hosting = edit.locator('[data-field="hosting"]');
  await expect(hosting.locator('del')).toHaveText('E2E Hosting');
  await expect(hosting.locator('ins')).toHaveText('Audited Hosting');
  await expect(history.getByRole('listitem').last()).toContainText('Created by Administrator');
  await reopened.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await page.getByRole('searchbox', { name: 'Search audit log' }).fill(name);
  await page.getByLabel('Action filter').selectOption({ label: 'Updated' });
  const entries = page.getByRole('table', { name: 'Audit log' }).getByRole('row');
  const entry = entries.filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Administrator');
  await expect(entry).toContainText('Website');
  await expect(entry.locator('[data-field="hosting"]')).toContainText('Audited Hosting');
  // The search reaches the list after a pause in typing: the row may show before the list is
  // narrowed to it, so the export waits for both filters in the address.
  await expect(page).toHaveURL(/action=updated/);
  await expect(page).toHaveURL(new RegExp(`query=[^&]*${name.split(' ').pop()}`));

  // The export is what the list shows: this one entry.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sitefleet-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(name);
  expect(lines[1]).toContain('updated');

  await page.getByLabel('Record type filter').selectOption({ label: 'Instance' });
  await expect(page.getByText('No entries match.')).toBeVisible();
});
