import { expect, type Page, test } from '@playwright/test';
import { CHANNEL_MESSAGES } from '@sitefleet/contract';
import { ADMIN, EDITOR, signInThroughApi, switchUser } from './users.ts';

/** A name no other test (nor an earlier run on the same data) uses. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/** A category on two active websites, through the API of the signed-in browser's session. */
async function createCategory(page: Page): Promise<{ id: number; name: string }> {
  const websites = (await (await page.request.get('/api/getAllWebsites')).json()) as {
    id: number;
    name: string;
  }[];
  const name = uniqueName('Posts Category');
  const response = await page.request.post('/api/categories', {
    headers: AJAX,
    data: {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: 'For posts.',
      keywords: 'e2e',
      websites: websites
        .filter((website) => ['Daily Recipes', 'Travel Notes'].includes(website.name))
        .map((website) => website.id),
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function createPost(page: Page, title: string, description = `About ${title}.`) {
  const category = await createCategory(page);
  const response = await page.request.post('/api/posts', {
    headers: AJAX,
    data: { title, description, category_id: category.id },
  });
  expect(response.status()).toBe(201);
}

async function openPosts(page: Page, search?: string) {
  await page.goto(search ? `/admin/posts?query=${encodeURIComponent(search)}` : '/admin/posts');
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
}

function postRow(page: Page, title: string) {
  return page.getByRole('table', { name: 'Posts' }).getByRole('row').filter({ hasText: title });
}

async function runBulkAction(page: Page, title: string, action: string) {
  // A previous action's reload clears the ticks when it lands: tick once it has.
  await expect(page.getByRole('button', { name: /^Bulk Actions/ })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await postRow(page, title).getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

async function openRowMenu(page: Page, title: string, item: string) {
  await postRow(page, title)
    .getByRole('button', { name: `Options for ${title}` })
    .click();
  await page.getByRole('button', { name: item, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('creates a post, finds it, and publishing it to Facebook without a channel skips each website by name, queueing nothing', async ({
  page,
}) => {
  const category = await createCategory(page);
  const title = uniqueName('Sourdough at home');
  await openPosts(page);
  await page.getByRole('button', { name: 'Add New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Post' });

  await dialog.getByLabel('Content Reference').fill('not a link');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('The content reference must be a valid http(s) URL')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Flour, water, salt and patience.');
  await dialog.getByLabel('Category').fill(category.name);
  // The name is unique: one option once the search for it has answered. An option of the list
  // shown before (the newest categories) could be re-rendered under the click and miss it.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await options.filter({ hasText: category.name }).click();
  await expect(dialog.getByText(category.name, { exact: true })).toBeVisible();
  await dialog.getByLabel('Content Reference').fill('https://reference.example.com/sourdough');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search posts' }).fill(title);
  await expect(page).toHaveURL(/query=/);
  await expect(page.getByRole('table', { name: 'Posts' }).locator('tbody tr')).toHaveCount(1);
  await expect(postRow(page, title)).toContainText(category.name);
  await expect(
    postRow(page, title).getByRole('link', { name: 'reference.example.com' }),
  ).toHaveAttribute('href', 'https://reference.example.com/sourdough');

  // A social publish needs approved variants: someone other than the author approves, then
  // publishes.
  await switchUser(page, EDITOR);
  await openPosts(page, title);
  await runBulkAction(page, title, 'Approve');
  await expect(
    page.getByText('Posts bulk updated successfully! 1 changed, 0 queued, 0 skipped.'),
  ).toBeVisible();
  // Approving again changes nothing: a warning that says why, not a success.
  await runBulkAction(page, title, 'Approve');
  await expect(
    page
      .locator('.Toastify__toast--warning')
      .getByText('Nothing was changed: 1 skipped (1 already in that state).'),
  ).toBeVisible();
  await runBulkAction(page, title, 'Publish to Facebook');
  // Neither website has a Facebook channel, nor is there a default one: each is skipped up front,
  // by name, and nothing is queued.
  const skipped = page.locator('.Toastify__toast--warning').filter({ hasText: '2 skipped' });
  await expect(skipped).toContainText(CHANNEL_MESSAGES.noChannel('facebook', 'Daily Recipes'));
  await expect(skipped).toContainText(CHANNEL_MESSAGES.noChannel('facebook', 'Travel Notes'));

  await openRowMenu(page, title, 'Details');
  const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
  const rows = review.getByRole('table', { name: 'Detail rows' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText(title);
    await expect(row.locator('.badge', { hasText: /queued|failed/ })).toHaveCount(0);
  }
});

test('the list cuts a long description at 200 characters and colours each network', async ({
  page,
}) => {
  const title = uniqueName('Long read');
  const description = `${'Slow cooking explained. '.repeat(12)}THE END`;
  await createPost(page, title, description);
  await openPosts(page, title);

  const row = postRow(page, title);
  await expect(row.getByRole('cell', { name: `${description.slice(0, 200)}...` })).toBeVisible();
  await expect(row).not.toContainText('THE END');
  for (const network of ['Website', 'Facebook', 'Twitter', 'LinkedIn', 'TikTok', 'YouTube']) {
    await expect(row.getByRole('img', { name: `${network}: not posted` })).toHaveClass(
      /text-danger/,
    );
  }
});

test('edits, syncs and deletes a post from its row menu', async ({ page }) => {
  const title = uniqueName('Draft');
  const renamed = `${title} (final)`;
  await createPost(page, title);
  await openPosts(page, title);

  await openRowMenu(page, title, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Title').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Post updated successfully!')).toBeVisible();
  await expect(postRow(page, renamed)).toHaveCount(1);

  await openRowMenu(page, renamed, 'Sync');
  await expect(page.getByText('Post synced successfully!')).toBeVisible();

  await openRowMenu(page, renamed, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Post' });
  await expect(confirm.getByText('Are you sure you want to delete this post ?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted successfully!')).toBeVisible();
  await expect(postRow(page, renamed)).toHaveCount(0);
});
