import { expect, test } from '@playwright/test';
import { SCHEDULED_TASKS_PER_PAGE } from '@sitefleet/contract';
import { DEMO_URL } from '../servers.ts';
import { api } from './api.ts';
import { ADMIN, EDITOR, signIn, signOut, VIEWER } from './users.ts';

// The demo data's exact counts: on the demo server, which no spec adds records to.
test.use({ baseURL: DEMO_URL });

test('the guard sends a visitor without a session to the sign-in page', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a wrong password shows the server message in a red alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('These credentials do not match our records.');
  await expect(alert).toHaveClass(/alert-danger/);
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in, sees the dashboard with real counts, and signs out', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-websites')).toHaveText('5');
  await page.getByRole('button', { name: 'Scheduled Tasks' }).click();
  const tasks = page.getByRole('table', { name: 'Scheduled Tasks' });
  const listed = await api<{ data: unknown[] }>(
    page,
    'GET',
    `/api/stats/scheduled-tasks/page?per_page=${SCHEDULED_TASKS_PER_PAGE}`,
  );
  expect(listed.data.length).toBeGreaterThan(1);
  await expect(tasks.getByRole('row')).toHaveCount(listed.data.length + 1);
  await page.getByLabel('Search tasks').fill('sessions');
  await expect(tasks.getByRole('cell', { name: 'sessions:prune' })).toBeVisible();
  await expect(tasks.getByRole('row')).toHaveCount(2);
  await signOut(page);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a dashboard count changes with its filter', async ({ page }) => {
  await signIn(page, ADMIN);
  const count = page.getByTestId('stat-instances');
  await expect(count).toHaveText('6');
  await page.getByLabel('Instances filter').selectOption('running');
  await expect(count).toHaveText('3');
  await page.getByLabel('Instances filter').selectOption('stopping');
  await expect(count).toHaveText('1');
});

test('the theme survives a reload', async ({ page }) => {
  await signIn(page, ADMIN);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
  const choose = async (theme: string) => {
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('button', { name: theme, exact: true }).click();
  };
  await choose('Dark');
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  await choose('Light');
  await expect(html).toHaveAttribute('data-bs-theme', 'light');
});

test('the sidebar hides what a viewer may not use', async ({ page }) => {
  await signIn(page, VIEWER);
  const sidebar = page.locator('aside');
  for (const item of [
    'Dashboard',
    'Websites',
    'Instances',
    'Categories',
    'Posts',
    'Users',
    'Roles',
    'Settings',
  ]) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByText('ADMINISTRATION')).toHaveCount(0);

  await signOut(page);
  await signIn(page, EDITOR);
  for (const item of ['Users', 'Roles', 'Settings']) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toHaveCount(0);
  }
  await expect(sidebar.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();

  await signOut(page);
  await signIn(page, ADMIN);
  await expect(sidebar.getByText('ADMINISTRATION')).toBeVisible();
});
