import { expect, type Page, request } from '@playwright/test';
import { BASE_URL } from '../servers.ts';
import { api } from './api.ts';

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

/** The id of the user signed in with `email`, read through the API as the page's user. */
export async function userId(page: Page, email: string): Promise<number> {
  const users = await api<{ data: { id: number; email: string }[] }>(
    page,
    'GET',
    `/api/users?query=${encodeURIComponent(email)}`,
  );
  const user = users.data.find((found) => found.email === email);
  if (!user) throw new Error(`No user ${email}`);
  return user.id;
}

/** Signs out from the sidebar; the sign-in page shows once the server has ended the session. */
export async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs the page's browser context in through the API, for set-up that no screen needs to show. */
export async function signInThroughApi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/login', {
    data: { email: user.email, password: user.password, remember: false },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(response.ok(), `sign-in as ${user.email}: ${await response.text()}`).toBe(true);
}

/**
 * Signs the page out and in again as `user`: the second person who approves what the first one
 * wrote, as the four-eyes rule wants.
 */
export async function switchUser(page: Page, user: { email: string; password: string }) {
  await page.context().clearCookies();
  await signIn(page, user);
}

/**
 * Calls the API as `user` from a request context of its own (the page keeps its user): a second
 * person's approval or publish of what the page's user wrote. Fails the test on an error answer.
 */
export async function apiAs<T = unknown>(
  user: { email: string; password: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const context = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  try {
    const signedIn = await context.post('/login', {
      data: { email: user.email, password: user.password, remember: false },
    });
    expect(signedIn.ok(), `sign-in as ${user.email}: ${await signedIn.text()}`).toBe(true);
    const response = await context.fetch(path, { method, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  } finally {
    await context.dispose();
  }
}

/** Sets an application setting as `user` (an admin), through the API. */
export async function setSettingAs(
  user: { email: string; password: string },
  fullPath: string,
  value: string,
) {
  const found = await apiAs<{ data: { id: number; full_path: string }[] }>(
    user,
    'GET',
    `/api/settings?query=${encodeURIComponent(fullPath)}&per_page=100`,
  );
  const setting = found.data.find((row) => row.full_path === fullPath);
  if (!setting) throw new Error(`No setting ${fullPath}`);
  await apiAs(user, 'PUT', `/api/settings/${setting.id}`, { value });
}
