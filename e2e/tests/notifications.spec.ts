import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { NOTIFICATION_MESSAGES } from '@sitefleet/contract';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signIn } from './users.ts';

/** An address where nothing answers: a port a local server held and let go. */
async function closedAddress() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

test('the bell shows a new notification without a reload, lists it, and Mark all as read clears it', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await api(page, 'POST', '/api/notifications/read-all');
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

  const name = uniqueName('Down Site');
  const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name,
    url: await closedAddress(),
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 12,
  });
  try {
    // Two failed checks make it down, which tells the admin.
    await api(page, 'POST', `/api/websites/${website.id}/monitor/check`);
    const checked = await api<{ status: string }>(
      page,
      'POST',
      `/api/websites/${website.id}/monitor/check`,
    );
    expect(checked.status).toBe('down');
    const { unread_count: unread, data } = await api<{
      unread_count: number;
      data: { title: string; body: string }[];
    }>(page, 'GET', '/api/notifications?per_page=100');
    expect(unread).toBeGreaterThan(0);
    const downTitle = `${name} is down`;
    const ours = data.find((row) => row.title === downTitle || row.body.includes(downTitle));
    expect(ours, 'the notification that the website is down').toBeDefined();
    // Once other websites went down within the same window (the demo's, on the scheduled check,
    // or another test's), the new one joins their group, named by its count and kind.
    const grouped = NOTIFICATION_MESSAGES.grouped(1, 'website_down').replace(/^1/, '\\d+');
    const listed = new RegExp(ours!.title === downTitle ? downTitle : grouped);

    const bell = topBar.getByRole('button', { name: `Notifications (${unread} unread)` });
    await expect(bell).toContainText(String(unread));
    expect(
      await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker),
    ).toBe('same page');
    await bell.click();
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu.getByRole('link', { name: listed })).toBeVisible();

    await menu.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(topBar.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(topBar.getByTestId('unread-count')).toHaveCount(0);
  } finally {
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});
