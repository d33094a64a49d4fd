import { describeFailure, findChromium } from '../helpers/chromium';

/**
 * Runs before the web server starts: the tests drive the Chromium the lookup
 * in scripts/find-chromium.mjs finds (the same one playwright.config.ts
 * passes to Playwright), and a missing browser must fail the run loudly
 * rather than skip it.
 */
export default function globalSetup(): void {
  const lookup = findChromium();
  if (lookup.found) return;
  const reason = describeFailure(lookup);
  if (process.env.CI === 'true') {
    throw new Error(`${reason}\n\nCI=true: the browser tests never skip; install Chromium in the CI image before running them.`);
  }
  throw new Error(reason);
}
