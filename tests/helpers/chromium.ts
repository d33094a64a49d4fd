/**
 * The Chromium the browser tests drive. The lookup itself lives in
 * scripts/find-chromium.mjs (plain JavaScript, so the shell scripts run it
 * with node too); this module is its typed face for playwright.config.ts and
 * the tests. Order: $CHROMIUM_PATH, else $CHROME_PATH (when set, the only
 * candidate), then Playwright's own Chromium, /usr/bin/chromium, and the
 * macOS Chromium.app and Google Chrome.app.
 */
export {
  debianPath,
  describeFailure,
  findChromium,
  isExecutableFile,
  macPaths,
  type LookupOptions,
} from '../../scripts/find-chromium.mjs';

import { findChromium } from '../../scripts/find-chromium.mjs';

/** The browser's path, or undefined when none is found (global setup then fails with the reason). */
export function chromiumPath(): string | undefined {
  const lookup = findChromium();
  return lookup.found ? lookup.path : undefined;
}

