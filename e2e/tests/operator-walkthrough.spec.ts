import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { NOTIFICATION_MESSAGES, ROLE_MESSAGES } from '@sitefleet/contract';
import { createUser, removeUser, roleWithPermissions, uniqueEmail } from './admin-screens.ts';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, apiAs, EDITOR, signIn, signInThroughApi } from './users.ts';

/**
 * What a new operator met with users of few abilities: where notifications lead, one's own
 * profile without profile-list, the controls a read-only user is not offered, the role
 * permission picker's ticks, and assigning a review to someone else.
 */

/** An address where nothing answers: a port a local server held and let go. */
async function closedAddress() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

/** A user of their own with exactly these permissions, signed in on `page`; the admin's set-up. */
async function signInWith(page: Page, permissions: readonly string[]) {
  await signInThroughApi(page, ADMIN);
  const role = await roleWithPermissions(page, permissions);
  const user = {
    name: uniqueName('E2E Few'),
    email: uniqueEmail('e2e-few'),
    password: 'password123',
  };
  const created = await createUser(page, { ...user, roles: [role] });
  await page.context().clearCookies();
  await signIn(page, user);
  return { ...user, id: created.id, roleId: role };
}

async function cleanUp(page: Page, user: { id: number; roleId: number }) {
  await removeUser(page, user.id);
  await removeIfPresent(page, `/api/roles/${user.roleId}`);
}

