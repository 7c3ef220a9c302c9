import { expect, type Page, test } from '@playwright/test';
import { ADMIN, EDITOR, signInThroughApi, switchUser } from './users.ts';

/** A name no other test (nor an earlier run on the same data) uses. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

interface NamedRef {
  id: number;
  name: string;
}

async function websitesByName(page: Page): Promise<Map<string, number>> {
  const response = await page.request.get('/api/getAllWebsites');
  const websites = (await response.json()) as NamedRef[];
  return new Map(websites.map((website) => [website.name, website.id]));
}

/** Creates a category through the API (the signed-in browser's session), for tests about the list. */
async function createCategory(
  page: Page,
  options: { name: string; websites: string[]; parents?: number[] },
): Promise<NamedRef> {
  const ids = await websitesByName(page);
  const response = await page.request.post('/api/categories', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      name: options.name,
      slug: options.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: `About ${options.name}.`,
      keywords: 'e2e,test',
      websites: options.websites.map((name) => ids.get(name)),
      parents: options.parents ?? [],
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as NamedRef;
}

/** An option of the open react-select menu (the page has native selects with options too). */
function menuOption(page: Page, name: string) {
  return page.getByRole('listbox').getByRole('option', { name, exact: true });
}

/** A category and a sub-category of it, both on one website. */
async function createParentAndChild(page: Page, prefix: string) {
  const parent = await createCategory(page, {
    name: uniqueName(`${prefix} Parent`),
    websites: ['Daily Recipes'],
  });
  const child = await createCategory(page, {
    name: uniqueName(`${prefix} Child`),
    websites: ['Daily Recipes'],
    parents: [parent.id],
  });
  return { parent, child };
}

/** Opens a row's Options menu and picks an item. */
async function chooseRowAction(page: Page, name: string, item: string) {
  await categoryRow(page, name)
    .getByRole('button', { name: `Options for ${name}` })
    .click();
  await page.getByRole('button', { name: item, exact: true }).click();
}

async function openCategories(page: Page, search?: string) {
  await page.goto(
    search ? `/admin/categories?query=${encodeURIComponent(search)}` : '/admin/categories',
  );
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
}

function categoryRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Categories' }).getByRole('row').filter({ hasText: name });
}

/** The 1-based position of a column of a table, for nth-child. */
async function columnPosition(page: Page, tableName: string, header: string) {
  const table = page.getByRole('table', { name: tableName });
  await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  return headers.findIndex((text) => text.trim() === header) + 1;
}

/** Every body cell under a column header. */
async function columnCells(page: Page, tableName: string, header: string) {
  const position = await columnPosition(page, tableName, header);
  return page.getByRole('table', { name: tableName }).locator(`tbody td:nth-child(${position})`);
}

