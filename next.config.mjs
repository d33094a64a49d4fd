import { createMDX } from 'fumadocs-mdx/next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import { availableParallelism } from 'node:os';
import { contentHash } from './lib/platform/content-hash.mjs';
import { declaredHeaders } from './lib/http/security-headers.mjs';


// Every HTML response varies on these (/docs/api, "Accept negotiation").
// Set here rather than in proxy.ts: Next replaces a Vary set by the proxy.
const htmlVary = 'Accept, User-Agent, Accept-Encoding';

// What the public origin is derived from (lib/env.ts publicOrigin), as this build
// sees it: the pages prerendered now carry that origin, and the server warns at
// start when its own differs (lib/build-origin.ts). `env` writes it into the
// server bundles at build time.
const buildOriginEnv = JSON.stringify({
  SITE_URL: process.env.SITE_URL,
  VERCEL_PROJECT_PRODUCTION_URL: process.env.VERCEL_PROJECT_PRODUCTION_URL,
  PORT: process.env.PORT,
});

// Whether that origin is https, by lib/env.ts's rule (SITE_URL, else https on Vercel): HSTS only then.
const buildOriginHttps = process.env.SITE_URL ? /^https:/i.test(process.env.SITE_URL) : Boolean(process.env.VERCEL_PROJECT_PRODUCTION_URL);

/** @param {string} phase @returns {import('next').NextConfig} */
const configFor = (phase) => ({
  reactStrictMode: true,
  // Written into the bundles at build time: `next start` serves them as built (and skips reading every page for the hash).
  env:
    phase === PHASE_PRODUCTION_SERVER
      ? {}
      : {
          SVC_BUILD_ORIGIN_ENV: buildOriginEnv,
          // The content this build compiles: the search index made before it is used only when it matches (lib/search/prebuilt-index.ts).
          SVC_CONTENT_HASH: contentHash('content/docs'),
        },
  // The search index and the docs data made before the build are read from disk at run time
  // (lib/search/prebuilt-index.ts, lib/docs-source/docs-data.ts): ship them with every server function.
  outputFileTracingIncludes: { '/**/*': ['./.search/search-data.bin', './.search/docs-data.json'] },
  // Separate build directories let the test run and the benchmark build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  experimental: {
    // `next start` loads every route's code at start by default, in the
    // background, and the docs page's holds every compiled page: the first
    // search after a start waited behind it (docs/decisions/0003-many-pages-sidebar-folders-in-part.md). Each route now loads on
    // its first request, as Next does on Vercel (its minimal mode never preloads).
    preloadEntriesOnStart: false,
    // Workers that prerender the pages: Next's default is one fewer than the
    // cores, for its main process, which mostly waits while they work. On two
    // cores that left one idle, and prerendering is faster with both busy
    // (docs/decisions/0003-many-pages-sidebar-folders-in-part.md).
    cpus: Math.max(2, availableParallelism() - 1),
  },
  // Compression is lib/framework/response-compression.ts (brotli and gzip, installed
  // from instrumentation.ts): Next's own offers gzip only.
  compress: false,
  // `npm test` type-checks once with `tsc --noEmit`; the build skips a second pass.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      // Every response (JSON answers echo input such as `q`), and the security headers (lib/http/security-headers.mjs)
      // for a host that serves the pages itself; scripts/prepare-page-scripts.mjs adds the Content-Security-Policy
      // to this rule in the build's routes manifest. Under `next start` the writeHead hook sets them too, on the
      // proxy's answers as well, and keeps the document-only ones off the other answers.
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }, ...declaredHeaders(buildOriginHttps)] },
      { source: '/', headers: [{ key: 'Vary', value: htmlVary }] },
      { source: '/docs/:path*', headers: [{ key: 'Vary', value: htmlVary }] },
      { source: '/problems/:path*', headers: [{ key: 'Vary', value: htmlVary }] },
    ];
  },
});

// Fumadocs MDX's plugin writes .source (every page's import) and compiles the pages for `next dev` and
// `next build`. It starts as soon as `createMDX()` is called: under `next start` it would only write
// .source again, in the background, while the first requests are served, delaying the first search
// (docs/decisions/0003-many-pages-sidebar-folders-in-part.md), so `next start` never calls it.
/** @param {string} phase */
const nextConfig = (phase) => (phase === PHASE_PRODUCTION_SERVER ? configFor(phase) : createMDX()(configFor(phase)));
export default nextConfig;
