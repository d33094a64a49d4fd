// Runs once when the Next.js server starts (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Static asset names are content hashes, and pages prerendered, only in production builds.
    const production = process.env.NODE_ENV === 'production';
    // OpenTelemetry first, so the runtime's first spans and metrics have somewhere to go; with no OTLP
    // endpoint (and not on Vercel) no SDK is loaded and the API stays a no-op (/docs/operate/telemetry).
    const { telemetryEnabled } = await import('./lib/platform/telemetry');
    if (telemetryEnabled(process.env)) (await import('./lib/platform/telemetry-sdk')).registerTelemetry(process.env);
    // Build the runtime first, so a bad configuration (including a malformed
    // WEB_BOT_AUTH_PRIVATE_KEY) stops the server at start with a clear
    // message, and the store logs its warnings (memory store on Vercel) once.
    const { createRuntime, installRuntime } = await import('./lib/runtime');
    // Outside `next dev`, the index made before the build (lib/search/prebuilt-index.ts), its read begun now;
    // without that file, the index made from the pages.
    const fromPages = () => import('./lib/docs/search-index').then((module) => module.exportSearchIndex());
    const prebuiltIndex =
      process.env.NODE_ENV === 'development' ? undefined : (await import('./lib/search/prebuilt-index')).productionSearchIndex(fromPages);
    const runtime = createRuntime({
      // Under `next dev` pages change while the server runs: the search reads
      // the index /api/search compiles from them, revalidated before each search.
      ...(prebuiltIndex === undefined
        ? await import('./lib/search/dev-index').then(({ devSearchIndex, devServerOrigin }) => {
            const index = devSearchIndex(devServerOrigin(Number(process.env.PORT) || undefined));
            return { loadSearchIndex: index.load, searchContentVersion: index.version };
          })
        : { loadSearchIndex: prebuiltIndex.load }),
      // The pages whole, for the MCP resources: the docs as the routes read them (the twins' source).
      docsReader: (await import('./lib/docs-source/site-docs-reader')).siteDocsReader,
    });
    installRuntime(runtime);

    const { installNodeServerHooks } = await import('./lib/framework/node-server-hooks');
    const { allowedMethods } = await import('./lib/endpoints/route-map');
    const { StaticBrotliCache } = await import('./lib/framework/static-brotli');
    const { PageBrotliCache } = await import('./lib/framework/page-brotli');
    const { securityHeaderSets } = await import('./lib/http/security-header-sets');
    const staticAssets = production ? new StaticBrotliCache() : undefined;
    // The pages' inline scripts, allowed by hash once scripts/prepare-page-scripts.mjs prepared them.
    let sources: string[] | undefined;
    if (production) {
      const { readPageScriptSources } = await import('./lib/framework/page-script-hashes');
      sources = readPageScriptSources();
      if (!sources) {
        runtime.log(
          'warn',
          'the prerendered pages were not prepared for the Content-Security-Policy (no page-script-hashes.json in the build directory): ' +
            "their inline scripts are allowed as 'unsafe-inline'. Build with `npm run build`, or run scripts/prepare-page-scripts.mjs after `next build`.",
        );
      }
    }
    const security = securityHeaderSets(
      production ? (sources ? { kind: 'prepared', sources } : { kind: 'unprepared' }) : { kind: 'development' },
      runtime.origin.startsWith('https:'),
    );
    const answered = telemetryEnabled(process.env)
      ? await Promise.all([import('./lib/endpoints/route-map'), import('./lib/platform/telemetry')]).then(
          ([{ routeTemplate }, { count }]) =>
            (method: string, pathname: string, status: number, seconds: number) => count.httpRequest(seconds, { method, route: routeTemplate(pathname), status }),
        )
      : undefined;
    installNodeServerHooks({ allowedMethods, staticAssets, pages: production ? new PageBrotliCache() : undefined, security, answered });
    void staticAssets?.warm();
    // Load the search index before the server answers, rather than on its first search: a search sent
    // as soon as it answers would otherwise wait for the read, which grows with the docs
    // (docs/decisions/0003-many-pages-sidebar-folders-in-part.md). Not when the build's file is missing or was
    // made from other content, and the index is made from the pages (seconds): the server answers
    // meanwhile. In development the index comes from the server's own /api/search, which it cannot
    // answer yet.
    if (production && prebuiltIndex) {
      const loading = runtime.search.preload();
      if (await prebuiltIndex.fromFile) await loading;
    }
    // The day's salt too, which the rate limiter names every client with: a new instance's first requests would
    // otherwise wait for it within the limiter's bound, and past it fail open (/docs/operate/telemetry). A store that
    // does not answer ends the wait by its own timeout (STORE_TIMEOUT_MS); the requests then ask again.
    await runtime.insights.prepare();
    // Prerendered pages carry the build's origin, the documents this server's
    // (lib/build-origin.ts): say so at start when the two differ.
    if (production) {
      const { originMismatchWarning } = await import('./lib/build-origin');
      const warning = originMismatchWarning(runtime.origin);
      if (warning) runtime.log('warn', warning);
    }
  }
}
