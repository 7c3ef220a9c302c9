import { expect, type Page, test } from '@playwright/test';
import { LISTS } from './admin-screens.ts';
import { ADMIN, signIn } from './users.ts';

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

for (const { width, height, name } of [
  { width: 1366, height: 768, name: 'a laptop' },
  { width: 768, height: 1024, name: 'a tablet' },
]) {
  test(`every list fits ${name} screen (${width} px): readable columns, row actions in view`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
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
        for (const header of layout.headers) {
          expect(header.right, `${where}: column ${header.text} shows`).toBeLessThanOrEqual(
            layout.container.right + 1,
          );
        }
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
  });
}
