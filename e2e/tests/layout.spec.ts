import { expect, type Locator, type Page, test } from '@playwright/test';
import { APP_NAME_SETTING, SETTING_VALUE_LIMITS, type Setting } from '@sitefleet/contract';
import { DEMO_URL } from '../servers.ts';
import { LISTS } from './admin-screens.ts';
import { api, createChannel, createWebsite, removeIfPresent, uniqueName } from './api.ts';
import { ADMIN, signIn, userId } from './users.ts';

interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}

/** Where the list's columns and its scrolling container sit on the screen, in CSS pixels. */
function measure(page: Page, table: string) {
  return page.getByRole('table', { name: table }).evaluate((element) => {
    const box = (node: Element): Box => {
      const { left, right, width, height } = node.getBoundingClientRect();
      return { left, right, width, height };
    };
    const container = element.parentElement as HTMLElement;
    const clamp = element.querySelector('tbody .cell-clamp');
    return {
      viewport: window.innerWidth,
      pageWidth: document.documentElement.scrollWidth,
      container: box(container),
      headers: Array.from(element.querySelectorAll('thead th')).map((th) => ({
        text: th.textContent?.trim() ?? '',
        ...box(th),
      })),
      clamped: clamp && {
        ...box(clamp),
        lineHeight: Number.parseFloat(getComputedStyle(clamp).lineHeight),
      },
      sidebarRight: document.querySelector('.app-sidebar')?.getBoundingClientRect().right ?? 0,
    };
  });
}

/**
 * The header cells of a table that do not show, each as 'Name 1210–1290 px': outside the box its
 * scrolling container and every clipping ancestor leave visible (the window too), or under a
 * sticky column (the row's Options) that the other columns scroll beneath.
 */
function hiddenColumns(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    let left = 0;
    let right = window.innerWidth;
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== 'visible') {
        const box = node.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
    }
    const headers = Array.from(element.querySelectorAll('thead th'));
    const sticky = headers.find((th) => getComputedStyle(th).position === 'sticky');
    const scrolledRight = sticky ? sticky.getBoundingClientRect().left : right;
    return headers.flatMap((th) => {
      const box = th.getBoundingClientRect();
      const end = th === sticky ? right : scrolledRight;
      if (box.left >= left - 1 && box.right <= end + 1) return [];
      const name = th.textContent?.trim() || th.querySelector('[aria-label]')?.ariaLabel;
      return [`${name} ${Math.round(box.left)}–${Math.round(box.right)} px`];
    });
  });
}

for (const { width, height, name } of [
  { width: 1366, height: 768, name: 'a laptop' },
  { width: 768, height: 1024, name: 'a tablet' },
]) {
  test(`every list fits ${name} screen (${width} px): readable columns, row actions in view`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
    // The channels' lists have no demo rows: a channel and its app of the test's own.
    const channel = await createChannel(page, 'Layout');
    try {
      for (const list of LISTS) {
        await page.goto(list.path);
        // A data row: more cells than the loading or empty row's one.
        await expect(
          page.getByRole('table', { name: list.table }).locator('tbody tr:has(td + td)').first(),
        ).toBeVisible();
        await testInfo.attach(`${list.table} at ${width} px`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
        const layout = await measure(page, list.table);
        const where = `${list.path} at ${width} px`;

        expect(
          layout.pageWidth,
          `${where}: the page itself never scrolls sideways`,
        ).toBeLessThanOrEqual(layout.viewport);
        for (const header of layout.headers.filter((th) => th.text !== '' && th.text !== '#')) {
          expect(
            header.width,
            `${where}: column ${header.text} is wide enough to read`,
          ).toBeGreaterThanOrEqual(40);
        }
        const options = layout.headers.find((th) => th.text === 'Options');
        if (options) {
          expect(options.right, `${where}: the row actions are in view`).toBeLessThanOrEqual(
            layout.container.right + 1,
          );
          expect(options.left).toBeGreaterThanOrEqual(layout.container.left);
        }
        if (width >= 1366) {
          // On a laptop, every default column shows without scrolling the table.
          expect(
            await hiddenColumns(page.getByRole('table', { name: list.table })),
            `${where}: every column shows`,
          ).toEqual([]);
        }
        if (width < 992) {
          // The sidebar gives its room to the list (it opens over it from the menu button).
          expect(layout.sidebarRight, `${where}: the sidebar is collapsed`).toBeLessThanOrEqual(1);
        }
        if (layout.clamped) {
          expect(
            layout.clamped.width,
            `${where}: long text keeps a readable width`,
          ).toBeGreaterThanOrEqual(200);
          expect(
            layout.clamped.height,
            `${where}: long text takes three lines at most`,
          ).toBeLessThanOrEqual(3 * layout.clamped.lineHeight + 1);
        }
      }
    } finally {
      await channel.remove();
    }
  });
}

