import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { CHANNEL_MESSAGES, type Channel, SOCIAL_APP_MESSAGES } from '@sitefleet/contract';
import { expectToast } from './admin-screens.ts';
import { api, createWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/**
 * A local stand-in for Facebook's Graph API, which the spec's app points its channels at: its
 * "who am I" (GET /me) knows one token, as `account`, and refuses any other as Facebook does.
 * It keeps the token of every call, so that the spec sees which token the server sent.
 */
async function startGraphApi(token: string, account: { id: string; name: string }) {
  const tokens: string[] = [];
  const server = createServer((request, response) => {
    const sent = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    tokens.push(sent);
    const known = request.method === 'GET' && request.url?.startsWith('/me') && sent === token;
    response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        known ? account : { error: { message: 'Invalid OAuth access token', code: 190 } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A day `days` from now as the forms take it (DD-MM-YYYY). */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** The channel named `name`, as the list answers it. */
async function channelNamed(page: Page, name: string) {
  const { data } = await api<{ data: Channel[] }>(
    page,
    'GET',
    `/api/channels?query=${encodeURIComponent(name)}`,
  );
  return data.find((channel) => channel.name === name);
}

test('an admin adds a Facebook channel for two websites through its app, edits and tests it without retyping its token, links it in a website and deletes it', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const token = `EAAB-${uniqueName('e2e').replace(/\s+/g, '-')}`;
  const graph = await startGraphApi(token, { id: '1029384756', name: 'Graph Page' });
  const first = await createWebsite(page, 'E2E Channels');
  const second = await createWebsite(page, 'E2E Channels');
  const appName = uniqueName('E2E Graph app');
  const channelName = uniqueName('E2E Page');
  const renamed = `${channelName} EU`;
  let appId: number | undefined;
  let channelId: number | undefined;
  try {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.goto('/admin/dashboard');
    await menu.getByRole('button', { name: 'Parameters' }).click();

    // The app, whose API address is the local Graph API.
    await menu.getByRole('link', { name: 'Social Apps' }).click();
    await expect(page).toHaveURL(/\/admin\/social-apps$/);
    await page.getByRole('button', { name: 'Add New Social App' }).click();
    const appForm = page.getByRole('dialog', { name: 'Add New Social App' });
    await appForm.getByLabel('Network', { exact: true }).selectOption({ label: 'Facebook' });
    await expect(appForm).toContainText('https://graph.facebook.com/v23.0');
    await appForm.getByLabel('Name', { exact: true }).fill(appName);
    await appForm.getByLabel('Client ID').fill('e2e-client');
    await appForm.getByLabel('Client secret').fill('e2e-secret');
    await appForm.getByLabel('API base URL').fill(graph.url);
    await appForm.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, SOCIAL_APP_MESSAGES.created);
    const appRow = page
      .getByRole('table', { name: 'Social Apps' })
      .getByRole('row')
      .filter({ hasText: appName });
    await expect(appRow).toContainText('Kept');
    await expect(appRow).toContainText(graph.url);
    appId = (
      await api<{ data: { id: number; name: string }[] }>(
        page,
        'GET',
        `/api/social-apps?query=${encodeURIComponent(appName)}`,
      )
    ).data.find((app) => app.name === appName)?.id;

    // The channel, for both websites, its token ending within the fortnight.
    await menu.getByRole('link', { name: 'Channels', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/channels$/);
    await page.getByRole('button', { name: 'Add New Channel' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Channel' });
    await form.getByLabel('Network', { exact: true }).selectOption({ label: 'Facebook' });
    await form.getByLabel('Name', { exact: true }).fill(channelName);
    await form.getByLabel('Account ID').fill(`e2e-${Date.now()}`);
    await form.getByLabel('Access token').fill(token);
    await form.getByLabel('Token expires on', { exact: true }).fill(dayFromNow(10));
    await form.getByLabel('App', { exact: true }).selectOption({ label: appName });
    for (const { websiteName } of [first, second]) {
      await form.getByLabel('Websites').fill(websiteName);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: websiteName, exact: true })
        .click();
    }
    // The menu stays open for more choices, over the dialog's buttons: a click elsewhere closes it.
    await form.getByRole('heading', { name: 'Add New Channel' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, CHANNEL_MESSAGES.created);
    await expect(form).toBeHidden();
    const created = await channelNamed(page, channelName);
    channelId = created?.id;
    expect(created).toMatchObject({
      network: 'facebook',
      status: 'connected',
      app_id: appId,
      is_default: false,
      websites: expect.arrayContaining([
        { id: first.website.id, name: first.websiteName },
        { id: second.website.id, name: second.websiteName },
      ]),
    });

    const table = page.getByRole('table', { name: 'Channels' });
    const row = table.getByRole('row').filter({ hasText: channelName });
    await expect(row).toHaveCount(1);
    for (const text of [
      'Facebook',
      'Connected',
      'Ends soon',
      'Never',
      first.websiteName,
      second.websiteName,
    ]) {
      await expect(row).toContainText(text);
    }

    // The filters: the website's, the fortnight's; another network's leaves it out.
    const website = page.getByRole('combobox', { name: 'Website' });
    await website.selectOption({ label: second.websiteName });
    await page
      .getByRole('combobox', { name: 'Expiry' })
      .selectOption({ label: 'Expiring within 14 days' });
    await expect(page).toHaveURL(/expiring_within_days=14/);
    await expect(row).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'LinkedIn' });
    await expect(row).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Facebook' });
    await expect(row).toHaveCount(1);

    // Renamed, the token fields left empty: the channel keeps its token, which its test sends.
    const options = () => page.getByRole('button', { name: `Options for ${channelName}` });
    await options().click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Channel' });
    await expect(edit.getByLabel('Access token')).toHaveValue('');
    await expect(edit.getByLabel('App', { exact: true })).toHaveValue(String(appId));
    await edit.getByLabel('Name', { exact: true }).fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, CHANNEL_MESSAGES.updated);
    await expect(edit).toBeHidden();
    const renamedRow = table.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toHaveCount(1);

    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expectToast(page, `${renamed} works: the network knows it as Graph Page`);
    expect(graph.tokens).toEqual([token]);

    // A token the network refuses: the test says why, as a message.
    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await edit.getByLabel('Access token').fill('EAAB-revoked');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, CHANNEL_MESSAGES.updated);
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expectToast(page, new RegExp(`^${renamed} failed its test: `));
    expect(graph.tokens).toEqual([token, 'EAAB-revoked']);

    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(renamedRow).toContainText('Disabled');
    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect(renamedRow).toContainText('Connected');

    // The second website's Social tab: unlinked, then linked again.
    await page.goto(`/admin/websites?settings=${second.website.id}&tab=social`);
    const settings = page.getByRole('dialog', { name: `Advance Settings: ${second.websiteName}` });
    const facebook = settings.getByRole('region', { name: 'Facebook' });
    await expect(facebook.getByText(renamed, { exact: true })).toBeVisible();
    await facebook.getByRole('button', { name: `Unlink ${renamed}` }).click();
    await expectToast(page, CHANNEL_MESSAGES.updated);
    const choice = facebook.getByRole('combobox', { name: 'Facebook channel to link' });
    await expect(choice.getByRole('option', { name: renamed, exact: true })).toBeAttached();
    expect((await channelNamed(page, renamed))?.websites.map((site) => site.id)).toEqual([
      first.website.id,
    ]);
    await choice.selectOption({ label: renamed });
    await facebook.getByRole('button', { name: 'Link a Facebook channel' }).click();
    await expect(facebook.getByRole('button', { name: `Unlink ${renamed}` })).toBeVisible();
    expect(
      (await channelNamed(page, renamed))?.websites.map((site) => site.id).sort((a, b) => a - b),
    ).toEqual([first.website.id, second.website.id].sort((a, b) => a - b));
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings).toBeHidden();

    // Deleted, to the trash, after the lists' confirmation.
    await page.goto('/admin/channels');
    await page.getByRole('button', { name: `Options for ${renamed}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Channel' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, CHANNEL_MESSAGES.deleted);
    await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
    expect(await channelNamed(page, renamed)).toBeUndefined();
    channelId = undefined;
  } finally {
    if (channelId !== undefined) await removeIfPresent(page, `/api/channels/${channelId}`);
    if (appId !== undefined) await removeIfPresent(page, `/api/social-apps/${appId}`);
    await removeIfPresent(page, `/api/websites/${first.website.id}`);
    await removeIfPresent(page, `/api/websites/${second.website.id}`);
    await graph.close();
  }
});
