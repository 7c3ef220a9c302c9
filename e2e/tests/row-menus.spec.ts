import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Instance } from '@sitefleet/contract';
import { api, postOnNewWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

test.use({ viewport: { width: 1366, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN);
});

/** Opens a row's Options menu and checks that it sits beside its button, inside the window. */
async function expectMenuBesideButton(page: Page, button: Locator) {
  await button.click();
  const menu = page.locator('.dropdown-menu.show');
  await expect(menu).toBeVisible();
  const boxes = async () => {
    const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
    if (!buttonBox || !menuBox) throw new Error('The button or its menu has no box.');
    return { buttonBox, menuBox };
  };
  // Below the button (or above it when there is no room below), a few pixels away: measured once
  // the menu has been placed, which the positioning library does after the menu shows, and again
  // when the list beside it finishes its layout.
  const gap = async () => {
    const { buttonBox, menuBox } = await boxes();
    const below = menuBox.y - (buttonBox.y + buttonBox.height);
    const above = buttonBox.y - (menuBox.y + menuBox.height);
    return Math.min(Math.abs(below), Math.abs(above));
  };
  await expect.poll(gap).toBeLessThanOrEqual(8);
  const { buttonBox, menuBox } = await boxes();
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  // Lined up with the button: the menu's right edge is that of the button.
  expect(Math.abs(menuBox.x + menuBox.width - (buttonBox.x + buttonBox.width))).toBeLessThan(8);
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  expect(menuBox.y).toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(viewport.width);
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(viewport.height);
  return menu;
}

test('the menu of a category row opens beside its button, for the first row and the last', async ({
  page,
}) => {
  await page.goto('/admin/categories');
  const rows = page.getByRole('table', { name: 'Categories' }).getByRole('row');
  await expect(rows.nth(2)).toBeVisible();
  const first = rows.nth(1).getByRole('button', { name: /^Options for / });
  const menu = await expectMenuBesideButton(page, first);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const last = rows.last().getByRole('button', { name: /^Options for / });
  await last.scrollIntoViewIfNeeded();
  await expectMenuBesideButton(page, last);
  // A click outside closes it.
  await page.getByRole('heading', { name: 'Categories' }).click();
  await expect(menu).toBeHidden();
});

test('the menus of post and instance rows open beside their buttons', async ({ page }) => {
  // A category of its own: a post in another spec's category would stop that spec deleting it.
  const title = uniqueName('Menu Post');
  const post = await postOnNewWebsite(page, { prefix: 'Menu', title });
  const instanceId = `i-menu-${Date.now().toString(36)}`;
  const instance = await api<Instance>(page, 'POST', '/api/instances', {
    instance_id: instanceId,
    ip_address: '198.51.100.8',
    current_state: 'running',
    gap: '06:15',
    region: 'eu-west-1',
    type: 'small',
    cost: 420,
  });
  try {
    await page.goto(`/admin/posts?query=${encodeURIComponent(title)}`);
    const postMenu = await expectMenuBesideButton(
      page,
      page.getByRole('button', { name: `Options for ${title}` }),
    );
    await page.keyboard.press('Escape');
    await expect(postMenu).toBeHidden();

    await page.goto(`/admin/instances?query=${instanceId}`);
    await expectMenuBesideButton(
      page,
      page.getByRole('button', { name: `Options for ${instanceId}` }),
    );
  } finally {
    await removeIfPresent(page, `/api/posts/${post.postId}`);
    await removeIfPresent(page, `/api/categories/${post.categoryId}`);
    await removeIfPresent(page, `/api/websites/${post.websiteId}`);
    await removeIfPresent(page, `/api/instances/${instance.id}`);
  }
});