/** The cell of a row under a column header. */
async function cellUnder(page: Page, tableName: string, rowText: string, header: string) {
  const position = await columnPosition(page, tableName, header);
  return page
    .getByRole('table', { name: tableName })
    .getByRole('row')
    .filter({ hasText: rowText })
    .locator(`td:nth-child(${position})`);
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('creates a category with websites and a parent, its slug following the name', async ({
  page,
}) => {
  const name = uniqueName('Kitchen Gear');
  await openCategories(page);
  await page.getByRole('button', { name: 'Add New Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Category' });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Websites are required')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByLabel('Slug')).toHaveValue(name.toLowerCase().replace(/ /g, '-'));
  await dialog.getByLabel('Description').fill('Pots, pans and knives.');
  await dialog.getByLabel('Keywords').fill('kitchen,gear');
  await dialog.getByLabel('Websites').click();
  await menuOption(page, 'Daily Recipes').click();
  await menuOption(page, 'Travel Notes').click();
  await dialog.getByLabel('Parents').fill('Food');
  await menuOption(page, 'Food').click();
  // The first parent's sub-categories are offered, with their path.
  await dialog.getByLabel('Parents').fill('Bak');
  await menuOption(page, 'Food › Baking').click();
  // The menu stays open for more choices (over the buttons): a click elsewhere closes it.
  await dialog.getByRole('heading', { name: 'Add New Category' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Category created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search categories' }).fill(name);
  await expect(page).toHaveURL(/query=/);
  const row = categoryRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(await cellUnder(page, 'Categories', name, 'Websites')).toHaveText(
    /Daily Recipes\s*Travel Notes/,
  );
  await expect(await cellUnder(page, 'Categories', name, 'Parents')).toHaveText(/Baking\s*Food/);
  await expect(await cellUnder(page, 'Categories', name, 'Grand Parents')).toHaveText('Food');
});

test('refuses a parent that would make a cycle, under the parents field', async ({ page }) => {
  const { parent, child } = await createParentAndChild(page, 'Cycle');
  await openCategories(page, parent.name);
  await chooseRowAction(page, parent.name, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await dialog.getByLabel('Parents').fill(child.name);
  await menuOption(page, child.name).click();
  await dialog.getByRole('heading', { name: 'Edit Category' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog.getByText(/cannot be a parent of its own ancestor/)).toBeVisible();
  // A failed save keeps what was entered.
  await expect(dialog.getByText(child.name, { exact: true })).toBeVisible();
});

test('Display Settings hides a column, and the choice survives a reload', async ({ page }) => {
  await openCategories(page);
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('columnheader', { name: 'Keywords' })).toBeVisible();

  await page.getByRole('button', { name: 'Display Settings' }).click();
  await page.getByRole('checkbox', { name: 'Keywords' }).uncheck();
  await page.getByRole('checkbox', { name: 'Grand Parents' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Keywords' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Grand Parents' })).toHaveCount(0);

  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Keywords' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Grand Parents' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Display Settings' }).click();
  await page.getByRole('checkbox', { name: 'Keywords' }).check();
  await expect(table.getByRole('columnheader', { name: 'Keywords' })).toBeVisible();
});

test('filters by website and by the Advance Filters, all kept in the URL', async ({ page }) => {
  const name = uniqueName('Filtered');
  await createCategory(page, { name, websites: ['Garden Weekly'] });
  await openCategories(page);

  await page.getByLabel('Website filter').selectOption({ label: 'Garden Weekly' });
  const ids = await websitesByName(page);
  await expect(page).toHaveURL(new RegExp(`website_id=${ids.get('Garden Weekly')}`));
  await expect(categoryRow(page, name)).toHaveCount(1);
  // One retried assertion over the whole column: the unfiltered page already shows the new row,
  // and cells read once before the filtered page replaces it would be gone by their check.
  const websitesCells = await columnCells(page, 'Categories', 'Websites');
  await expect(websitesCells.filter({ hasNotText: 'Garden Weekly' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Advance Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Advance Filters' });
  await panel.getByLabel('Approved').selectOption({ label: 'No' });
  await panel.getByLabel('Order By').selectOption({ label: 'Name' });
  await panel.getByLabel('Order Direction').selectOption({ label: 'Ascending' });
  await expect(page).toHaveURL(/is_approved=0/);
  await expect(page).toHaveURL(/order_key=name/);
  await expect(page).toHaveURL(/order_dir=asc/);
  await panel.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(page.getByLabel('Website filter')).toHaveValue(String(ids.get('Garden Weekly')));
  await expect(categoryRow(page, name)).toHaveCount(1);
  for (const cell of await (await columnCells(page, 'Categories', 'Approved')).all()) {
    await expect(cell).toHaveText('No');
  }
  await expect(websitesCells.filter({ hasNotText: 'Garden Weekly' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('a bulk approve turns the Approved flag green', async ({ page }) => {
  const name = uniqueName('Bulk');
  await createCategory(page, { name, websites: ['Daily Recipes', 'Travel Notes'] });
  // Someone other than the author approves: the four-eyes rule.
  await switchUser(page, EDITOR);
  await openCategories(page, name);
  const approved = await cellUnder(page, 'Categories', name, 'Approved');
  await expect(approved.locator('.badge')).toHaveClass(/text-bg-danger/);

  await categoryRow(page, name).getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();

  await expect(
    page.getByText('Categories bulk updated successfully! 1 changed, 0 queued, 0 skipped.'),
  ).toBeVisible();
  await expect(approved).toHaveText('Yes');
  await expect(approved.locator('.badge')).toHaveClass(/text-bg-success/);
  // The list reloaded: the selection is gone.
  await expect(
    categoryRow(page, name).getByRole('checkbox', { name: 'Select row' }),
  ).not.toBeChecked();
});

test('Detailed Review: Apply waits for an action and a row, then marks the variants approved', async ({
  page,
}) => {
  const name = uniqueName('Review');
  await createCategory(page, { name, websites: ['Daily Recipes', 'Finance Basics'] });
  // Someone other than the author approves: the four-eyes rule.
  await switchUser(page, EDITOR);
  await openCategories(page, name);
  await chooseRowAction(page, name, 'Details');

  const dialog = page.getByRole('dialog', { name: `Detailed Review: ${name}` });
  const rows = dialog.getByRole('table', { name: 'Detail rows' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await dialog.getByLabel('Bulk action').selectOption({ label: 'Mark as Approved' });
  await expect(apply).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await expect(dialog.getByText('2 rows selected')).toBeVisible();
  await expect(apply).toBeEnabled();

  const approved = (await columnCells(page, 'Detail rows', 'Approved')).locator('.badge');
  await expect(approved).toHaveText(['No', 'No']);
  await apply.click();

  await expect(
    page.getByText('Bulk action updated successfully! 2 changed, 0 queued, 0 skipped.'),
  ).toBeVisible();
  await expect(approved).toHaveText(['Yes', 'Yes']);
  await expect(approved.first()).toHaveClass(/text-bg-success/);
  await expect(dialog.getByText('0 rows selected')).toBeVisible();

  // The list behind follows: every variant approved makes the category approved.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(await cellUnder(page, 'Categories', name, 'Approved')).toHaveText('Yes');
});

test('Sync shows its toast', async ({ page }) => {
  const name = uniqueName('Sync');
  await createCategory(page, { name, websites: ['Daily Recipes'] });
  await openCategories(page, name);
  await chooseRowAction(page, name, 'Sync');
  await expect(page.getByText('Category synced successfully!')).toBeVisible();
  await expect(await cellUnder(page, 'Categories', name, 'WebSync')).toHaveText('Yes');
});

test('deleting a category with sub-categories offers to move them first', async ({ page }) => {
  const { parent, child } = await createParentAndChild(page, 'Doomed');
  await openCategories(page, parent.name);
  await chooseRowAction(page, parent.name, 'Delete');

  const dialog = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(dialog.getByText('Are you sure you want to delete this category ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText(/has 0 posts and 1 sub-category/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Move and Delete' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Move its posts and sub-categories to').fill('Technology');
  await menuOption(page, 'Technology').click();
  await confirm.click();

  await expect(page.getByText('Category deleted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await openCategories(page, child.name);
  await expect(await cellUnder(page, 'Categories', child.name, 'Parents')).toHaveText('Technology');
});
