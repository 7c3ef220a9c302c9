import { expect, type Page, test } from '@playwright/test';
import { PROFILE_MESSAGES, USER_MESSAGES } from '@sitefleet/contract';
import { createUser, expectToast, roleId, uniqueEmail } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signIn, signOut } from './users.ts';

/** A 1×1 PNG: an image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Each test acts as a user of its own, made by the admin, so the admin's account never changes. */
async function signInAsNewUser(page: Page) {
  await signIn(page, ADMIN);
  const user = {
    name: uniqueName('E2E Profile'),
    email: uniqueEmail('e2e-profile'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [await roleId(page, 'viewer')] });
  await signOut(page);
  await signIn(page, user);
  await page.goto('/admin/profile');
  return { ...user, id: created.id };
}

const sidebar = (page: Page) => page.locator('aside');

/** The admin removes the test's user at the end. */
async function removeUser(page: Page, id: number) {
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await api(page, 'DELETE', `/api/users/${id}`);
}

test('the profile is updated and the sidebar follows', async ({ page }) => {
  const user = await signInAsNewUser(page);
  await expect(page.getByRole('tab', { name: 'Edit Profile' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Email')).toHaveValue(user.email);

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(USER_MESSAGES.emailTaken)).toBeVisible();

  const renamed = uniqueName('E2E Renamed');
  await page.getByLabel('Name').fill(renamed);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, PROFILE_MESSAGES.updated);
  await expect(sidebar(page).getByRole('link', { name: renamed })).toBeVisible();

  await removeUser(page, user.id);
});

test('the password is changed and the new one signs in', async ({ page }) => {
  // Many round trips (three sign-ins, or a dozen saves): more time on a busy machine.
  test.slow();
  const user = await signInAsNewUser(page);
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const current = page.getByLabel('Current Password');
  const next = page.getByLabel('New Password', { exact: true });
  const confirmation = page.getByLabel('Confirm New Password');

  await current.fill('not-my-password');
  await next.fill('new-password-1');
  await confirmation.fill('new-password-2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.confirmationMismatch)).toBeVisible();

  await confirmation.fill('new-password-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.currentPasswordWrong)).toBeVisible();

  await current.fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, PROFILE_MESSAGES.passwordChanged);
  await expect(current).toHaveValue('');

  await signOut(page);
  await signIn(page, { email: user.email, password: 'new-password-1' });

  await removeUser(page, user.id);
});

test('an uploaded avatar shows in the sidebar at once; a non-image is refused', async ({
  page,
}) => {
  const user = await signInAsNewUser(page);
  const file = page.getByLabel('Profile picture file');

  await file.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expectToast(page, PROFILE_MESSAGES.imageType);

  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, PROFILE_MESSAGES.imageUploaded);
  // The sidebar's avatar is decoration next to the name (hidden from assistive technology).
  const avatar = sidebar(page).getByRole('link', { name: user.name }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/avatars\//);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  await removeUser(page, user.id);
});
