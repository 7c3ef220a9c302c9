import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  // A flake shows instead of hiding behind a second try.
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Budgets for a loaded two-core machine (CI runs on one, beside other work): a test makes a page
  // and a few round trips to a server that shares the cores with the browser. Every wait is on
  // data (a row, a toast, an attribute), never on the clock: a quick machine does not wait longer.
  timeout: 90_000,
  expect: { timeout: 25_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: a browser is never downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'bash start-server.sh',
    url: `http://127.0.0.1:${PORT}/api/docs/json`,
    // Seeding the embedded database and starting the server, beside other work.
    timeout: 240_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  },
});
