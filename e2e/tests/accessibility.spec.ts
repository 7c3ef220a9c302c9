import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { roleId } from './admin-screens.ts';
import { createChannel, createWebsite, removeIfPresent } from './api.ts';
import { ADMIN, signIn } from './users.ts';

/**
 * axe-core on every main screen, in the light theme (every rule) and the dark one (the colour
 * rules): no serious or critical violation. Besides the default rules, the experimental
 * `label-content-name-mismatch` is on (a control's accessible name must contain its visible
 * text, for speech input).
 */

const THEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);

/** What the test made for the screens to show: a website that a channel of its own publishes for. */
interface Made {
  websiteId: number;
  channelName: string;
}

interface Screen {
  name: string;
  /** The address, or how to find it once signed in. */
  path: (page: Page, made: Made) => Promise<string> | string;
  /** What shows once the screen has its data. */
  ready: (page: Page, made: Made) => Locator;
}

const firstRow = (page: Page) => page.locator('main table tbody tr').first();
/** A row of data: more cells than the loading or empty row's one. */
const dataRow = (page: Page) => page.locator('main table tbody tr:has(td + td)').first();

const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: () => '/admin/dashboard',
    // With its portfolio's websites and chart.
    ready: (page) =>
      page
        .locator('main')
        .filter({ has: page.locator('[data-testid="money-chart"] canvas') })
        .filter({
          has: page.getByRole('table', { name: 'Portfolio' }).locator('tbody tr:has(td + td)'),
        }),
  },
  { name: 'websites', path: () => '/admin/websites', ready: firstRow },
  { name: 'instances', path: () => '/admin/instances', ready: firstRow },
  { name: 'categories', path: () => '/admin/categories', ready: firstRow },
  { name: 'posts', path: () => '/admin/posts', ready: firstRow },
  {
    name: 'calendar',
    path: () => '/admin/calendar',
    ready: (page) => page.locator('.calendar-grid'),
  },
  { name: 'users', path: () => '/admin/users', ready: firstRow },
  { name: 'roles', path: () => '/admin/roles', ready: firstRow },
  {
    name: 'role edit',
    path: async (page) => `/admin/roles/${await roleId(page, 'editor')}/edit`,
    // Its permissions listed, and its two-factor switch loaded: disabled until then, its label is
    // faded, as an inactive control's may be.
    ready: (page) =>
      page
        .locator('body')
        .filter({ has: page.getByRole('table', { name: 'Permissions' }).locator('tbody tr') })
        .filter({
          has: page.getByRole('checkbox', {
            name: "Require two-factor sign-in for this role's users",
            disabled: false,
          }),
        }),
  },
  // A channel of the test's own and its app: the two lists have no demo rows.
  { name: 'channels', path: () => '/admin/channels', ready: dataRow },
  { name: 'social apps', path: () => '/admin/social-apps', ready: dataRow },
  {
    name: "a website's Social tab",
    path: (_page, made) => `/admin/websites?settings=${made.websiteId}&tab=social`,
    // Its channel listed, and every network's part loaded (each asks for its channels).
    ready: (page, made) =>
      page
        .getByRole('dialog')
        .filter({ has: page.getByRole('button', { name: `Unlink ${made.channelName}` }) })
        .filter({ hasNot: page.locator('.spinner-border') }),
  },
  { name: 'settings', path: () => '/admin/settings', ready: firstRow },
  // Every sign-in writes an entry, so the log has rows.
  { name: 'audit log', path: () => '/admin/audit-log', ready: firstRow },
  {
    name: 'trash',
    path: () => '/admin/trash',
    ready: (page) => page.getByRole('heading', { name: 'Trash' }).first(),
  },
  {
    name: 'profile',
    path: () => '/admin/profile',
    ready: (page) => page.getByRole('tab', { name: 'Two-Factor Sign-In' }),
  },
];

/**
 * The rules a theme can break: it changes colours only, so the dark theme is checked for these
 * and the light one for every rule (the structure is the same in both).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The serious and critical violations on the page, one line per rule and element. */
async function blockingViolations(
  page: Page,
  theme: (typeof THEMES)[number] = 'light',
): Promise<string[]> {
  // Only the violations are read: axe then describes one node of each passing or inapplicable
  // rule instead of every node, which was most of its work on a full screen.
  const axe = new AxeBuilder({ page }).options({
    resultTypes: ['violations'],
    ...(theme === 'light' && { rules: { 'label-content-name-mismatch': { enabled: true } } }),
  });
  const results = await (theme === 'light' ? axe : axe.withRules(COLOUR_RULES)).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((chosen) => localStorage.setItem('sitefleet.theme', chosen), theme);
}

