import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against a production build (`next build`, then `next start`).
 * The build directory comes from NEXT_DIST_DIR so the tests can use their own
 * (`.next-e2e`) beside the one used for development. Chromium is the system
 * package at /usr/bin/chromium; Playwright's own download is never used
 * (tests/e2e/global-setup.ts fails early when it is missing).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

const chromiumPath = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'tests/.artifacts/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright gives every launch a fresh temporary user-data dir.
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx next start -p ${port}`,
    url: baseURL,
    env: {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
