import { expect, type Page } from '@playwright/test';
import type { UserRow } from '@sitefleet/contract';
import { api, uniqueName } from './api.ts';

/** Every list screen, with the accessible name of its table. */
export const LISTS = [
  { path: '/admin/websites', table: 'Websites' },
  { path: '/admin/instances', table: 'Instances' },
  { path: '/admin/categories', table: 'Categories' },
  { path: '/admin/posts', table: 'Posts' },
  { path: '/admin/users', table: 'Users' },
  { path: '/admin/roles', table: 'Roles' },
  { path: '/admin/settings', table: 'Settings' },
] as const;

/** Waits for a toast (react-toastify's role="alert") that says `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** A unique, valid e-mail address, e.g. 'e2e-user-k3x9a1@example.com'. */
export function uniqueEmail(prefix: string): string {
  return `${uniqueName(prefix).replace(/\s+/g, '-').toLowerCase()}@example.com`;
}

/** Creates a user through the API as the signed-in admin of `page`. */
export async function createUser(
  page: Page,
  user: { name: string; email: string; password?: string; roles?: number[] },
): Promise<UserRow> {
  return api<UserRow>(page, 'POST', '/api/users', { password: 'password123', ...user });
}

/** The id of a role by its name, from the user form's options. */
export async function roleId(page: Page, name: string): Promise<number> {
  const roles = await api<{ id: number; name: string }[]>(page, 'GET', '/api/roles/all');
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`No role named ${name}`);
  return role.id;
}