/** A name of 200 characters without a space, unique to this run: 'Longk3x9a1abcdefghij…'. */
const unbrokenName = (prefix: string) =>
  uniqueName(prefix).replace(' ', '').padEnd(200, 'abcdefghij');

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A website, a category on it and a post in that category, each with a 200-character unbroken
 * name (the post's description is one unbroken word too, its reference a long host name), the
 * website's renewal due. They are the newest of their kind, so the first rows of their lists.
 */
async function createLongNamedContent(page: Page) {
  const website = await api<{ id: number; name: string }>(page, 'POST', '/api/websites', {
    name: unbrokenName('LongSite'),
    url: `https://long-${Date.now().toString(36)}.example.com`,
    hosting: 'E2E Hosting',
    cost: 100,
    duration: 1,
    next_renewal_date: inDays(3),
  });
  const categoryName = unbrokenName('LongCategory');
  const category = await api<{ id: number }>(page, 'POST', '/api/categories', {
    name: categoryName,
    slug: categoryName.toLowerCase(),
    description: 'A category with a long name.',
    keywords: 'e2e',
    websites: [website.id],
  });
  const title = unbrokenName('LongPost');
  const post = await api<{ id: number }>(page, 'POST', '/api/posts', {
    title,
    description: 'x'.repeat(600),
    category_id: category.id,
    content_reference: `https://${'reference-'.repeat(6)}example.com/long`,
  });
  // Its variant is assigned: the Review column then holds a name beside the Reference's host.
  const details = await api<{ data: { pivot_id: number }[] }>(
    page,
    'GET',
    `/api/posts/details/${post.id}`,
  );
  await api(page, 'POST', '/api/posts/details/action', {
    ids: details.data.map((variant) => variant.pivot_id),
    action: 'assign',
    user_id: await userId(page, ADMIN.email),
  });
  return {
    names: { website: website.name, category: categoryName, post: title },
    remove: async () => {
      await removeIfPresent(page, `/api/posts/${post.id}`);
      await removeIfPresent(page, `/api/categories/${category.id}`);
      await removeIfPresent(page, `/api/websites/${website.id}`);
    },
  };
}

/** Opens a row's Detailed Review from its Options menu. */
async function openDetailedReview(page: Page, path: string, name: string) {
  await page.goto(`${path}?query=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const review = page.getByRole('dialog', { name: `Detailed Review: ${name}` });
  const rows = review.getByRole('table', { name: 'Detail rows' });
  await expect(rows.locator('tbody tr:has(td + td)').first()).toBeVisible();
  // Bootstrap's fade-in ends with the dialog in place.
  await expect(page.locator('.modal.show')).toHaveCount(1);
  await expect(page.locator('.modal-backdrop.show')).toHaveCount(1);
  return { review, rows };
}

/** Whether the element's content runs out of its box sideways (an unbroken word). */
const overflowsSideways = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

/**
 * The open dialog fits a phone's 390 px: it never scrolls sideways, its box is in the window, its
 * title breaks instead of running out, and its close button is in view.
 */
async function expectDialogFitsPhone(page: Page, dialog: Locator) {
  const fit = await page.locator('.modal.show').evaluate((modal) => ({
    overflows: modal.scrollWidth > modal.clientWidth,
    content: modal.querySelector('.modal-content')?.getBoundingClientRect().toJSON(),
  }));
  expect(fit.overflows, 'the dialog never scrolls sideways').toBe(false);
  expect(fit.content.left).toBeGreaterThanOrEqual(0);
  expect(fit.content.right).toBeLessThanOrEqual(390);
  expect(await overflowsSideways(dialog.getByRole('heading').first())).toBe(false);
  const close = await dialog.getByRole('button', { name: 'Close' }).first().boundingBox();
  expect(close && close.x + close.width, 'the close button is in view').toBeLessThanOrEqual(390);
}

test('at 1366 px every default column shows beside 200-character names, in lists and Detailed Review', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
  const content = await createLongNamedContent(page);
  try {
    const { website, category, post } = content.names;
    for (const [path, table, names] of [
      ['/admin/websites', 'Websites', [website]],
      ['/admin/categories', 'Categories', [category]],
      ['/admin/posts', 'Posts', [post, category]],
    ] as const) {
      await page.goto(path);
      const list = page.getByRole('table', { name: table });
      // The newest rows first: the long name among the demo rows.
      await expect(list.getByRole('row').filter({ hasText: names[0] })).toBeVisible();
      await testInfo.attach(`${table} with long names`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      expect(await hiddenColumns(list), `${path}: every column shows`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        1366,
      );
      for (const name of names) {
        const cut = list.locator('[title]').filter({ hasText: name }).first();
        await expect(cut, `${path}: the whole name on hover`).toHaveAttribute('title', name);
      }
    }

    // A post with a name of the demo data's kind beside the long ones: the oldest, which no other
    // spec makes or removes while this one runs (a newer one could be an import being undone).
    const posts = await api<{ data: { title: string }[] }>(
      page,
      'GET',
      '/api/posts?order_key=created_at&order_dir=asc&per_page=15',
    );
    const shortPost = posts.data[0]?.title ?? '';
    for (const [path, name] of [
      ['/admin/posts', shortPost],
      ['/admin/posts', post],
      ['/admin/categories', category],
    ] as const) {
      const { review, rows } = await openDetailedReview(page, path, name);
      await testInfo.attach(`Detailed Review of ${name.slice(0, 20)}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      expect(await hiddenColumns(rows), `Detailed Review of ${path}: every column shows`).toEqual(
        [],
      );
      if (name === post) {
        const description = await rows.evaluate((table) => {
          const headers = Array.from(table.querySelectorAll('thead th'));
          const column = headers.findIndex((th) => th.textContent?.trim() === 'Description');
          const cell = table.querySelector(`tbody tr > td:nth-child(${column + 1})`) as Element;
          const text = cell.firstElementChild as Element;
          return { width: cell.clientWidth, overflows: text.scrollWidth > text.clientWidth + 1 };
        });
        expect(description.width, 'the unbroken description breaks').toBeLessThanOrEqual(480);
        expect(description.overflows, 'the unbroken description breaks').toBe(false);
      }
      await review.getByRole('button', { name: 'Close' }).last().click();
      await expect(review).toBeHidden();
    }
  } finally {
    await content.remove();
  }
});

