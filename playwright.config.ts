import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/helpers/chromium';
import { e2eInsightsToken } from './tests/e2e/insights-token';

/**
 * Browser tests against a production build (`next build`, then `next start`).
 * The build directory comes from NEXT_DIST_DIR so the tests can use their own
 * (`.next-e2e`) beside the one used for development. The browser comes from
 * the one lookup in scripts/find-chromium.mjs ($CHROMIUM_PATH, $CHROME_PATH,
 * Playwright's own Chromium, /usr/bin/chromium, the macOS apps); Playwright
 * never downloads one here. tests/e2e/global-setup.ts fails early, saying
 * why, when there is none.
 *
 * The server listens on a free port picked here ($E2E_PORT overrides it).
 * The pick is written back to process.env.E2E_PORT: Playwright loads this
 * file again in each worker, and workers inherit the runner's environment,
 * so every process agrees on one port.
 */
function freePort(): number {
  // The config is loaded synchronously: ask a child node for a port the OS
  // considers free (listening on every interface, as `next start` does).
  const script =
    "const s=require('node:net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`could not pick a free port (got ${JSON.stringify(port)})`);
  return port;
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort());
const port = Number(process.env.E2E_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`E2E_PORT must be a TCP port, got ${process.env.E2E_PORT}`);
const baseURL = `http://localhost:${port}`;

// Nothing in the tests reaches the internet: the server's code host is a
// loopback port nobody listens on (picked free here, then left closed), so
// every server-side release or installer lookup fails at once as
// "unreachable", offline or not. Tests that need a release answer route
// /v1/releases/{app} in the page.
if (!process.env.E2E_CODE_HOST_PORT) process.env.E2E_CODE_HOST_PORT = String(freePort());
const closedCodeHost = `http://127.0.0.1:${process.env.E2E_CODE_HOST_PORT}`;

// Undefined when there is none: global setup then fails with the reason and what to install.
const executablePath = chromiumPath();

const browserUse = {
  ...devices['Desktop Chrome'],
  // Playwright gives every launch a fresh temporary user-data dir.
  launchOptions: {
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'tests/.artifacts/playwright',
  // Two workers: a test mostly waits (for the network to go quiet, a throttled load, an animation),
  // so a second one fills the machine's idle time (docs/decisions/0010-browser-tests-once-per-template.md).
  workers: 2,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  reporter: 'list',
  // Sized for a busy CI machine, not retried: the slowest test takes under 5 s here with both cores
  // kept busy (scripts/ci-under-load.sh) and one took 37 s under heavier load, so a test gets 120 s
  // and an expectation 30 s. A test that hangs still fails; it fails later.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // Alone and first: it counts the searches and feedback the server recorded, which a test
      // running beside it would add to. Every other test waits for it (`dependencies` below).
      name: 'insights',
      testMatch: /insights\.spec\.ts$/,
      use: browserUse,
    },
    {
      name: 'chromium',
      testIgnore: /insights\.spec\.ts$/,
      dependencies: ['insights'],
      fullyParallel: true,
      use: browserUse,
    },
  ],
  webServer: {
    // Not npx: it would put node_modules/.bin (and its Node 24) first on PATH again; `node` is the PATH's (under npm test, the machine's).
    command: `node node_modules/.bin/next start -p ${port}`,
    url: baseURL,
    env: {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
      NEXT_TELEMETRY_DISABLED: '1',
      GITHUB_API_URL: closedCodeHost,
      GITHUB_RAW_URL: closedCodeHost,
      // The maintainers' view, for tests/e2e/insights.spec.ts; one browser is every client here.
      INSIGHTS_TOKEN: e2eInsightsToken,
      INSIGHTS_MIN_CLIENTS: '1',
    },
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
