import { expect, test } from '@playwright/test';

test('the API documentation page renders under the Content-Security-Policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  // The page draws only the operations in view: the address opens it at the posts' group.
  await page.goto('/api/docs#/posts');
  await expect(page.getByRole('heading', { name: /Sitefleet API/ })).toBeVisible();
  await expect(page.getByText('/api/posts/export').first()).toBeVisible();
  expect(refused.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
