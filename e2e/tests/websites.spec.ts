import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  COST_MESSAGES,
  formatRupees,
  internalUrlWarning,
  MONITOR_MESSAGES,
  REFRESH_HOUR_OPTIONS,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitefleet/contract';
import { expectToast } from './admin-screens.ts';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** What each test made, removed afterwards (newest first) so that other suites see the demo data. */
let cleanups: (() => Promise<void>)[] = [];

test.beforeEach(async ({ page }) => {
  cleanups = [];
  await signInThroughApi(page, ADMIN);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function createWebsite(page: Page, name: string): Promise<Website> {
  const website = await api<Website>(page, 'POST', '/api/websites', {
    name,
    url: `https://${slugOf(name)}.example.com`,
    hosting: 'E2E Hosting',
    cost: 100,
    duration: 12,
  });
  cleanups.push(() => removeIfPresent(page, `/api/websites/${website.id}`));
  return website;
}

/** A category on the given websites with one post: one category and one post variant each. */
async function contentOn(page: Page, websiteIds: number[]) {
  const categoryName = uniqueName('E2E category');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: slugOf(categoryName),
    description: 'Made by the websites test.',
    keywords: 'e2e',
    websites: websiteIds,
  });
  cleanups.push(() => removeIfPresent(page, `/api/categories/${category.id}`));
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title: uniqueName('E2E post'),
    description: 'Made by the websites test.',
    category_id: category.id,
  });
  cleanups.push(() => removeIfPresent(page, `/api/posts/${post.id}`));
  return { categoryId: category.id, postId: post.id };
}

/** The websites list narrowed to one search, so that other rows never get in the way. */
async function openWebsites(page: Page, query: string) {
  await page.goto(`/admin/websites?query=${encodeURIComponent(query)}`);
  await expect(page.getByRole('link', { name: query }).first()).toBeVisible();
}

test('a website is added once its errors are fixed, shows its signing secret once, then is edited', async ({
  page,
}) => {
  const name = uniqueName('Added site');
  const url = `https://${slugOf(name)}.example.com`;
  await page.goto('/admin/websites');
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add New Website' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add New Website' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Url').fill('ftp://files.example.com');
  await dialog.getByLabel('Cost (₹)').fill('a lot');
  await dialog.getByLabel('Duration (months)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    WEBSITE_MESSAGES.urlInvalid,
    WEBSITE_MESSAGES.hostingRequired,
    COST_MESSAGES.invalid,
    WEBSITE_MESSAGES.durationInvalid,
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByLabel('Name')).toHaveValue(name);

  await dialog.getByLabel('Url').fill(url);
  await dialog.getByLabel('Hosting').fill('Hostinger');
  await dialog.getByLabel('Cost (₹)').fill('1234.5');
  await dialog.getByLabel('Duration (months)').fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Its signing secret, shown this once: the Webhook Settings show only its last characters.
  const added = page.getByRole('dialog', { name: 'Website added' });
  const secret = await added.getByLabel('Signing secret').inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();
  const [created] = (
    await api<{ data: Website[] }>(page, 'GET', `/api/websites?query=${encodeURIComponent(name)}`)
  ).data;
  cleanups.push(() => removeIfPresent(page, `/api/websites/${created?.id}`));
  const settings = await api<{ webhook_secret_hint: string }>(
    page,
    'GET',
    `/api/websites/${created?.id}/settings`,
  );
  expect(settings.webhook_secret_hint).toBe(`••••${secret.slice(-4)}`);

  await page.getByRole('searchbox', { name: 'Search websites' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const link = row.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(row).toContainText('Active');
  await expect(row).toContainText(formatRupees(1234.5));
  await expect(row).toContainText('6 months');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Website' });
  await expect(editDialog.getByLabel('Url')).toHaveValue(url);
  await editDialog.getByLabel('Hosting').fill('Hetzner Cloud');
  await editDialog.getByLabel('Status').selectOption({ label: 'InActive' });
  // Dates are typed in the order the list shows them, whatever the browser's language.
  await editDialog.getByLabel('Next Renewal').fill('31-02-2030');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog.getByText(WEBSITE_MESSAGES.nextRenewalDateInvalid)).toBeVisible();
  await editDialog.getByLabel('Next Renewal').fill('31-01-2030');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.updated)).toBeVisible();
  await expect(row).toContainText('Hetzner Cloud');
  await expect(row).toContainText('InActive');
  await expect(row).toContainText('31-01-2030');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(editDialog.getByLabel('Next Renewal')).toHaveValue('31-01-2030');
});

