import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
export const VIEWER = { email: 'viewer@example.com', password: 'viewer12345' };
export const EDITOR = { email: 'editor@example.com', password: 'editor12345' };

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs the page's browser context in through the API, for set-up that no screen needs to show. */
export async function signInThroughApi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/login', {
    data: { email: user.email, password: user.password, remember: false },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(response.ok(), `sign-in as ${user.email}: ${await response.text()}`).toBe(true);
}
