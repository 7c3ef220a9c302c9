import { existsSync, readdirSync } from 'node:fs';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { BASE_URL, DATA_DIR, DEMO_DATA_DIR, DEMO_PORT, DEMO_URL, PORT } from './servers.ts';

const testDir = './tests';

/**
 * E2E_REVERSE=1 runs the spec files in reverse order, one after the other: each spec makes or
 * reads what it needs, so no order may matter. Each file is then a project of its own, and one
 * worker runs the projects in the order they are listed.
 */
const reversed: PlaywrightTestConfig['projects'] =
  process.env.E2E_REVERSE === '1'
    ? readdirSync(new URL(testDir, import.meta.url))
        .filter((file) => file.endsWith('.spec.ts'))
        .sort()
        .reverse()
        .map((file) => ({ name: file, testMatch: file }))
    : undefined;

/**
 * Debian's Chromium, in its headless build when it is installed: the same Blink without the
 * browser's windowing, a fifth less CPU over the suite. A browser is never downloaded.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

const serverBudget = {
  // Seeding the embedded database and starting the server, beside other work.
  timeout: 240_000,
  reuseExistingServer: false,
};

export default defineConfig({
  testDir,
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Spec files run on three workers at once (tests within a file in order): every spec makes its
  // own records, or reads the untouched demo server. The suite waits on pages more than it
  // computes: two workers left the two cores idle half the time.
  fullyParallel: false,
  workers: reversed ? 1 : Number(process.env.E2E_WORKERS ?? 3),
  ...(reversed && { projects: reversed }),
  // A flake shows instead of hiding behind a second try.
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Budgets for a loaded two-core machine (CI runs on one, beside other work): a test makes a page
  // and a few round trips to a server that shares the cores with the browser. Every wait is on
  // data (a row, a toast, an attribute), never on the clock: a quick machine does not wait longer.
  timeout: 90_000,
  expect: { timeout: 25_000 },
  use: {
    baseURL: BASE_URL,
    // Modals and toasts appear without their fades, as for a user who asks the system for less
    // motion: the flows are the same, without a third of a second of animation at every dialog
    // (reduced-motion.spec.ts checks the toasts both ways).
    reducedMotion: 'reduce',
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    // A failed test keeps its trace (each action with the page's DOM) and a screenshot. The
    // trace's screencast, a frame at every paint, took a third of the suite's CPU: it is left out.
    // E2E_TRACE=0 (npm test) records none: the DOM snapshots cost 6% of the CPU, and a run that
    // only prints keeps the screenshot and the page's outline (error-context.md) of a failure.
    trace:
      process.env.E2E_TRACE === '0'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Both servers run the one build (`npm run build`), started side by side.
  webServer: [
    {
      command: 'bash start-server.sh',
      url: `${BASE_URL}/api/docs/json`,
      env: { PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      ...serverBudget,
    },
    {
      command: 'bash start-server.sh',
      url: `${DEMO_URL}/api/docs/json`,
      env: {
        PORT: String(DEMO_PORT),
        E2E_DATA_DIR: DEMO_DATA_DIR,
        E2E_DEMO_STATES: '1',
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      ...serverBudget,
    },
  ],
});
