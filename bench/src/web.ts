/**
 * The web app's cold loads in Chromium: for Posts, Categories and the dashboard, the time from
 * navigation to the first data row (a list's first row of data, the dashboard's first count) and
 * the bytes transferred, each a median of BENCH_WEB_LOADS (5) loads in a fresh browser context
 * (no cache), signed in beforehand through the API. The screens are loaded in turn, so that each
 * screen's loads are spread over the run as the machine's load varies.
 *
 *   BENCH_DATABASE_URL=postgres://…/sitefleet_bench npm run bench:web   (the million posts)
 *   BENCH_DATA_DIR=./bench-data npm run bench:web                     (PGlite)
 *
 * Without either, the server starts on a new PGlite directory with the demo data. Debian's
 * Chromium is used (its headless build when installed, or CHROMIUM_PATH); none is downloaded.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { percentile, rssMegabytes, startServer } from './measure.ts';
import { BENCH_ADMIN } from './shape.ts';

const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 5);
const browserPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/** Each screen, and what shows its first data: a row with cells (not a loading row), a count. */
const SCREENS = [
  { name: 'Posts', path: '/admin/posts', ready: 'main table tbody tr:has(td + td)' },
  { name: 'Categories', path: '/admin/categories', ready: 'main table tbody tr:has(td + td)' },
  {
    name: 'dashboard',
    path: '/admin/dashboard',
    ready: '[data-testid^="stat-"]:not(:has(.spinner-border))',
  },
] as const;

/** What the page's scripts below use of the browser (the bench is typed for node). */
interface PageGlobals {
  firstDataShown: Promise<number>;
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: object): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): number;
}

/**
 * Runs in the page before its scripts: resolves `firstDataShown` with the time of the first
 * animation frame after `ready` matches, which is the frame that paints it.
 */
function markFirstData(ready: string) {
  const page = globalThis as unknown as PageGlobals;
  page.firstDataShown = new Promise((resolve) => {
    const observer = new page.MutationObserver(() => {
      if (!page.document.querySelector(ready)) return;
      observer.disconnect();
      page.requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(page.document, { childList: true, subtree: true, attributes: true });
  });
}

interface Load {
  ms: number;
  bytes: number;
  requests: number;
}

async function main() {
  if (!browserPath)
    throw new Error('No Chromium: install Debian’s chromium (or set CHROMIUM_PATH).');
  const scratch = mkdtempSync(join(tmpdir(), 'sitefleet-web-bench-'));
  const env: Record<string, string> = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { DATA_DIR: process.env.BENCH_DATA_DIR ?? scratch, DATABASE_URL: '' };
  const server = await startServer({ ...env, RUN_WORKERS: 'false' });
  const browser = await chromium.launch({ executablePath: browserPath });
  const loads = new Map<string, Load[]>(SCREENS.map((screen) => [screen.name, []]));
  try {
    for (let run = 0; run < LOADS; run++) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({ baseURL: server.url });
        try {
          const signedIn = await context.request.post('/login', {
            data: { ...BENCH_ADMIN, remember: false },
            headers: { 'x-requested-with': 'XMLHttpRequest' },
          });
          if (!signedIn.ok()) throw new Error(`Sign-in failed: ${await signedIn.text()}`);
          const page = await context.newPage();
          await page.addInitScript(markFirstData, screen.ready);
          await page.goto(screen.path, { waitUntil: 'commit' });
          await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
          // Measured in the page: from its navigation's start to the frame that showed the data
          // (not to when the wait above noticed it, which polls), and what it fetched.
          const measured = await page.evaluate(async () => {
            const shown = (globalThis as unknown as PageGlobals).firstDataShown;
            // The page's own entries (a browser's, typed here as node's).
            const entries = (
              performance.getEntries() as unknown as { entryType: string; transferSize: number }[]
            ).filter((entry) => entry.entryType === 'navigation' || entry.entryType === 'resource');
            return {
              ms: await shown,
              bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
              requests: entries.length,
            };
          });
          loads.get(screen.name)!.push(measured);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    const rss = rssMegabytes(server.child.pid!);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(scratch, { recursive: true, force: true });
    console.log(`server RSS after the loads: ${rss.toFixed(0)} MB`);
  }
  console.log(
    `\n${LOADS} cold loads per screen, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('screen     | first data ms, median | min–max       | kB transferred | requests');
  for (const [name, runs] of loads) {
    const ms = runs.map((run) => run.ms).sort((a, b) => a - b);
    const kb = runs.map((run) => run.bytes / 1024).sort((a, b) => a - b);
    const requests = runs.map((run) => run.requests).sort((a, b) => a - b);
    console.log(
      `${name.padEnd(10)} | ${percentile(ms, 50).toFixed(0).padStart(21)} | ${`${ms[0]!.toFixed(0)}–${ms.at(-1)!.toFixed(0)}`.padEnd(13)} | ${percentile(kb, 50).toFixed(0).padStart(14)} | ${percentile(requests, 50)}`,
    );
    console.log(
      JSON.stringify({
        screen: name,
        first_data_ms_median: Math.round(percentile(ms, 50)),
        first_data_ms: ms.map(Math.round),
        kb_transferred_median: Math.round(percentile(kb, 50)),
        requests_median: percentile(requests, 50),
      }),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