for (const theme of THEMES) {
  test.describe(`in the ${theme} theme`, () => {
    test('the sign-in screen has no serious or critical violation', async ({ page }) => {
      await useTheme(page, theme);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      expect(await blockingViolations(page, theme)).toEqual([]);
    });

    test('every signed-in main screen has no serious or critical violation', async ({ page }) => {
      // Sixteen screens, each loaded and analysed.
      test.slow();
      await useTheme(page, theme);
      await signIn(page, ADMIN);
      const { website } = await createWebsite(page, 'A11y Social');
      const channel = await createChannel(page, 'A11y', [website.id]);
      const made = { websiteId: website.id, channelName: channel.channel.name };
      const found: Record<string, string[]> = {};
      try {
        for (const screen of SIGNED_IN_SCREENS) {
          await page.goto(await screen.path(page, made));
          await expect(screen.ready(page, made)).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
          const violations = await blockingViolations(page, theme);
          if (violations.length > 0) found[screen.name] = violations;
        }
      } finally {
        await channel.remove();
        await removeIfPresent(page, `/api/websites/${website.id}`);
      }
      expect(found).toEqual({});
    });

    test("a social app's Usage dialog has no serious or critical violation", async ({ page }) => {
      await useTheme(page, theme);
      await signIn(page, ADMIN);
      const { app, remove } = await createChannel(page, 'A11y Usage');
      try {
        await page.goto(`/admin/social-apps?query=${encodeURIComponent(app.name)}`);
        await page.getByRole('button', { name: `Usage of ${app.name}` }).click();
        const dialog = page.getByRole('dialog', { name: `Usage of ${app.name}` });
        // A new app has made no call: its range's zero state.
        await expect(
          dialog.getByText(/^No publishing calls, deferrals or cost from /),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
        expect(await blockingViolations(page, theme)).toEqual([]);
        // A reversed range: the contract's message under its field.
        await dialog.getByLabel('From').fill('10-03-2026');
        await dialog.getByLabel('To').fill('01-03-2026');
        await dialog.getByRole('button', { name: 'Show' }).click();
        await expect(dialog.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
        expect(await blockingViolations(page, theme)).toEqual([]);
      } finally {
        await remove();
      }
    });
  });
}

/** Whether the focused element shows it: an outline or a focus ring (box-shadow). */
const showsFocus = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return (
      (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none'
    );
  });

test('a row action is reached with Tab, shows its focus, and its modal keeps and returns the focus', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // A website of its own: the first of the whole list may be another spec's, deleted meanwhile.
  const { websiteName: name } = await createWebsite(page, 'Focus');
  await page.goto(`/admin/websites?query=${encodeURIComponent(name)}`);
  const settings = page.getByRole('button', { name: `Advance Settings of ${name}` });
  await expect(settings).toBeVisible();

  // From the top of the page, Tab alone reaches the first row's Advance Settings.
  await page.locator('body').focus();
  let presses = 0;
  while (!(await settings.evaluate((element) => element === document.activeElement))) {
    expect(presses++, 'Tab presses before Advance Settings').toBeLessThan(150);
    await page.keyboard.press('Tab');
  }
  expect(await showsFocus(settings)).toBe(true);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Advance Settings: ${name}` });
  await expect(dialog.getByLabel('Google Analytics')).toBeVisible();
  const focusInDialog = () =>
    dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  // Tab through every control and round again: the focus never stays on the page behind. Past the
  // last control it goes to the browser's own controls (the body is active) and comes back; a Tab
  // from there lands on the page's first control, which the modal gives back to the dialog in its
  // next task (react-bootstrap's focus trap), hence the poll.
  const focusOutside = () =>
    dialog.evaluate(
      (element) =>
        document.activeElement !== document.body && !element.contains(document.activeElement),
    );
  const close = dialog.getByRole('button', { name: 'Close' });
  let roundsAtClose = 0;
  for (let press = 0; press < 25; press++) {
    await page.keyboard.press('Tab');
    await expect.poll(focusOutside).toBe(false);
    if (await close.evaluate((element) => element === document.activeElement)) roundsAtClose++;
  }
  expect(roundsAtClose).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();
});

test('the Advance Settings modal, with its Rotate secret question, has no serious or critical violation', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const { websiteName } = await createWebsite(page, 'Modal');
  await page.goto(`/admin/websites?query=${encodeURIComponent(websiteName)}`);
  await page.getByRole('button', { name: `Advance Settings of ${websiteName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Webhook Settings' }).click();
  await dialog.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(
    dialog.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }),
  ).toBeFocused();
  expect(await blockingViolations(page)).toEqual([]);
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Rotate secret' })).toBeFocused();
});
