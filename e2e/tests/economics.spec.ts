import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, test } from '@playwright/test';
import { DEMO_URL } from '../servers.ts';
import { demoWebsites } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/**
 * The dashboard's portfolio and a website's Money tab on the demo's money (its revenue in dollars
 * at their day's rate, its costs; apps/server/src/db/demo-economics.ts), read on the untouched
 * demo server: no spec adds a website whose figures would move the rows while they are read.
 */

test.use({ baseURL: DEMO_URL });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** An amount as the table shows it, as a number: ₹1,234.50 → 1234.5, -₹18,000.00 → -18000. */
function amountOf(text: string): number {
  const amount = Number(text.replace(/[^\d.-]/g, ''));
  if (text.includes('—') || Number.isNaN(amount)) throw new Error(`No amount in "${text}"`);
  return amount;
}

/** The portfolio's rows: each website's name and profit, in the table's order. */
async function profitsOf(table: Locator) {
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll('td');
      return {
        name: cells[0]?.querySelector('a')?.textContent ?? '',
        profit: cells[3]?.textContent ?? '',
      };
    }),
  );
  return rows.map((row) => ({ name: row.name, profit: amountOf(row.profit) }));
}

const inOrder = (profits: number[], direction: 1 | -1) =>
  profits.every(
    (profit, index) => index === 0 || (profit - (profits[index - 1] ?? 0)) * direction >= 0,
  );

test('the dashboard shows the portfolio: its figures, revenue against cost, every website', async ({
  page,
}) => {
  const [recipes, travel] = await demoWebsites(page);
  await page.goto('/admin/dashboard');
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio.getByTestId('portfolio-revenue')).toContainText('₹');
  await expect(portfolio.getByText(/against the 30 days before/).first()).toBeVisible();
  await expect(portfolio.locator('[data-testid="money-chart"] canvas').first()).toBeVisible();

  const table = portfolio.getByRole('table', { name: 'Portfolio' });
  for (const website of [recipes, travel]) {
    await expect(table.getByRole('link', { name: website.name })).toBeVisible();
    await expect(
      table.getByRole('img', { name: new RegExp(`^Profit per day of ${website.name}: 30 days`) }),
    ).toBeVisible();
  }
  // Travel Notes paid for its photos this month: a loss, below Daily Recipes' profit.
  const profits = await profitsOf(table);
  const profitOf = (name: string) => profits.find((row) => row.name === name)?.profit ?? Number.NaN;
  expect(profitOf(travel.name)).toBeLessThan(0);
  expect(profitOf(recipes.name)).toBeGreaterThan(profitOf(travel.name));
});

test('sorting by profit reorders the portfolio, most profitable first by default', async ({
  page,
}) => {
  await page.goto('/admin/dashboard');
  const table = page.getByRole('table', { name: 'Portfolio' });
  await expect(table.getByRole('link').first()).toBeVisible();
  const before = await profitsOf(table);
  expect(
    inOrder(
      before.map((row) => row.profit),
      -1,
    ),
  ).toBe(true);

  await table.getByRole('button', { name: /Profit/ }).click();
  await expect(page).toHaveURL(/[?&]sort=profit/);
  // Least profitable first now: the loss-making website leads where the most profitable did.
  await expect
    .poll(async () => {
      const after = await profitsOf(table);
      return (
        inOrder(
          after.map((row) => row.profit),
          1,
        ) && after[0]?.name !== before[0]?.name
      );
    })
    .toBe(true);
});

test("a website's Money tab shows its days, its revenue by source and its costs by kind", async ({
  page,
}) => {
  const [recipes] = await demoWebsites(page);
  await page.goto('/admin/dashboard');
  await page
    .getByRole('table', { name: 'Portfolio' })
    .getByRole('link', { name: recipes.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`settings=${recipes.id}&tab=money`));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Money' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.locator('[data-testid="money-chart"] canvas').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Show as table' }).click();
  const days = dialog.getByRole('table', { name: /Revenue, cost and profit per day, 30 days/ });
  await expect(days.locator('tbody tr')).toHaveCount(30);
  // Every day of AdSense's dollars converted at its day's rate: no day without a figure.
  await expect(days.locator('tbody')).not.toContainText('—');
  await expect(dialog.getByRole('table', { name: 'Revenue by source' })).toContainText('AdSense');
  const kinds = dialog.getByRole('table', { name: 'Costs by kind' });
  await expect(kinds).toContainText('Hosting');
  await expect(kinds).toContainText('Other');
});

for (const theme of ['light', 'dark'] as const) {
  test(`a website's Money tab has no serious or critical violation in the ${theme} theme`, async ({
    page,
  }) => {
    await page.addInitScript((chosen) => localStorage.setItem('sitefleet.theme', chosen), theme);
    const [, travel] = await demoWebsites(page);
    await page.goto(`/admin/websites?settings=${travel.id}&tab=money`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[data-testid="money-chart"] canvas').first()).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Costs by kind' })).toContainText('Other');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    const results = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .options({ resultTypes: ['violations'] })
      .analyze();
    const blocking = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      blocking.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
