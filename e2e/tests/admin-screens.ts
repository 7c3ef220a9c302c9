import { expect, type Page } from '@playwright/test';
import type { UserRow } from '@sitefleet/contract';
import { api, uniqueName } from './api.ts';
import { ADMIN, signIn, signInThroughApi } from './users.ts';

/** Every list screen, with the accessible name of its table. */
export const LISTS = [
  { path: '/admin/websites', table: 'Websites' },
  { path: '/admin/instances', table: 'Instances' },
  { path: '/admin/categories', table: 'Categories' },
  { path: '/admin/posts', table: 'Posts' },
  { path: '/admin/users', table: 'Users' },
  { path: '/admin/roles', table: 'Roles' },
  { path: '/admin/channels', table: 'Channels' },
  { path: '/admin/social-apps', table: 'Social Apps' },
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

/**
 * Signs `page` in as a new user with one role, made by the admin for the calling test: what the
 * test changes of its own account (a default view, a profile) no other spec sees.
 */
export async function signInAsNewUser(page: Page, role: string) {
  await signInThroughApi(page, ADMIN);
  const user = {
    name: uniqueName('E2E User'),
    email: uniqueEmail('e2e-user'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [await roleId(page, role)] });
  await page.context().clearCookies();
  await signIn(page, user);
  return { ...user, id: created.id };
}

/** The admin removes a user a test made. */
export async function removeUser(page: Page, id: number) {
  await page.context().clearCookies();
  await signInThroughApi(page, ADMIN);
  await api(page, 'DELETE', `/api/users/${id}`);
}

/**
 * A role holding exactly the named permissions, made by the signed-in admin of `page`; answers its
 * id.
 */
export async function roleWithPermissions(page: Page, permissionNames: readonly string[]) {
  const role = await api<{ id: number }>(page, 'POST', '/api/roles', {
    name: uniqueName('E2E Role'),
  });
  const permissions = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/permissions?per_page=100',
  );
  await api(page, 'PATCH', `/api/roles/${role.id}/assign-permissions`, {
    permissionsids: permissions.data
      .filter((permission) => permissionNames.includes(permission.name))
      .map((permission) => permission.id),
  });
  return role.id;
}
