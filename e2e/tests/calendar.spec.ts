import { expect, type Page, test } from '@playwright/test';
import { api, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, apiAs, EDITOR, signInThroughApi } from './users.ts';

test.use({ viewport: { width: 1366, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** A date as the calendar keys its days (YYYY-MM-DD), in the browser's zone. */
const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A website with a post webhook, a category on it and an approved post on that category. */
async function approvedPost(page: Page) {
  const websiteName = uniqueName('Calendar Site');
  const website = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name: websiteName,
    url: 'https://calendar.example.com',
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 1,
  });
  // Nothing is published during the test: the time is days ahead.
  await api(page, 'PATCH', `/api/websites/${website.id}/update-settings`, {
    post_webhook_url: 'https://calendar.example.com/hooks/posts',
  });
  const categoryName = uniqueName('Calendar news');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'News',
    keywords: 'news',
    websites: [website.id],
  });
  const title = uniqueName('Calendar post');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'A post planned on the calendar.',
    category_id: category.id,
  });
  // Someone other than the author approves it.
  await apiAs(EDITOR, 'POST', '/api/posts/action', { ids: [post.id], action: 'approve' });
  return { website, websiteName, category, post, title };
}

test('schedules a post from Detailed Review, shows it on the calendar, and a drag to the next day moves its time', async ({
  page,
}) => {
  const { website, websiteName, category, post, title } = await approvedPost(page);
  try {
    // Two days ahead, or a day later when the day after would be in another month: both days
    // are then in one month's grid.
    let day = new Date();
    day.setDate(day.getDate() + 2);
    if (
      new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getMonth() !== day.getMonth()
    ) {
      day.setDate(day.getDate() + 1);
    }
    day = new Date(day.getFullYear(), day.getMonth(), day.getDate());
    const nextDay = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);

    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Options for ${title}` }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    await review.getByRole('button', { name: `Schedule the publish to ${websiteName}` }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Publish: 1 row' });
    // The date typed DD-MM-YYYY, as every screen shows dates, the time beside it.
    const [year, month, date] = dayKey(day).split('-');
    await schedule.getByLabel(/^Publish at \(/).fill(`${date}-${month}-${year}`);
    await schedule.getByLabel('Publish at time').fill('10:30');
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await expect(schedule).toBeHidden();
    await expect(review.getByRole('table', { name: 'Detail rows' })).toContainText('scheduled');
    await review.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

    await page.goto('/admin/calendar');
    await page.getByLabel('Website').selectOption({ label: websiteName });
    const monthTitle = day.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
    const heading = page.locator('.card-header h2');
    while ((await heading.textContent()) !== monthTitle) {
      await page.getByRole('button', { name: 'Next' }).click();
    }
    const item = page.locator(`[data-day="${dayKey(day)}"]`).getByRole('button', { name: title });
    await expect(item).toContainText('10:30');
    await expect(item).toHaveAttribute('data-state', 'scheduled');

    // The whole month in view: a drag whose target the page must scroll to (a Sunday at the end
    // of one row to the Monday below it) would scroll in the middle of the drag.
    await page.setViewportSize({ width: 1366, height: 1600 });
    await item.dragTo(page.locator(`[data-day="${dayKey(nextDay)}"]`));
    await expect(page.getByRole('alert').filter({ hasText: 'Rescheduled.' })).toBeVisible();
    const moved = page
      .locator(`[data-day="${dayKey(nextDay)}"]`)
      .getByRole('button', { name: title });
    await expect(moved).toContainText('10:30');
    await expect(
      page.locator(`[data-day="${dayKey(day)}"]`).getByRole('button', { name: title }),
    ).toHaveCount(0);

    // The new time, as the server holds it and Detailed Review shows it.
    const details = await api<{ data: { publish_at: string | null }[] }>(
      page,
      'GET',
      `/api/posts/details/${post.id}`,
    );
    expect(details.data[0]?.publish_at).toBe(
      new Date(nextDay.getFullYear(), nextDay.getMonth(), nextDay.getDate(), 10, 30).toISOString(),
    );
    await moved.click();
    const reopened = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
    await expect(reopened.getByRole('table', { name: 'Detail rows' })).toContainText(
      nextDay.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
    );
  } finally {
    await removeIfPresent(page, `/api/posts/${post.id}`);
    await removeIfPresent(page, `/api/categories/${category.id}`);
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});
