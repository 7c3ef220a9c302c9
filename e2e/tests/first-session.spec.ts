import { expect, test } from '@playwright/test';
import type { RoleRow, Setting } from '@sitefleet/contract';
import { DEMO_URL } from '../servers.ts';
import { api } from './api.ts';
import { ADMIN, signIn } from './users.ts';

// What a new user tripped over in a first session, one test each.

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN);
});

test('the login page sends a signed-in user to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the messages placeholder shows no made-up count, and is named', async ({ page }) => {
  const topBar = page.getByRole('navigation', { name: 'Top bar' });
  const button = topBar.getByRole('button', { name: /^Messages \(placeholder\)$/ });
  await expect(button).toBeVisible();
  await expect(button).not.toHaveText(/\d/);
  await button.click();
  await expect(page.locator('.dropdown-menu.show')).toContainText('Not available yet');
  await expect(page.locator('.dropdown-menu.show')).not.toContainText(/\d/);
  await page.keyboard.press('Escape');
});

test('the theme can follow the system, and light stays the default', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('button', { name: 'Follow the system' }).click();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
  await page.reload();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
});

test("the dashboard's filters are kept in the URL and survive a reload", async ({ page }) => {
  const postsFilter = page.getByLabel('Posts filter');
  await postsFilter.selectOption('today');
  await expect(page).toHaveURL(/[?&]posts=today/);
  await page.reload();
  await expect(page.getByLabel('Posts filter')).toHaveValue('today');
  await expect(page.getByLabel('Categories filter')).toHaveValue('all');
});

test.describe('on the untouched demo server', () => {
  // Its tasks are in every state the panel shows (apps/server/test/demo-states.ts), and no
  // scheduler runs there to change them.
  test.use({ baseURL: DEMO_URL });

  test('scheduled tasks: Due and Failed in red (with the error on hover), Running in blue, Scheduled in green', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Scheduled Tasks' }).click();
    const table = page.getByRole('table', { name: 'Scheduled Tasks' });
    const status = (command: string) =>
      table.getByRole('row').filter({ hasText: command }).getByRole('cell').nth(2);
    await expect(status('sessions:prune')).toHaveText('Due');
    await expect(status('sessions:prune')).toHaveClass(/text-danger/);
    // The others are found by their names: what the first page holds depends on when each is due.
    const search = page.getByLabel('Search tasks');
    await search.fill('deliveries:retry-failed');
    await expect(status('deliveries:retry-failed')).toHaveText('Failed');
    await expect(status('deliveries:retry-failed')).toHaveClass(/text-danger/);
    await expect(status('deliveries:retry-failed')).toHaveAttribute(
      'title',
      'Webhook answered 500',
    );
    await search.fill('db:check');
    await expect(status('db:check')).toHaveText('Running');
    await expect(status('db:check')).toHaveClass(/text-primary/);
    await search.fill('audit:prune');
    await expect(status('audit:prune')).toHaveText('Scheduled');
    await expect(status('audit:prune')).toHaveClass(/text-success/);
  });

  // The whole list, compared with the API's order: no other spec's records come and go there.
  test('Order By Name with the default direction sorts A→Z, and the direction shows it', async ({
    page,
  }) => {
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: /Advance Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Advance Filters' });
    await panel.getByLabel('Order By').selectOption({ label: 'Name' });
    await expect(panel.getByLabel('Order Direction')).toHaveValue('asc');
    const expected = await api<{ data: { name: string }[] }>(
      page,
      'GET',
      '/api/categories?order_key=name&order_dir=asc',
    );
    const names = page.getByRole('table', { name: 'Categories' }).locator('tbody .fw-semibold');
    await expect(names).toHaveText(expected.data.map((category) => category.name));
  });
});

test('permission badges of levels 2 and 3 are orange', async ({ page }) => {
  const roles = await api<{ data: RoleRow[] }>(page, 'GET', '/api/roles?per_page=100');
  // A role with both colours: other specs make roles of a few permissions, of one level.
  const role = roles.data.find(
    (candidate) =>
      candidate.permissions.some((permission) => [2, 3].includes(permission.level)) &&
      candidate.permissions.some((permission) => permission.level === 1),
  );
  if (!role) throw new Error('No role shows a permission of level 1 and one of level 2 or 3.');
  await page.goto(`/admin/roles?query=${encodeURIComponent(role.name)}`);
  const row = page
    .getByRole('table', { name: 'Roles' })
    .getByRole('row')
    .filter({ hasText: role.name });
  const badge = row.locator('.badge[title="Level 2"], .badge[title="Level 3"]').first();
  await expect(badge).toHaveCSS('background-color', 'rgb(253, 126, 20)');
  await expect(row.locator('.badge[title="Level 1"]').first()).toHaveCSS(
    'background-color',
    'rgb(220, 53, 69)',
  );
});

test('settings: values are not split mid-word, and read-only fields look read-only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/admin/settings?query=support_email');
  const value = page
    .getByRole('table', { name: 'Settings' })
    .getByRole('row')
    .filter({ hasText: 'app.support_email' })
    .getByText('support@example.com');
  await expect(value).toBeVisible();
  const lines = await value.evaluate((element) => {
    const height = element.getBoundingClientRect().height;
    return Math.round(height / Number.parseFloat(getComputedStyle(element).lineHeight));
  });
  expect(lines).toBe(1);

  const settings = await api<{ data: Setting[] }>(page, 'GET', '/api/settings?query=support_email');
  await page.goto(`/admin/settings/${settings.data[0]?.id}/edit`);
  const name = page.getByLabel('Name', { exact: true });
  const editable = page.getByLabel('Value', { exact: true });
  await expect(name).toHaveValue(/support_email/);
  const background = (locator: typeof name) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(name)).not.toBe(await background(editable));
});