test('a down website notification names it, opens its Monitoring tab, and is read once followed', async ({
  page,
}) => {
  const user = await signInWith(page, ['website-list', 'website-settings']);
  const name = uniqueName('Down Site');
  const website = await apiAs<{ id: number }>(ADMIN, 'POST', '/api/websites', {
    name,
    url: await closedAddress(),
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 12,
  });
  try {
    // Two failed checks make it down, which tells every user who may see it.
    for (const _ of [1, 2]) {
      await apiAs(ADMIN, 'POST', `/api/websites/${website.id}/monitor/check`);
    }
    const monitoring = `/admin/websites?settings=${website.id}&tab=monitoring`;
    const { data } = await api<{ data: { title: string; body: string; link: string | null }[] }>(
      page,
      'GET',
      '/api/notifications?per_page=100',
    );
    const downTitle = `${name} is down`;
    const ours = data.find((row) => row.title === downTitle || row.body.includes(downTitle));
    expect(ours, 'the notification that the website is down').toBeDefined();
    // Alone it leads to this website; in a group with other websites (the demo's, checked by the
    // scheduler in the same minute) to the Websites list.
    expect(ours!.link).toBe(
      ours!.title === downTitle || ours!.body === downTitle ? monitoring : '/admin/websites',
    );
    const grouped = NOTIFICATION_MESSAGES.grouped(1, 'website_down').replace(/^1/, '\\d+');
    const title = ours!.title === downTitle ? downTitle : new RegExp(grouped);

    await page.goto('/admin/notifications');
    const row = page.getByRole('row').filter({ hasText: ours!.title });
    await expect(row.getByRole('button', { name: 'Mark as read' })).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(ours!.link!);
    if (ours!.link === monitoring) {
      const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
      await expect(dialog.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    }
    await page.goto('/admin/notifications');
    await expect(page.getByRole('row').filter({ hasText: ours!.title })).toContainText('Read ');
  } finally {
    await cleanUp(page, user);
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});

test('a user without profile-list manages their own password, second factor and notifications', async ({
  page,
}) => {
  const user = await signInWith(page, ['post-list']);
  try {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByText('No access')).toHaveCount(0);
    for (const tab of ['Change Password', 'Two-Factor Sign-In', 'Notifications']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const inApp = page.getByRole('checkbox').first();
    await expect(inApp).toBeChecked();
    await inApp.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeVisible();
    const saved = await api<{ kinds: Record<string, { in_app: boolean }> }>(
      page,
      'GET',
      '/api/profile/notifications',
    );
    expect(Object.values(saved.kinds).some((choice) => !choice.in_app)).toBe(true);
  } finally {
    await cleanUp(page, user);
  }
});

test('a read-only user is offered no stage or category filter, no calendar drag and no Detailed Review', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const title = uniqueName('Read-only story');
  const { postId, websiteName } = await postOnNewWebsite(page, {
    prefix: 'Read-only',
    title,
    postWebhookUrl: 'https://read-only.example.com/hooks/posts',
  });
  const [variant] = (
    await api<{ data: { pivot_id: number }[] }>(page, 'GET', `/api/posts/details/${postId}`)
  ).data;
  // Approved by someone other than the author, then scheduled for tomorrow at noon.
  await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: [postId], action: 'approve' });
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12);
  await api(page, 'POST', '/api/posts/details/action', {
    ids: String(variant!.pivot_id),
    action: 'schedule_publish',
    publish_at: tomorrow.toISOString(),
  });
  await page.context().clearCookies();
  const user = await signInWith(page, ['post-list', 'website-list']);
  try {
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await expect(page.getByRole('table', { name: 'Posts' })).toContainText(title);
    await expect(page.getByRole('combobox', { name: 'Website filter' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Stage filter' })).toHaveCount(0);
    await expect(page.getByLabel('Category filter')).toHaveCount(0);

    await page.goto('/admin/calendar');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    if (tomorrow.getDay() === 1) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Website').selectOption({ label: websiteName });
    const item = page.locator('.calendar-entry').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-state', 'scheduled');
    await expect(item).not.toHaveAttribute('draggable', 'true');
    await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
    await expect(page.getByText('Drag a scheduled item')).toHaveCount(0);
    await expect(page.getByText('This action is unauthorized.')).toHaveCount(0);
  } finally {
    await cleanUp(page, user);
  }
});

test('the role permission picker keeps its ticks through searches, and names each permission in words', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const role = await api<{ id: number }>(page, 'POST', '/api/roles', {
    name: uniqueName('e2e picker'),
  });
  try {
    await page.goto(`/admin/roles/${role.id}/edit`);
    const table = page.getByRole('table', { name: 'Permissions' });
    const search = page.getByRole('searchbox', { name: 'Search permissions' });
    const picked = ['post-review', 'category-review', 'website-settings', 'instance-logs'];
    for (const permission of picked) {
      await search.fill(permission);
      const row = table.getByRole('row', { name: new RegExp(`${permission}\\b`) });
      await expect(table.getByRole('row')).toHaveCount(2);
      await row.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Give Selected' }).click();
    await expect(page.getByText(ROLE_MESSAGES.assigned(picked.length))).toBeVisible();
    const given = await api<{ permissions: { name: string }[] }>(
      page,
      'GET',
      `/api/roles/${role.id}/edit`,
    );
    expect(given.permissions.map((permission) => permission.name).sort()).toEqual(
      [...picked].sort(),
    );
    await search.fill('instance-logs');
    await expect(
      table.getByRole('row', { name: /instance-logs/ }).getByText('Read instance logs'),
    ).toBeVisible();
  } finally {
    await removeIfPresent(page, `/api/roles/${role.id}`);
  }
});

test('Detailed Review assigns a variant to another reviewer through Assign to…', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const title = uniqueName('Assigned story');
  const { postId } = await postOnNewWebsite(page, { prefix: 'Assign', title });
  const reviewer = { name: uniqueName('E2E Reviewer'), email: uniqueEmail('e2e-reviewer') };
  const reviewerRole = await roleWithPermissions(page, ['post-list', 'post-review']);
  const created = await createUser(page, { ...reviewer, roles: [reviewerRole] });
  try {
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    await review.getByRole('button', { name: 'Review', exact: true }).click();
    const assignTo = review.getByRole('combobox', { name: 'Assign to' });
    await assignTo.fill(reviewer.email);
    await page.getByRole('option', { name: new RegExp(reviewer.name) }).click();
    await expect(review.getByRole('table', { name: 'Detail rows' })).toContainText(reviewer.name);
    const [variant] = (
      await api<{ data: { assignee: { id: number } | null }[] }>(
        page,
        'GET',
        `/api/posts/details/${postId}`,
      )
    ).data;
    expect(variant?.assignee?.id).toBe(created.id);
  } finally {
    await removeUser(page, created.id);
    await removeIfPresent(page, `/api/roles/${reviewerRole}`);
  }
});
