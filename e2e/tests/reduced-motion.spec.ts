import { expect, type Page, test } from '@playwright/test';
import { PROFILE_MESSAGES, TOAST_TIMEOUT_MS } from '@sitefleet/contract';
import { createUser, roleId, uniqueEmail } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** A user of the test's own, made by the admin, signed in on its profile page. */
async function onOwnProfile(page: Page) {
  await signInThroughApi(page, ADMIN);
  const user = {
    name: uniqueName('E2E Motion'),
    email: uniqueEmail('e2e-motion'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [await roleId(page, 'viewer')] });
  await page.context().clearCookies();
  await signInThroughApi(page, user);
  await page.goto('/admin/profile');
  return created.id;
}

async function removeUser(page: Page, id: number) {
  await page.context().clearCookies();
  await signInThroughApi(page, ADMIN);
  await api(page, 'DELETE', `/api/users/${id}`);
}

/** Saves the profile under a new name: the save's success toast. */
async function saveProfile(page: Page) {
  await page.getByLabel('Name').fill(uniqueName('E2E Moved'));
  await page.getByRole('button', { name: 'Save' }).click();
  return page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.updated });
}

// An operator who asks the system for less motion sees the same toasts, only without the slide.
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test.describe(`with prefers-reduced-motion: ${reducedMotion}`, () => {
    test.use({ reducedMotion });

    test('a toast shows its message and closes with its button', async ({ page }) => {
      const userId = await onOwnProfile(page);
      const toast = await saveProfile(page);
      await expect(toast).toBeInViewport();
      await toast.getByRole('button', { name: 'close' }).click();
      await expect(toast).toHaveCount(0);
      await removeUser(page, userId);
    });

    test('a toast stays for its time-out, then closes by itself', async ({ page }) => {
      const userId = await onOwnProfile(page);
      const toast = await saveProfile(page);
      await expect(toast).toBeInViewport();
      // react-toastify closes the toast when its progress bar's animation ends.
      await expect(toast.getByRole('progressbar')).toHaveCSS(
        'animation-duration',
        `${TOAST_TIMEOUT_MS / 1000}s`,
      );
      await expect(toast).toHaveCount(0);
      await removeUser(page, userId);
    });
  });
}