test('Detailed Review fits a phone: a long title breaks, Close stays in view, the rows scroll inside', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  const content = await createLongNamedContent(page);
  try {
    const { review, rows } = await openDetailedReview(page, '/admin/posts', content.names.post);
    await testInfo.attach('Detailed Review on a phone', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectDialogFitsPhone(page, review);
    // The rows scroll sideways inside the dialog, and show it at the edge.
    await expect.poll(() => scrollShadows(rows)).toEqual({ start: false, end: true });
  } finally {
    await content.remove();
  }
});

test("the channels' screens fit a phone: their lists, an app's Usage and a website's Social tab, with long names", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  const { website, websiteName } = await createWebsite(page, 'Phone');
  // The longest names the channels take (120 characters), without a space to break them at.
  const longName = (prefix: string) => unbrokenName(prefix).slice(0, 120);
  const made = await createChannel(page, 'Phone', [website.id], {
    app: longName('PhoneApp'),
    channel: longName('PhonePage'),
  });
  // Another, for no website: the Social tab offers it to link.
  const other = await createChannel(page, 'Phone', [], { channel: longName('PhoneOther') });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  try {
    for (const [path, table, name] of [
      ['/admin/channels', 'Channels', made.channel.name],
      ['/admin/social-apps', 'Social Apps', made.app.name],
    ] as const) {
      await page.goto(`${path}?query=${encodeURIComponent(name)}`);
      const list = page.getByRole('table', { name: table });
      await expect(list.getByRole('row').filter({ hasText: name })).toBeVisible();
      await testInfo.attach(`${table} on a phone`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      expect(await pageWidth(), `${path}: the page never scrolls sideways`).toBeLessThanOrEqual(
        390,
      );
      // The rows scroll inside their box, the row's actions in view at its edge.
      const options = await list.locator('thead th.col-options').boundingBox();
      expect(options && options.x + options.width, `${path}: Options in view`).toBeLessThanOrEqual(
        390,
      );
    }

    await page.getByRole('button', { name: `Usage of ${made.app.name}` }).click();
    const usage = page.getByRole('dialog', { name: `Usage of ${made.app.name}` });
    await expect(usage.getByText(/^No publishing calls, deferrals or cost from /)).toBeVisible();
    await testInfo.attach('Usage on a phone', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectDialogFitsPhone(page, usage);
    await usage.getByRole('button', { name: 'Close' }).last().click();
    await expect(usage).toBeHidden();

    await page.goto(`/admin/websites?settings=${website.id}&tab=social`);
    const settings = page.getByRole('dialog', { name: `Advance Settings: ${websiteName}` });
    await expect(
      settings.getByRole('button', { name: `Unlink ${made.channel.name}` }),
    ).toBeVisible();
    await testInfo.attach('Social tab on a phone', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
    await expectDialogFitsPhone(page, settings);
    const facebook = settings.getByRole('region', { name: 'Facebook' });
    expect(await overflowsSideways(facebook), 'a long channel name breaks').toBe(false);
    const choice = facebook.getByRole('combobox', { name: 'Facebook channel to link' });
    await expect(choice.getByRole('option', { name: other.channel.name })).toBeAttached();
    const link = facebook.getByRole('button', { name: 'Link a Facebook channel' });
    const [linkBox, regionBox] = await Promise.all([link.boundingBox(), facebook.boundingBox()]);
    expect(
      linkBox && linkBox.x + linkBox.width,
      'the choice of a long-named channel leaves Link in view',
    ).toBeLessThanOrEqual(regionBox ? regionBox.x + regionBox.width + 1 : 0);
  } finally {
    await other.remove();
    await made.remove();
    await removeIfPresent(page, `/api/websites/${website.id}`);
  }
});

/**
 * Which edges of a table show a scroll shadow: its start, and its end (the sticky Options column's
 * edge when it has one). The shadows are the list box's (around the scrolling one) and the Options
 * cells' own.
 */
function scrollShadows(table: Locator) {
  return table.evaluate((element) => {
    const shows = (node: Element, pseudo: string) => {
      const style = getComputedStyle(node, pseudo);
      return style.content !== 'none' && Number(style.opacity) > 0;
    };
    const box = element.parentElement?.parentElement as Element;
    const options = element.querySelector('thead th:last-child');
    const sticky = options !== null && getComputedStyle(options).position === 'sticky';
    return {
      start: shows(box, '::before'),
      end: sticky ? shows(options, '::before') : shows(box, '::after'),
    };
  });
}

test('a table that scrolls sideways shows it with a shadow at the edge it scrolls to', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto('/admin/posts');
  const list = page.getByRole('table', { name: 'Posts' });
  await expect(list.locator('tbody tr:has(td + td)').first()).toBeVisible();
  await expect.poll(() => scrollShadows(list)).toEqual({ start: false, end: true });
  await list.evaluate((table) => {
    const scroller = table.parentElement as HTMLElement;
    scroller.scrollLeft = scroller.scrollWidth;
  });
  await expect.poll(() => scrollShadows(list)).toEqual({ start: true, end: false });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(() => scrollShadows(list)).toEqual({ start: false, end: false });
});

test.describe('on the untouched demo server', () => {
  // The application name is every page's: it is changed where no other spec reads it.
  test.use({ baseURL: DEMO_URL });

  test('a long application name is cut in the sidebar, whole in its title', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN);
    const [setting] = (
      await api<{ data: Setting[] }>(
        page,
        'GET',
        `/api/settings?query=${encodeURIComponent(APP_NAME_SETTING)}`,
      )
    ).data.filter((row) => row.full_path === APP_NAME_SETTING);
    if (!setting) throw new Error(`No setting ${APP_NAME_SETTING}`);
    const longest = 'S'.repeat(SETTING_VALUE_LIMITS[APP_NAME_SETTING] ?? 60);
    try {
      for (const name of ['Sitefleet '.repeat(6).trim(), longest]) {
        await api(page, 'PUT', `/api/settings/${setting.id}`, { value: name });
        await page.reload();
        const brand = page.locator('.sidebar-brand .brand-text');
        await expect(brand).toHaveText(name);
        await expect(brand).toHaveAttribute('title', name);
        const layout = await brand.evaluate((element) => ({
          text: element.getBoundingClientRect().toJSON(),
          sidebar: document.querySelector('.app-sidebar')?.getBoundingClientRect().toJSON(),
          cut: element.scrollWidth > element.clientWidth,
          ellipsis: getComputedStyle(element).textOverflow,
        }));
        expect(layout.text.left).toBeGreaterThanOrEqual(layout.sidebar.left);
        expect(layout.text.right).toBeLessThanOrEqual(layout.sidebar.right);
        expect(layout.cut).toBe(true);
        expect(layout.ellipsis).toBe('ellipsis');
      }
    } finally {
      await api(page, 'PUT', `/api/settings/${setting.id}`, { value: setting.value });
    }
  });
});
