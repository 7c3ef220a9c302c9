import { expect, type Locator, type Page, test } from '@playwright/test';
import { REVIEW_SECOND_PERSON_SETTING, REVIEW_SECOND_PERSON_TEXTS } from '@sitefleet/contract';
import { createUser, roleId, uniqueEmail } from './admin-screens.ts';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { type LocalWebsite, startLocalWebsite } from './local-website.ts';
import { ADMIN, EDITOR, setSettingAs, signIn, signInThroughApi } from './users.ts';

let website: LocalWebsite;
test.beforeAll(async () => {
  website = await startLocalWebsite();
});
test.afterAll(() => website.close());

/** Two editors of their own, and a post the first one wrote on a website that takes webhooks. */
async function setUp(page: Page) {
  await signInThroughApi(page, ADMIN);
  const editorRole = await roleId(page, 'editor');
  const [author, reviewer] = ['Author', 'Reviewer'].map((who) => ({
    name: uniqueName(`E2E ${who}`),
    email: uniqueEmail(`e2e-${who.toLowerCase()}`),
    password: 'password123',
  })) as [Credentials, Credentials];
  for (const user of [author, reviewer]) await createUser(page, { ...user, roles: [editorRole] });
  const site = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name: uniqueName('Review Site'),
    url: 'https://review.example.com',
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 1,
  });
  await api(page, 'PATCH', `/api/websites/${site.id}/update-settings`, {
    post_webhook_url: `${website.url}/hooks/posts`,
  });
  const categoryName = uniqueName('Reviewed news');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'News',
    keywords: 'news',
    websites: [site.id],
  });
  await page.context().clearCookies();
  await signInThroughApi(page, author);
  const title = uniqueName('Harbour review');
  await api(page, 'POST', '/api/posts', {
    title,
    description: 'Reviewed by two people before it goes out.',
    category_id: category.id,
  });
  await page.context().clearCookies();
  return { author, reviewer, title };
}

interface Credentials {
  name: string;
  email: string;
  password: string;
}

/** Opens the post's Detailed Review and its variant's review panel. */
async function openReview(page: Page, title: string) {
  await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
  const row = page
    .getByRole('table', { name: 'Posts' })
    .getByRole('row')
    .filter({ hasText: title });
  await row.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const review = page.getByRole('dialog', { name: `Detailed Review: ${title}` });
  await review.getByRole('button', { name: 'Review', exact: true }).click();
  return review;
}

async function moveTo(review: Locator, stage: string) {
  await review.getByLabel('Move to…').selectOption({ label: stage });
  await review.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(
    review.getByRole('table', { name: 'Detail rows' }).locator('tbody tr').first(),
  ).toContainText(stage);
}

