import { expect, test } from '@playwright/test';
import { type Channel, CONNECT_MESSAGES } from '@sitefleet/contract';
import { FakeOAuth } from '../../apps/server/test/fake-oauth.ts';
import { expectToast } from './admin-screens.ts';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, apiAs, EDITOR, signInThroughApi } from './users.ts';

/**
 * Connecting a Facebook account through the network's consent, in the browser: a local stand-in
 * for Facebook (its consent page gives its consent at once and sends the browser back with a
 * code; its token endpoint and Graph API answer as Facebook does) that the spec's app points at.
 * The Page chosen on the way back publishes its website's post, and Detailed Review shows the
 * Page's outcome by name.
 */

let facebook: FakeOAuth;
test.beforeAll(async () => {
  facebook = await new FakeOAuth().start();
});
test.afterAll(() => facebook.stop());

test('an admin connects a Facebook account, adds one of its Pages for a website, and sees a post delivered to it in Detailed Review', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const run = uniqueName('run').split(' ')[1]!;
  const pageName = `E2E Connected Page ${run}`;
  const pageId = `e2e-page-${run}`;
  facebook.pages = [
    { id: pageId, name: pageName, access_token: `page-token-${run}` },
    { id: `e2e-other-${run}`, name: `E2E Other Page ${run}`, access_token: `other-token-${run}` },
  ];
  const appName = uniqueName('E2E Facebook consent app');
  const app = await api<{ id: number }>(page, 'POST', '/api/social-apps', {
    ...facebook.app('facebook'),
    name: appName,
  });
  const title = uniqueName('Connected Page news');
  const { websiteId, websiteName, categoryId, postId } = await postOnNewWebsite(page, {
    prefix: 'E2E Connect',
    title,
  });
  let channelId: number | undefined;
  try {
    await page.goto('/admin/channels');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Facebook' });
    await dialog.getByLabel('Websites').fill(websiteName);
    await page.getByRole('listbox').getByRole('option', { name: websiteName, exact: true }).click();
    // The menu stays open for more choices, over the dialog's buttons: a click elsewhere closes it.
    await dialog.getByRole('heading', { name: 'Connect Facebook' }).click();
    await dialog.getByLabel('App', { exact: true }).selectOption({ label: appName });
    await dialog.getByRole('button', { name: 'Continue to Facebook' }).click();

    // Facebook's consent sends the browser back through the server, which asks which Pages.
    const choose = page.getByRole('dialog', { name: 'Choose accounts' });
    await expect(choose).toContainText(CONNECT_MESSAGES.chooseTitle('facebook'));
    await expect(page).toHaveURL(/\/admin\/channels\?pending=[\w-]{43}$/);
    const add = choose.getByRole('button', { name: 'Add selected' });
    await expect(add).toBeDisabled();
    await choose.getByRole('checkbox', { name: new RegExp(`^${pageName} `) }).check();
    await add.click();
    await expectToast(page, CONNECT_MESSAGES.added(1));
    await expect(page).toHaveURL(/\/admin\/channels$/);
    const row = page
      .getByRole('table', { name: 'Channels' })
      .getByRole('row')
      .filter({ hasText: pageName });
    await expect(row).toContainText(websiteName);
    await expect(row).toContainText('Connected');
    const { data } = await api<{ data: Channel[] }>(
      page,
      'GET',
      `/api/channels?query=${encodeURIComponent(pageName)}`,
    );
    channelId = data.find((channel) => channel.external_id === pageId)?.id;
    expect(channelId).toBeDefined();

    // Someone other than the author approves; the post goes to Facebook from Detailed Review.
    await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: [postId], action: 'approve' });
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    const variant = review
      .getByRole('table', { name: 'Detail rows' })
      .getByRole('row')
      .filter({ hasText: websiteName });
    await variant.getByRole('checkbox', { name: 'Select row' }).check();
    await review.getByLabel('Bulk action').selectOption({ label: 'Post to Facebook' });
    await review.getByRole('button', { name: 'Apply' }).click();

    // The live events reload the review when the Page has it: its outcome by the Page's name.
    await expect(variant).toContainText(`${pageName}: delivered`, { timeout: 60_000 });
    await expect(variant).toContainText('Facebook: delivered');
    const sent = facebook.at(`/facebook/v23.0/${pageId}/feed`);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).access_token).toBe(`page-token-${run}`);
    expect(facebook.at(`/facebook/v23.0/e2e-other-${run}/feed`)).toHaveLength(0);
  } finally {
    await removeIfPresent(page, `/api/posts/${postId}`);
    await removeIfPresent(page, `/api/categories/${categoryId}`);
    if (channelId !== undefined) await removeIfPresent(page, `/api/channels/${channelId}`);
    await removeIfPresent(page, `/api/websites/${websiteId}`);
    await removeIfPresent(page, `/api/social-apps/${app.id}`);
  }
});
