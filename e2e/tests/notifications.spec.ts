import { expect, test } from '@playwright/test';
import { createUser, roleWithPermissions, uniqueEmail } from './admin-screens.ts';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, apiAs, signInThroughApi } from './users.ts';

test('the bell shows a new notification without a reload, lists it, and Mark all as read clears it', async ({
  page,
}) => {
  // A reader of its own who may review posts and nothing else: the alerts other workers'
  // websites raise reach those who see websites or deliveries, never this bell, so what it counts
  // is this test's alone.
  await signInThroughApi(page, ADMIN);
  const reader = {
    name: uniqueName('E2E Reader'),
    email: uniqueEmail('e2e-reader'),
    password: 'password123',
  };
  const readerRole = await roleWithPermissions(page, ['post-list', 'post-review']);
  const { id: readerId } = await createUser(page, { ...reader, roles: [readerRole] });
  const title = uniqueName('Bell story');
  const { websiteId, postId } = await postOnNewWebsite(page, { prefix: 'Bell', title });
  const { data: rows } = await api<{ data: { pivot_id: number }[] }>(
    page,
    'GET',
    `/api/posts/details/${postId}`,
  );
  try {
    await page.context().clearCookies();
    await signInThroughApi(page, reader);

    // The stream answers once the server listens: from then on, nothing published is missed.
    const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events'));
    await page.goto('/admin/dashboard');
    await streamOpen;
    const topBar = page.getByRole('navigation', { name: 'Top bar' });
    await expect(topBar.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    // Gone if the page were loaded again.
    await page.evaluate(() => {
      (window as unknown as { liveMarker: string }).liveMarker = 'same page';
    });

    // The admin mentions the reader, from a request context of its own.
    await apiAs(ADMIN, 'POST', `/api/variants/post/${rows[0]!.pivot_id}/comments`, {
      body: `Please have a look @${reader.email}`,
    });
    const bell = topBar.getByRole('button', { name: 'Notifications (1 unread)' });
    await expect(bell).toContainText('1');
    expect(
      await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker),
    ).toBe('same page');
    await bell.click();
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu.getByRole('link', { name: `mentioned you on "${title}"` })).toBeVisible();

    await menu.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(topBar.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(topBar.getByTestId('unread-count')).toHaveCount(0);
  } finally {
    await page.context().clearCookies();
    await signInThroughApi(page, ADMIN);
    await removeIfPresent(page, `/api/users/${readerId}`);
    await removeIfPresent(page, `/api/roles/${readerRole}`);
    await removeIfPresent(page, `/api/posts/${postId}`);
    await removeIfPresent(page, `/api/websites/${websiteId}`);
  }
});