test.describe('with the four-eyes rule on', () => {
  // The rule is opt-in; this team turns it on. Every other spec approves what one person wrote
  // as another, so the rule being on for a while changes nothing for them.
  test.beforeEach(() => setSettingAs(ADMIN, REVIEW_SECOND_PERSON_SETTING, 'true'));
  test.afterEach(() => setSettingAs(ADMIN, REVIEW_SECOND_PERSON_SETTING, 'false'));

  test('two people move a post through its stages, with an assignment and a mention, and it goes out', async ({
    page,
  }) => {
    const { author, reviewer, title } = await setUp(page);

    // The author sends the post for review from the list's Review menu, takes it, and asks the
    // reviewer in a comment.
    await signIn(page, author);
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    const listRow = page
      .getByRole('table', { name: 'Posts' })
      .getByRole('row')
      .filter({ hasText: title });
    await listRow.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('button', { name: 'Review (1)' }).click();
    await page.getByRole('button', { name: 'In review', exact: true }).first().click();
    await expect(page.getByText(/1 changed/)).toBeVisible();
    let review = await openReview(page, title);
    await expect(review.getByRole('table', { name: 'Detail rows' })).toContainText('In review');
    await review.getByRole('button', { name: 'Assign to me' }).click();
    await expect(review.getByRole('table', { name: 'Detail rows' })).toContainText(author.name);
    await review
      .getByLabel(/^Comment \(Markdown/)
      .fill(`Please check the **dates** @${reviewer.email}`);
    await review.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = review.getByRole('region', { name: 'Comments' });
    await expect(comments.locator('strong', { hasText: 'dates' })).toBeVisible();
    // The author may not approve what they wrote.
    await review.getByLabel('Move to…').selectOption({ label: 'Approved' });
    await review.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText('Someone other than the author must approve this.')).toBeVisible();

    // The reviewer was told, approves, and publishes.
    await page.context().clearCookies();
    await signIn(page, reviewer);
    const notifications = await api<{ data: { kind: string; title: string }[] }>(
      page,
      'GET',
      '/api/notifications',
    );
    expect(notifications.data.map((note) => note.kind)).toContain('mention');
    review = await openReview(page, title);
    await moveTo(review, 'Approved');
    const history = review.getByRole('region', { name: 'History' });
    await expect(history).toContainText('In review → Approved');
    await expect(history).toContainText('Draft → In review');
    const table = review.getByRole('table', { name: 'Detail rows' });
    await table.locator('tbody tr').first().getByRole('checkbox').check();
    await review.getByLabel('Bulk action').selectOption({ label: 'Post to Website' });
    await review.getByRole('button', { name: 'Apply' }).click();
    await expect(
      table.locator('tbody tr').first().locator('.badge', { hasText: 'delivered' }),
    ).toBeVisible({
      timeout: 60_000,
    });
    expect(website.received.some((request) => request.body.includes(title))).toBe(true);
  });
});

