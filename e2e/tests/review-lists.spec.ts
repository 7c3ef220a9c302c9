import { expect, test } from '@playwright/test';
import { DEMO_URL } from '../servers.ts';
import { createUser, roleWithPermissions, uniqueEmail } from './admin-screens.ts';
import { api, createCategory, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, EDITOR, signIn, signInThroughApi, switchUser, userId } from './users.ts';

/**
 * The review state on the Posts and Categories lists: the Review column's stage badges and
 * assignees, the Stage and Assignee filters, the built-in "Assigned to me" view, the dashboard's
 * count per stage, and what a reviewer who may not publish is offered.
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
    const editorId = await userId(page, EDITOR.email);
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
    const variantId = details.data[0]!.pivot_id;
    await api(page, 'POST', '/api/posts/details/action', {
      ids: [variantId],
      action: 'move_stage',
      stage_id: inReview!.id,
    });
    await api(page, 'POST', '/api/posts/details/action', {
      ids: [variantId],
      action: 'assign',
      user_id: editorId,
    });

    await switchUser(page, EDITOR);
    // The dashboard counts the posts in review; a stage opens the list filtered by it.
    const card = page.locator('.card').filter({ hasText: 'Posts in review' });
    const stageLink = card.getByRole('link', { name: /^In review: [\d,+]+ posts?, / }).first();
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

    // Narrowed to a stage the variant is not in, nothing is left; the search stays.
    await page.getByLabel('Stage filter').selectOption(String(approved!.id));
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('query') === prefix &&
        url.searchParams.get('stage_id') === String(approved!.id),
    );
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

test('a reviewer without the publishing ability approves from the lists and Detailed Review, and finds what is assigned to them', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const roleId = await roleWithPermissions(page, [
    'post-list',
    'post-review',
    'category-list',
    'category-review',
  ]);
  const reviewer = {
    name: uniqueName('E2E Reviewer'),
    email: uniqueEmail('e2e-reviewer'),
    password: 'password123',
  };
  const user = await createUser(page, { ...reviewer, roles: [roleId] });
  const prefix = uniqueName('Reviewed');
  const listed = `${prefix} listed`;
  const detailed = `${prefix} detailed`;
  const made = await postOnNewWebsite(page, { prefix: 'Reviewer', title: listed });
  const second = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title: detailed,
    description: 'Approved from Detailed Review.',
    category_id: made.categoryId,
  });
  const mine = await createCategory(page, `${prefix} mine`, [made.websiteId]);
  const other = await createCategory(page, `${prefix} other`, [made.websiteId]);
  try {
    await page.context().clearCookies();
    await signIn(page, reviewer);

    // The Posts list: the ticked row's Bulk Actions offer Approve and nothing that publishes.
    await page.goto(`/admin/posts?query=${encodeURIComponent(prefix)}`);
    const posts = page.getByRole('table', { name: 'Posts' });
    const postRow = (title: string) => posts.getByRole('row').filter({ hasText: title });
    await postRow(listed).getByRole('checkbox', { name: 'Select row' }).check();
    await expect(page.getByRole('button', { name: 'Review (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu.getByRole('button')).toHaveText(['Approve']);
    await menu.getByRole('button', { name: 'Approve' }).click();
    await expect(postRow(listed).getByText('Approved', { exact: true })).toBeVisible();

    // Detailed Review: Mark as Approved alone, beside the review menu.
    await postRow(detailed)
      .getByRole('button', { name: `Options for ${detailed}` })
      .click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const review = page.getByRole('dialog', { name: `Detailed Review: ${detailed}` });
    const variants = review.getByRole('table', { name: 'Detail rows' });
    await variants.getByRole('checkbox', { name: 'Select row' }).first().check();
    await expect(review.getByRole('button', { name: 'Move / Assign (1)' })).toBeVisible();
    const actions = review.getByLabel('Bulk action');
    await expect(actions.locator('option')).toHaveText(['Bulk action', 'Mark as Approved']);
    await actions.selectOption({ label: 'Mark as Approved' });
    await review.getByRole('button', { name: 'Apply' }).click();
    await expect(variants.locator('tbody tr').first()).toContainText('Approved');
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    // The Categories list: the reviewer takes a category, finds it in the built-in view, approves it.
    await page.goto(`/admin/categories?query=${encodeURIComponent(prefix)}`);
    const categories = page.getByRole('table', { name: 'Categories' });
    const categoryRow = (name: string) => categories.getByRole('row').filter({ hasText: name });
    await expect(categoryRow(other.name)).toBeVisible();
    await categoryRow(mine.name).getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('button', { name: 'Review (1)' }).click();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(categoryRow(mine.name).getByTitle(`Assigned to ${reviewer.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await expect(page).toHaveURL(/assignee_id=me/);
    await expect(page.getByRole('button', { name: 'View: Assigned to me' })).toBeVisible();
    // Only the new reviewer's category is theirs: the other one leaves once the view has loaded.
    await expect(categoryRow(other.name)).toHaveCount(0);
    await expect(categoryRow(mine.name)).toBeVisible();
    await categoryRow(mine.name).getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('button', { name: 'Bulk Actions (1)' }).click();
    await expect(menu.getByRole('button')).toHaveText(['Approve']);
    await menu.getByRole('button', { name: 'Approve' }).click();
    await expect(categoryRow(mine.name).getByText('Approved', { exact: true })).toBeVisible();
  } finally {
    await page.context().clearCookies();
    await signInThroughApi(page, ADMIN);
    await removeIfPresent(page, `/api/posts/${second.id}`);
    await removeIfPresent(page, `/api/posts/${made.postId}`);
    for (const id of [mine.id, other.id, made.categoryId]) {
      await removeIfPresent(page, `/api/categories/${id}`);
    }
    await removeIfPresent(page, `/api/websites/${made.websiteId}`);
    await removeIfPresent(page, `/api/users/${user.id}`);
    await removeIfPresent(page, `/api/roles/${roleId}`);
  }
});

test.describe('on the untouched demo server', () => {
  // Its posts have several variants each, in the seed's stages, and no spec changes them.
  test.use({ baseURL: DEMO_URL });

  test("the dashboard's posts in a stage are the posts its link lists", async ({ page }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto('/admin/dashboard');
    const card = page.locator('.card').filter({ hasText: 'Posts in review' });
    const stageLinks = card.getByRole('link', { name: /^.+: \d+ posts?, \d+ variants?$/ });
    await expect(stageLinks.first()).toBeVisible();
    // The stage with the most variants: the seed's posts have several each, so that there the
    // posts and the variants are told apart.
    const stages = (
      await stageLinks.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')!))
    ).map((label) => {
      const [, posts, variants] = /(\d+) posts?, (\d+) variants?$/.exec(label)!;
      return { label, posts: Number(posts), variants: Number(variants) };
    });
    const busiest = stages.reduce((most, stage) => (stage.variants > most.variants ? stage : most));
    expect(busiest.variants).toBeGreaterThan(busiest.posts);
    await card.getByRole('link', { name: busiest.label, exact: true }).click();
    await expect(page).toHaveURL(/stage_id=\d+/);
    await expect(
      page.getByText(new RegExp(`^Showing 1 to \\d+ of ${busiest.posts}$`)),
    ).toBeVisible();
  });
});
