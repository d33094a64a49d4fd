import { existsSync } from 'node:fs';

const chromiumPath = '/usr/bin/chromium';

/**
 * Runs before the web server starts: the tests drive the system Chromium,
 * and a missing browser must fail the run loudly rather than skip it.
 */
export default function globalSetup(): void {
  if (existsSync(chromiumPath)) return;
  if (process.env.CI === 'true') {
    throw new Error(
      `Chromium is missing at ${chromiumPath} on CI. The browser tests never skip: ` +
        'install it in the CI image (apt-get install -y chromium) before running them.',
    );
  }
  throw new Error(
    `Chromium is missing at ${chromiumPath}. Install it with:\n\n  sudo apt-get install -y chromium\n\n` +
      'or run the setup script that does it (bash scripts/setup-test-deps.sh), then run the browser tests again.',
  );
}