/** Drags a stage's handle onto another stage's, in small steps as a hand would. */
async function dragStage(form: Locator, from: number, to: number) {
  const page = form.page();
  const source = await form.getByRole('button', { name: `Reorder stage ${from}` }).boundingBox();
  const target = await form.getByRole('button', { name: `Reorder stage ${to}` }).boundingBox();
  if (!source || !target) throw new Error('The stage handles are not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * Waits until a stage lifted from the keyboard listens for the arrow keys. dnd-kit's keyboard
 * sensor announces the lift at once but adds its keydown listener in a `setTimeout`, and Chromium
 * runs input before timers: an arrow pressed as soon as "Picked up" shows can reach the page
 * first and move nothing. A timer set now fires after the sensor's (the same delay, set later).
 */
async function keyboardDragReady(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** The workflow's stage names in order, as the API answers them. */
async function stageNames(page: Page, name: string) {
  const list = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/workflows?query=${encodeURIComponent(name)}`,
  );
  const workflow = await api<{ stages: { name: string }[] }>(
    page,
    'GET',
    `/api/workflows/${list.data.find((row) => row.name === name)!.id}`,
  );
  return workflow.stages.map((stage) => stage.name);
}

test("an admin orders a workflow's stages by dragging and from the keyboard, and deletes it", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const name = uniqueName('Legal workflow');
  await page.goto('/admin/workflows');
  await page.getByRole('button', { name: 'Add New Workflow' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Workflow' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Stage 1', { exact: true }).fill('Written');
  await form.getByLabel('Stage 2', { exact: true }).fill('Published');
  await form.getByRole('button', { name: 'Add a stage' }).click();
  // The new stage goes before the last one, which means approved.
  await expect(form.getByLabel('Stage 3', { exact: true })).toHaveValue('Published');
  await expect(form.getByLabel('Stage 2', { exact: true })).toHaveValue('');
  await form.getByLabel('Stage 2', { exact: true }).fill('Legal check');
  await dragStage(form, 2, 1);
  await expect(form.getByLabel('Stage 1', { exact: true })).toHaveValue('Legal check');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  expect(await stageNames(page, name)).toEqual(['Legal check', 'Written', 'Published']);

  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Legal checkWrittenPublished');

  // From the keyboard: the handle lifts the stage, an arrow moves it, and it drops.
  await row.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Workflow' });
  await expect(edit.getByLabel('Stage 1', { exact: true })).toHaveValue('Legal check');
  await edit.getByRole('button', { name: 'Reorder stage 1' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Legal check, at position 1 of 3.')).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Legal check is now at position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Legal check dropped at position 2 of 3.')).toBeAttached();
  await expect(edit.getByLabel('Stage 1', { exact: true })).toHaveValue('Written');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('WrittenLegal checkPublished');
  expect(await stageNames(page, name)).toEqual(['Written', 'Legal check', 'Published']);

  await row.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete Workflow' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('an admin sets who may move variants out of a stage: its roles and its users', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const legal = {
    name: uniqueName('E2E Legal reader'),
    email: uniqueEmail('e2e-legal'),
    password: 'password123',
  };
  const user = await createUser(page, legal);
  const editorRole = await roleId(page, 'editor');
  const name = uniqueName('Signed-off workflow');
  await page.goto('/admin/workflows');
  await page.getByRole('button', { name: 'Add New Workflow' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Workflow' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Roles who may move out of stage 1').fill('edit');
  await page.getByRole('option', { name: 'editor', exact: true }).click();
  await form.getByLabel('Users who may move out of stage 1').fill(legal.name);
  await page.getByRole('option', { name: `${legal.name} (${legal.email})` }).click();
  await form.getByRole('heading', { name: 'Add New Workflow' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const list = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/workflows?query=${encodeURIComponent(name)}`,
  );
  const id = list.data.find((row) => row.name === name)!.id;
  const saved = await api<{ stages: { role_ids: number[]; user_ids: number[] }[] }>(
    page,
    'GET',
    `/api/workflows/${id}`,
  );
  expect(saved.stages.map(({ role_ids, user_ids }) => ({ role_ids, user_ids }))).toEqual([
    { role_ids: [editorRole], user_ids: [user.id] },
    { role_ids: [], user_ids: [] },
  ]);

  // The edit form shows them again, and a removed one is saved as removed.
  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Workflow' });
  await expect(edit.getByText(`${legal.name} (${legal.email})`)).toBeVisible();
  await edit.getByRole('button', { name: 'Remove editor' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const edited = await api<{ stages: { role_ids: number[]; user_ids: number[] }[] }>(
    page,
    'GET',
    `/api/workflows/${id}`,
  );
  expect(edited.stages[0]).toMatchObject({ role_ids: [], user_ids: [user.id] });
  await removeIfPresent(page, `/api/workflows/${id}`);
});

test('the Workflows screen shows the four-eyes switch with what it does, as its setting stands', async ({
  page,
}) => {
  // Read only: the rule is the shared server's, and other specs publish under it.
  await signInThroughApi(page, ADMIN);
  const settings = await api<{ data: { full_path: string; value: string | null }[] }>(
    page,
    'GET',
    `/api/settings?query=${encodeURIComponent(REVIEW_SECOND_PERSON_SETTING)}`,
  );
  const stored = settings.data.find((row) => row.full_path === REVIEW_SECOND_PERSON_SETTING)!;
  await page.goto('/admin/workflows');
  const rule = page.getByRole('region', { name: REVIEW_SECOND_PERSON_TEXTS.label });
  const toggle = rule.getByRole('checkbox', { name: REVIEW_SECOND_PERSON_TEXTS.label });
  await expect(toggle).toBeVisible();
  await expect(toggle).toBeChecked({ checked: ['true', '1'].includes(stored.value ?? '') });
  await expect(rule).toContainText(REVIEW_SECOND_PERSON_TEXTS.description);
});

test('the comment box suggests whom to mention by name and writes their address', async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN);
  const title = uniqueName('Mentioned post');
  const made = await postOnNewWebsite(page, { prefix: 'Mention', title });
  try {
    const review = await openReview(page, title);
    const box = review.getByLabel(/^Comment \(Markdown/);
    await box.fill('Could you read this, ');
    await box.pressSequentially('@Dem');
    await review.getByRole('option', { name: /^Demo Editor/ }).click();
    await expect(box).toHaveValue(`Could you read this, @${EDITOR.email} `);
    await expect(review.getByRole('listbox', { name: 'People to mention' })).toBeHidden();
    await review.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(review.getByRole('region', { name: 'Comments' })).toContainText(
      `Could you read this, @${EDITOR.email}`,
    );
  } finally {
    await removeIfPresent(page, `/api/posts/${made.postId}`);
    await removeIfPresent(page, `/api/categories/${made.categoryId}`);
    await removeIfPresent(page, `/api/websites/${made.websiteId}`);
  }
});

test('an outside reviewer sends a post back through a review link on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInThroughApi(page, ADMIN);
  const site = await api<{ id: number }>(page, 'POST', '/api/websites', {
    name: uniqueName('Link Site'),
    url: 'https://link.example.com',
    status: 1,
    hosting: 'Local',
    cost: 1,
    duration: 1,
  });
  const categoryName = uniqueName('Linked news');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: 'News',
    keywords: 'news',
    websites: [site.id],
  });
  const title = uniqueName('Linked post');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'Read by someone without an account.',
    category_id: category.id,
  });
  const rows = await api<{ data: { pivot_id: number }[] }>(
    page,
    'GET',
    `/api/posts/details/${post.id}`,
  );
  const variantId = rows.data[0]!.pivot_id;
  const workflows = await api<{ is_default: boolean; stages: { id: number }[] }[]>(
    page,
    'GET',
    '/api/workflows/options',
  );
  const inReview = workflows.find((workflow) => workflow.is_default)!.stages[1]!.id;
  await api(page, 'POST', '/api/posts/details/action', {
    ids: [variantId],
    action: 'move_stage',
    stage_id: inReview,
  });
  const link = await api<{ url: string }>(
    page,
    'POST',
    `/api/variants/post/${variantId}/review-link`,
    {
      hours: 1,
    },
  );
  await page.context().clearCookies();

  await page.goto(new URL(link.url).pathname);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Read by someone without an account.')).toBeVisible();
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByText('Say what should change: a comment is required.')).toBeVisible();
  await expect(
    page.getByText('Your name is required: it goes into the history beside your decision.'),
  ).toBeVisible();
  await page.getByLabel('Your name').fill('Outside Reader');
  await page.getByLabel('Comment').fill('The second paragraph needs a source.');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your decision has been recorded.');

  await signInThroughApi(page, ADMIN);
  const after = await api<{ data: { stage: { name: string } }[] }>(
    page,
    'GET',
    `/api/posts/details/${post.id}`,
  );
  expect(after.data[0]!.stage.name).toBe('Draft');
  const history = await api<{ data: { user: { name: string } | null }[] }>(
    page,
    'GET',
    `/api/variants/post/${variantId}/history`,
  );
  expect(history.data.at(-1)!.user).toEqual({ id: null, name: 'Outside Reader (review link)' });
  await page.context().clearCookies();
  await page.goto(new URL(link.url).pathname);
  await expect(page.getByText('This review link has been used or has expired.')).toBeVisible();
});

