import { expect, test } from '@playwright/test';
import { api, demoWebsites, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** More rows than one page shows (15 a page), one of them refused. */
const ROWS = 24;

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

test('imports a CSV file of posts through the modal, with its progress bar, into the list', async ({
  page,
}) => {
  const [website] = await demoWebsites(page);
  const name = uniqueName('Import Category');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name,
    slug,
    description: 'For the import.',
    keywords: 'e2e',
    websites: [website.id],
  });
  const lines = ['title,description,category'];
  for (let n = 1; n <= ROWS; n++) {
    // Line 6 has no title: the dry run refuses it by its line.
    lines.push(`${n === 5 ? '' : `${name} imported ${n}`},Body ${n},${slug}`);
  }

  await page.goto(`/admin/posts?category_id=${category.id}`);
  await expect(page.getByText('No results found...')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Import posts' });
  await modal.getByLabel('CSV file').setInputFiles({
    name: 'posts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  });

  await expect(
    modal.getByText(`${ROWS} rows: ${ROWS - 1} ready to import, 1 refused.`),
  ).toBeVisible();
  const refused = modal.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row', { name: '6 title Title is required' })).toBeVisible();
  await expect(modal.getByRole('table', { name: 'First rows of the file' })).toContainText(
    `${name} imported 1`,
  );

  await modal.getByRole('button', { name: `Import ${ROWS - 1} posts` }).click();
  await expect(modal.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(modal.getByText(`Done: ${ROWS - 1} created, 0 updated, 1 refused.`)).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Download the 1 refused row' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();

  await expect(page.getByText(`Showing 1 to 15 of ${ROWS - 1}`)).toBeVisible();
  await expect(
    page.getByRole('cell', { name: `${name} imported ${ROWS}`, exact: true }),
  ).toBeVisible();
});