test('the Name header sorts the websites both ways, and the URL keeps the order', async ({
  page,
}) => {
  const group = uniqueName('Sorted');
  for (const suffix of ['Bravo', 'Alpha', 'Charlie'])
    await createWebsite(page, `${group} ${suffix}`);
  await openWebsites(page, group);
  const table = page.getByRole('table', { name: 'Websites' });
  const names = table.getByRole('link', { name: group });
  const nameHeader = table.getByRole('button', { name: 'Name', exact: true });
  await expect(names).toHaveText([`${group} Charlie`, `${group} Alpha`, `${group} Bravo`]);
  await expect(table.getByRole('button', { name: 'Hosting', exact: true })).toHaveCount(0);

  await nameHeader.click();
  await expect(names).toHaveText([`${group} Alpha`, `${group} Bravo`, `${group} Charlie`]);
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  await nameHeader.click();
  await expect(names).toHaveText([`${group} Charlie`, `${group} Bravo`, `${group} Alpha`]);
  await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);

  await page.reload();
  await expect(names).toHaveText([`${group} Charlie`, `${group} Bravo`, `${group} Alpha`]);
  await expect(page.getByRole('searchbox', { name: 'Search websites' })).toHaveValue(group);
});

test('Advance Settings keep a change in each tab; an error opens its tab', async ({ page }) => {
  const name = uniqueName('Settings site');
  await createWebsite(page, name);
  await openWebsites(page, name);
  const openSettings = async () => {
    await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
    await expect(dialog.getByLabel('Google Analytics')).toBeVisible();
    return dialog;
  };
  const tab = (dialog: Locator, title: string) =>
    dialog.getByRole('tab', { name: new RegExp(`^${title}`) });
  const twoHours = REFRESH_HOUR_OPTIONS[1]!;

  let dialog = await openSettings();
  await dialog.getByLabel('Google Analytics').fill('G-E2E123');

  await tab(dialog, 'SEO Settings').click();
  const keywords = dialog.getByLabel('SEO Keywords');
  await keywords.fill('baking');
  await keywords.press('Enter');
  await keywords.fill('bread, Baking');
  await keywords.press('Enter');
  await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(2);

  await tab(dialog, 'AI Prompts Settings').click();
  await dialog.getByLabel('Category Prompt').fill('Ideas for {website} about {colour}');

  await tab(dialog, 'Scheduler Settings').click();
  await dialog.getByLabel('Category Refresh').selectOption({ label: twoHours.label });
  await dialog.getByLabel('Posts Limit').selectOption('150');

  await tab(dialog, 'Webhook Settings').click();
  await dialog.getByLabel('Post Webhook Url').fill('https://hooks.example.com/posts');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(tab(dialog, 'AI Prompts Settings')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText(WEBSITE_MESSAGES.unknownPlaceholders(['colour']))).toBeVisible();
  await expect(dialog.getByLabel('Category Prompt')).toBeFocused();

  await dialog.getByLabel('Category Prompt').fill('Ideas for {website} about {keywords}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.settingsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await openSettings();
  await expect(dialog.getByLabel('Google Analytics')).toHaveValue('G-E2E123');
  await tab(dialog, 'SEO Settings').click();
  await expect(dialog.getByRole('button', { name: 'Remove baking' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove bread' })).toBeVisible();
  await tab(dialog, 'AI Prompts Settings').click();
  await expect(dialog.getByLabel('Category Prompt')).toHaveValue(
    'Ideas for {website} about {keywords}',
  );
  await tab(dialog, 'Scheduler Settings').click();
  await expect(dialog.getByLabel('Category Refresh')).toHaveValue(String(twoHours.value));
  await expect(dialog.getByLabel('Posts Limit')).toHaveValue('150');
  await tab(dialog, 'Webhook Settings').click();
  await expect(dialog.getByLabel('Post Webhook Url')).toHaveValue(
    'https://hooks.example.com/posts',
  );
});

test("the Monitoring tab starts a website's maintenance window for a chosen time, and ends it", async ({
  page,
}) => {
  const name = uniqueName('Maintained site');
  const website = await createWebsite(page, name);
  await openWebsites(page, name);
  await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
  await dialog.getByRole('tab', { name: 'Monitoring' }).click();
  const maintenance = dialog.getByRole('region', { name: 'Maintenance' });
  await expect(maintenance).toContainText('Not in maintenance.');

  await maintenance.getByLabel('For').selectOption({ label: '2 hours' });
  const asked = Date.now();
  await maintenance.getByRole('button', { name: 'Start maintenance' }).click();
  await expectToast(page, MONITOR_MESSAGES.maintenanceStarted);
  await expect(maintenance).toContainText('In maintenance until');
  const started = await api<{ maintenance_until: string | null }>(
    page,
    'GET',
    `/api/websites/${website.id}/monitor`,
  );
  const until = new Date(started.maintenance_until!).getTime();
  expect(until).toBeGreaterThanOrEqual(asked + 2 * 3_600_000 - 1000);
  expect(until).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
  // The list behind the dialog shows it too.
  await expect(
    page.getByRole('row').filter({ hasText: name }).getByText('Maintenance'),
  ).toBeAttached();

  await maintenance.getByRole('button', { name: 'End maintenance' }).click();
  await expectToast(page, MONITOR_MESSAGES.maintenanceEnded);
  await expect(maintenance).toContainText('Not in maintenance.');
  const ended = await api<{ maintenance_until: string | null }>(
    page,
    'GET',
    `/api/websites/${website.id}/monitor`,
  );
  expect(ended.maintenance_until).toBeNull();
});

test('a webhook URL on an internal address is warned about as it is typed, and still saved; one in an allowed range is not', async ({
  page,
}) => {
  const name = uniqueName('Internal hook site');
  await createWebsite(page, name);
  await openWebsites(page, name);
  await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
  await dialog.getByRole('tab', { name: 'Webhook Settings' }).click();
  const warnings = dialog.getByTestId('internal-url-warning');

  await dialog.getByLabel('Post Webhook Url').fill('http://0x0a000001/hooks');
  await expect(warnings).toHaveText([internalUrlWarning('http://0x0a000001/hooks')!]);
  await expect(warnings).toContainText('10.0.0.1 is an internal address');
  await dialog.getByLabel('Category Webhook Url').fill('http://metadata.google.internal/');
  await expect(warnings).toHaveCount(2);
  // The browser suite's server allows 127.0.0.1 (OUTBOUND_ALLOWED_RANGES), however it is written.
  await dialog.getByLabel('Category Webhook Url').fill('http://0x7f000001:8080/categories');
  await expect(warnings).toHaveCount(1);

  // A warning, not a refusal: the server decides when it sends.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.settingsSaved)).toBeVisible();
  await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
  await dialog.getByRole('tab', { name: 'Webhook Settings' }).click();
  await expect(dialog.getByLabel('Post Webhook Url')).toHaveValue('http://0x0a000001/hooks');
  await expect(warnings).toHaveCount(1);
});

test('rotating the signing secret shows the new one once', async ({ page }) => {
  const name = uniqueName('Secret site');
  await createWebsite(page, name);
  await openWebsites(page, name);
  await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
  await dialog.getByRole('tab', { name: 'Webhook Settings' }).click();
  const hint = dialog.getByTestId('webhook-secret-hint');
  const oldHint = await hint.textContent();

  await dialog.getByRole('button', { name: 'Rotate secret' }).click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
  const secretInput = dialog.getByLabel('New signing secret');
  await expect(secretInput).toHaveValue(/.{32,}/);
  const secret = await secretInput.inputValue();
  await expect(hint).toHaveText(`••••${secret.slice(-4)}`);
  expect(await hint.textContent()).not.toBe(oldHint);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Advance Settings of ${name}` }).click();
  await dialog.getByRole('tab', { name: 'Webhook Settings' }).click();
  await expect(hint).toHaveText(`••••${secret.slice(-4)}`);
  await expect(dialog.getByLabel('New signing secret')).toHaveCount(0);
});

test('deleting a website names the variants that go; its categories and posts stay', async ({
  page,
}) => {
  const name = uniqueName('Deleted site');
  const website = await createWebsite(page, name);
  const { categoryId, postId } = await contentOn(page, [website.id]);
  const impact = { category_variants: 1, post_variants: 1 };

  await openWebsites(page, name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Website' });
  await expect(dialog).toContainText(WEBSITE_MESSAGES.deleteImpact(impact));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.deleted(1, impact))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'No results found...' })).toBeVisible();

  const posts = await api<{ data: { id: number }[] }>(
    page,
    'GET',
    `/api/posts?category_id=${categoryId}`,
  );
  expect(posts.data.map((row) => row.id)).toEqual([postId]);
});

test('Delete Selected names the variants that go with each ticked website, then removes them', async ({
  page,
}) => {
  const pair = uniqueName('Pair');
  const one = await createWebsite(page, `${pair} one`);
  const two = await createWebsite(page, `${pair} two`);
  await contentOn(page, [one.id, two.id]);
  await contentOn(page, [one.id]);
  await openWebsites(page, pair);
  const table = page.getByRole('table', { name: 'Websites' });
  await expect(table.getByRole('link', { name: new RegExp(pair) })).toHaveCount(2);

  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Selected' });
  await expect(dialog).toContainText('delete the 2 selected websites');
  const total = { category_variants: 3, post_variants: 3 };
  await expect(dialog).toContainText(WEBSITE_MESSAGES.bulkDeleteImpact(total));
  await expect(dialog.getByRole('listitem')).toHaveText([
    WEBSITE_MESSAGES.websiteVariants({ ...one, category_variants: 2, post_variants: 2 }),
    WEBSITE_MESSAGES.websiteVariants({ ...two, category_variants: 1, post_variants: 1 }),
  ]);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(WEBSITE_MESSAGES.deleted(2, total))).toBeVisible();
  await expect(table.getByRole('cell', { name: 'No results found...' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
});
