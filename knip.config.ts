import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (`npm run lint:unused`, part of `npm run lint`).
 *
 * Knip's plugins already find most entry points: Next's app router files, proxy.ts,
 * instrumentation.ts and next.config.mjs (next), source.config.ts and content/**\/*.mdx
 * (fumadocs), the vitest projects and their global setup (vitest.config.ts), the
 * Playwright tests (playwright.config.ts), eslint.config.mjs, postcss.config.mjs, and
 * the files named by package.json's scripts. Below: what they cannot see, each with why.
 * The layer rules and import circles are dependency-cruiser's (.dependency-cruiser.cjs).
 */
const config: KnipConfig = {
  entry: [
    // Each top-level script is a program: run by npm scripts, scripts/test-all.sh,
    // scripts/setup-test-deps.sh and scripts/lighthouse.sh, or spawned by scripts/build.mjs
    // (build-search-data.mjs, prepare-page-scripts.mjs); compile-docs.mjs forks itself,
    // ts-resolve-hook.mjs is loaded by node:module's register().
    'scripts/*.mjs',
    // Spawned by the benchmark (processes.mjs, load-cases.mjs) or run by hand (scripts/bench/README.md).
    'scripts/bench/{load,node-floor,ranking-offline}.mjs',
    // vitest.config.ts aliases `server-only` to it; knip does not follow vitest's resolve.alias.
    'tests/helpers/empty-module.ts',
  ],
  // MDX pages that tests/unit link-check tests read as files: fixtures, not modules.
  ignoreFiles: ['tests/fixtures/link-check/**'],
  ignoreDependencies: [
    // tests/helpers/observatory.ts imports its modules by a path in a variable (import(name)).
    '@mdn/mdn-http-observatory',
    // tests/server/mcp-conformance.test.ts runs node_modules/@modelcontextprotocol/conformance/dist/index.js.
    '@modelcontextprotocol/conformance',
    // tests/helpers/openapi-linters.ts runs node_modules/.bin/redocly and node_modules/.bin/spectral.
    '@redocly/cli',
    '@stoplight/spectral-cli',
  ],
  ignoreBinaries: [
    // System programs, not npm packages: util-linux (scripts/bench/processes.mjs pins a core) and
    // Debian's redis-server (tests/helpers/redis-server.ts; scripts/setup-test-deps.sh installs it).
    'taskset',
    'redis-server',
  ],
};

export default config;
