import { expect, test } from '@playwright/test';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, EDITOR, signIn, switchUser } from './users.ts';

/**
 * The review state on the Posts list: the Review column's stage badges and assignees, the Stage
 * and Assignee filters, the built-in "Assigned to me" view, and the dashboard's count per stage.
 */

test('the editor finds what is assigned to them, by the built-in view and the Stage filter', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const prefix = uniqueName('Review list');
  const mine = `${prefix} assigned`;
  const other = `${prefix} unassigned`;
  const made = await postOnNewWebsite(page, { prefix: 'Review', title: mine });
  const second = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title: other,
    description: 'Nobody reviews this one yet.',
    category_id: made.categoryId,
  });
  try {
    const users = await api<{ data: { id: number; email: string }[] }>(
      page,
      'GET',
      `/api/users?query=${encodeURIComponent(EDITOR.email)}`,
    );
    const editorId = users.data.find((user) => user.email === EDITOR.email)!.id;
    const workflows = await api<{ is_default: boolean; stages: { id: number; name: string }[] }[]>(
      page,
      'GET',
      '/api/workflows/options',
    );
    const [, inReview, approved] = workflows.find((workflow) => workflow.is_default)!.stages;
    const details = await api<{ data: { pivot_id: number }[] }>(
      page,
      'GET',
      `/api/posts/details/${made.postId}`,
    );
    const variant = details.data[0]!.pivot_id;
    await api(page, 'POST', '/api/posts/details/action', {
      ids: [variant],
      action: 'move_stage',
      stage_id: inReview!.id,
    });
    await api(page, 'POST', '/api/posts/details/action', {
      ids: [variant],
      action: 'assign',
      user_id: editorId,
    });

    await switchUser(page, EDITOR);
    // The dashboard counts the variants in review; a stage opens the list filtered by it.
    const card = page.locator('.card').filter({ hasText: 'Posts in review' });
    const stageLink = card.getByRole('link', { name: /^In review: \d+ variants$/ }).first();
    await expect(stageLink).toBeVisible();
    await stageLink.click();
    await expect(page).toHaveURL(new RegExp(`stage_id=${inReview!.id}`));
    await expect(page.getByLabel('Stage filter')).toHaveValue(String(inReview!.id));

    await page.goto(`/admin/posts?query=${encodeURIComponent(prefix)}`);
    const table = page.getByRole('table', { name: 'Posts' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await expect(row(mine)).toBeVisible();
    await expect(row(other)).toBeVisible();
    // The Review column: the variant's stage as a badge, and whom it is assigned to.
    await expect(row(mine).getByText('In review', { exact: true })).toBeVisible();
    await expect(row(mine).getByTitle(/^Assigned to /)).toBeVisible();
    await expect(row(other).getByText('Draft', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(page).toHaveURL(/assignee_id=me/);
    await expect(page.getByRole('button', { name: 'View: Assigned to me' })).toBeVisible();
    await expect(page.getByLabel('Assignee filter')).toHaveValue('me');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(prefix);
    await expect(row(mine)).toBeVisible();
    await expect(row(other)).toHaveCount(0);

    // Narrowed to a stage the variant is not in, nothing is left.
    await page.getByLabel('Stage filter').selectOption(String(approved!.id));
    await expect(page).toHaveURL(new RegExp(`stage_id=${approved!.id}`));
    await expect(row(mine)).toHaveCount(0);
    await page.getByLabel('Stage filter').selectOption(String(inReview!.id));
    await expect(row(mine)).toBeVisible();
  } finally {
    await removeIfPresent(page, `/api/posts/${second.id}`);
    await removeIfPresent(page, `/api/posts/${made.postId}`);
    await removeIfPresent(page, `/api/categories/${made.categoryId}`);
    await removeIfPresent(page, `/api/websites/${made.websiteId}`);
  }
});
