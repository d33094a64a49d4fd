#!/usr/bin/env node
// Where the Chromium for the browser tests (and Lighthouse) is: the one
// lookup, used by playwright.config.ts and tests/e2e/global-setup.ts (through
// tests/helpers/chromium.ts) and by the shell scripts (run as a program).
// Plain ESM JavaScript so Node 20 runs it without a TypeScript loader.
//
//   node scripts/find-chromium.mjs [--no-advice]
//     prints the path and exits 0; when nothing is found, says why on stderr
//     (with what to do, unless --no-advice) and exits 1, or 2 when
//     CHROMIUM_PATH/CHROME_PATH is set but names no executable file
//
// Order (the first that exists and is executable wins):
//   1. $CHROMIUM_PATH, else $CHROME_PATH: when set (non-empty) it is the only
//      candidate; a wrong value is an error, never silently replaced
//   2. Playwright's own browser (`chromium.executablePath()` of playwright-core,
//      present after `npx playwright install chromium`)
//   3. Debian/Ubuntu's package: /usr/bin/chromium
//   4. macOS: Chromium.app (Homebrew's `brew install --cask chromium`), then Google Chrome.app
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The environment variables that name the browser, in the order they are honoured. */
export const envVariables = /** @type {const} */ (['CHROMIUM_PATH', 'CHROME_PATH']);

export const debianPath = '/usr/bin/chromium';

export const macPaths = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * @typedef {{ path: string, source: string }} Candidate
 * @typedef {{ found: true, path: string, source: string, tried: Candidate[] }
 *   | { found: false, reason: 'variable', variable: string, path: string, tried: Candidate[] }
 *   | { found: false, reason: 'none', tried: Candidate[] }} Lookup
 * @typedef {{
 *   env?: Record<string, string | undefined>,
 *   playwrightPath?: () => string | undefined,
 *   isExecutable?: (file: string) => boolean,
 * }} LookupOptions
 */

/** True for an existing regular file this process may execute. */
export function isExecutableFile(/** @type {string} */ file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path of Playwright's own Chromium (whether or not it was downloaded),
 * or undefined when Playwright cannot be loaded.
 * @returns {string | undefined}
 */
export function playwrightChromiumPath() {
  const require = createRequire(import.meta.url);
  for (const name of ['playwright-core', '@playwright/test']) {
    try {
      const path = require(name).chromium.executablePath();
      if (typeof path === 'string' && path !== '') return path;
    } catch {
      // not installed here, or no build for this platform: try the next one
    }
  }
  return undefined;
}

/**
 * Finds the browser. Every option exists for the unit tests; the defaults
 * read the real environment and file system.
 * @param {LookupOptions} [options]
 * @returns {Lookup}
 */
export function findChromium(options = {}) {
  const env = options.env ?? process.env;
  const isExecutable = options.isExecutable ?? isExecutableFile;
  /** @type {Candidate[]} */
  const tried = [];

  for (const variable of envVariables) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    tried.push({ path: value, source: variable });
    if (isExecutable(value)) return { found: true, path: value, source: variable, tried };
    return { found: false, reason: 'variable', variable, path: value, tried };
  }

  const fromPlaywright = (options.playwrightPath ?? playwrightChromiumPath)();
  /** @type {Candidate[]} */
  const candidates = [
    ...(fromPlaywright === undefined ? [] : [{ path: fromPlaywright, source: 'playwright' }]),
    { path: debianPath, source: 'debian' },
    ...macPaths.map((path) => ({ path, source: 'macos' })),
  ];
  for (const candidate of candidates) {
    tried.push(candidate);
    if (isExecutable(candidate.path)) return { found: true, ...candidate, tried };
  }
  return { found: false, reason: 'none', tried };
}

/** What to do when there is no browser (the setup script prints the command for this platform). */
export const installAdvice =
  'Run `bash scripts/setup-test-deps.sh` (as root on Debian/Ubuntu it installs Chromium; otherwise it prints ' +
  'the install command for this platform), or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/**
 * Why the lookup failed, for error messages; with `advice`, followed by what to do.
 * @param {Lookup} lookup
 * @param {{ advice?: boolean }} [options]
 */
export function describeFailure(lookup, { advice = true } = {}) {
  if (lookup.found) return `Chromium: ${lookup.path} (${lookup.source})`;
  if (lookup.reason === 'variable') {
    return `${lookup.variable}=${lookup.path} is not an executable file. Point it at a Chromium or Chrome binary, or unset it to use the default lookup.`;
  }
  const looked = 'No Chromium found. Looked at:\n' + lookup.tried.map((candidate) => `  ${candidate.path} (${candidate.source})`).join('\n');
  return advice ? `${looked}\n${installAdvice}` : looked;
}

const invokedDirectly = (() => {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const lookup = findChromium();
  if (lookup.found) {
    console.log(lookup.path);
  } else {
    console.error(describeFailure(lookup, { advice: !process.argv.includes('--no-advice') }));
    process.exitCode = lookup.reason === 'variable' ? 2 : 1;
  }
}