test.describe('a review link made in Detailed Review', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('is copied with its Copy button, and its page says who asks for what', async ({ page }) => {
    await signInThroughApi(page, ADMIN);
    const title = uniqueName('Copied link post');
    const made = await postOnNewWebsite(page, { prefix: 'Copied link', title });
    try {
      const review = await openReview(page, title);
      await review.getByRole('button', { name: 'Review link', exact: true }).click();
      const shown = review.getByRole('textbox', { name: 'Review link' });
      await expect(shown).toHaveValue(/\/review\/[\w-]{43}$/);
      await review.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(review.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
      const url = await shown.inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      await page.context().clearCookies();
      await page.goto(new URL(url).pathname);
      const request = page.getByTestId('review-request');
      await expect(request).toContainText(
        `Administrator asks you to review this post for ${made.websiteName}.`,
      );
      await expect(request).toContainText(
        'Approve moves it on to In review; Request changes sends it back to Draft with your comment.',
      );
      await expect(request).toContainText(/This link works once, until \d\d-\d\d-\d{4} /);
    } finally {
      await signInThroughApi(page, ADMIN);
      await removeIfPresent(page, `/api/posts/${made.postId}`);
      await removeIfPresent(page, `/api/categories/${made.categoryId}`);
      await removeIfPresent(page, `/api/websites/${made.websiteId}`);
    }
  });
});
