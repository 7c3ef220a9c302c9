import { expect, type Page, test } from '@playwright/test';
import { PROFILE_MESSAGES, SESSION_MESSAGES, TWO_FACTOR_MESSAGES } from '@sitefleet/contract';
import { Secret, TOTP } from 'otpauth';
import { createUser, expectToast, roleId, uniqueEmail } from './admin-screens.ts';
import { api, uniqueName } from './api.ts';
import { ADMIN, signIn, signOut } from './users.ts';

/**
 * The code the user's authenticator app shows, `steps` 30-second steps from now. A code is spent
 * once used, so the sign-in after the setup uses the next step's code, which the server accepts
 * as one step of clock drift.
 */
const totpCode = (key: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + steps * 30_000 });

/** A viewer made by the admin for this test only, and their id, for the clean-up. */
async function newUser(page: Page) {
  await signIn(page, ADMIN);
  const user = {
    name: uniqueName('E2E Security'),
    email: uniqueEmail('e2e-security'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [await roleId(page, 'viewer')] });
  await signOut(page);
  return { ...user, id: created.id };
}

async function removeUser(page: Page, id: number) {
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await api(page, 'DELETE', `/api/users/${id}`);
}

async function passwordStep(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('two-factor sign-in is turned on from the profile, then sign-in asks a code or a recovery code', async ({
  page,
}) => {
  // Five sign-ins and a setup: more time on a busy machine.
  test.slow();
  const user = await newUser(page);
  await signIn(page, user);
  await page.goto('/admin/profile');
  await page.getByRole('tab', { name: 'Two-Factor Sign-In' }).click();
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  const key = (await page.getByTestId('two-factor-key').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.codeInvalid)).toBeVisible();
  await page.getByLabel('Code').fill(totpCode(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, TWO_FACTOR_MESSAGES.enabled);
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(8);
  const [recoveryCode, otherCode] = await codes.allTextContents();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Recovery codes left: 8')).toBeVisible();

  // The password alone no longer signs in: a code from the app does.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByLabel('Code').fill(totpCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A recovery code works once.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery Code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery Code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.recoveryCodeInvalid)).toBeVisible();
  await page.getByLabel('Recovery Code').fill(otherCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/profile');
  await page.getByRole('tab', { name: 'Two-Factor Sign-In' }).click();
  await expect(page.getByText('Recovery codes left: 6')).toBeVisible();

  await removeUser(page, user.id);
});

test('the users list shows who has two-factor sign-in on; new recovery codes replace the old ones', async ({
  page,
}) => {
  const user = await newUser(page);
  await signIn(page, user);
  const setup = await api<{ secret: string }>(page, 'POST', '/api/profile/two-factor/setup');
  await api(page, 'POST', '/api/profile/two-factor/enable', { code: totpCode(setup.secret) });

  await page.goto('/admin/profile');
  await page.getByRole('tab', { name: 'Two-Factor Sign-In' }).click();
  await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.passwordOrCode).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(page.getByText(PROFILE_MESSAGES.currentPasswordWrong).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expectToast(page, TWO_FACTOR_MESSAGES.recoveryCodesRegenerated);
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(8);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Recovery codes left: 8')).toBeVisible();
  await signOut(page);

  await signIn(page, ADMIN);
  await page.goto(`/admin/users?query=${encodeURIComponent(user.email)}`);
  const row = page.getByRole('row', { name: new RegExp(user.name) });
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await page.goto(`/admin/users?query=${encodeURIComponent(ADMIN.email)}`);
  await expect(
    page.getByRole('row', { name: new RegExp(ADMIN.email) }).getByText('Off', { exact: true }),
  ).toBeVisible();

  await removeUser(page, user.id);
});

test('the profile lists the sessions, and signs out another one or all the others', async ({
  page,
  browser,
}) => {
  test.slow();
  const user = await newUser(page);
  await signIn(page, user);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, user);

  await page.goto('/admin/profile');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const rows = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome on Linux');
  await expect(rows.first()).toContainText('127.0.0.1');

  await page.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();
  await expectToast(page, SESSION_MESSAGES.signedOut);
  await expect(rows).toHaveCount(1);
  await other.goto('/admin/profile');
  await expect(other).toHaveURL(/\/login$/);

  // Signed in there again, then signed out with every other session.
  await signIn(other, user);
  await page.getByRole('tab', { name: 'Edit Profile' }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(page, SESSION_MESSAGES.othersSignedOut(1));
  await expect(rows).toHaveCount(1);
  await other.goto('/admin/profile');
  await expect(other).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  await elsewhere.close();
  await removeUser(page, user.id);
});

test('a role that requires it walks its user through the setup, and an administrator resets it', async ({
  page,
}) => {
  test.slow();
  await signIn(page, ADMIN);
  const role = await api<{ id: number }>(page, 'POST', '/api/roles', {
    name: uniqueName('E2E Guarded'),
  });
  const user = {
    name: uniqueName('E2E Guarded User'),
    email: uniqueEmail('e2e-guarded'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [role.id] });
  await page.goto(`/admin/roles/${role.id}/edit`);
  await page.getByLabel("Require two-factor sign-in for this role's users").check();
  await expectToast(page, TWO_FACTOR_MESSAGES.roleRequired(true));
  await signOut(page);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.setupRequired)).toBeVisible();
  const key = (await page.getByTestId('two-factor-key').textContent()) ?? '';
  await page.getByLabel('Code').fill(totpCode(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(8);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  await signIn(page, ADMIN);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
  await page.getByRole('button', { name: `Reset two-factor sign-in of ${user.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expectToast(page, TWO_FACTOR_MESSAGES.reset);
  await signOut(page);

  // The old app no longer counts: the role still requires a second factor, set up anew.
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();

  await removeUser(page, created.id);
  await api(page, 'DELETE', `/api/roles/${role.id}`);
});
