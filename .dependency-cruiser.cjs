// The layer rules of the code's folders (ARCHITECTURE.md, "Layers"), checked by
// `npm run lint:deps` (part of `npm run lint`). Paths are relative to the
// repository root; `@/` resolves through tsconfig.json. Type-only imports
// count: a type is a dependency too.
//
// Layers (lowest first): lib/platform, lib/routes.ts, lib/env.ts; lib/search;
// lib/catalog, lib/store; lib/core, lib/discovery; lib/http, lib/docs-source;
// lib/framework; the doors (lib/agents, lib/endpoints, lib/docs,
// lib/docs-build) and the composition root (lib/runtime.ts); app/ and
// components/ on top.

/** The doors and the composition root: no lower floor imports them. */
const doors = '^(lib/(endpoints|agents|docs|docs-build)/|lib/runtime\\.ts$|app/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No files import each other in a loop (type imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-not-to-app-or-components',
      severity: 'error',
      comment: 'lib/ is below the UI and the route files: nothing in lib/ imports components/ or app/.',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'lower-floors-not-to-doors',
      severity: 'error',
      comment:
        'lib/core, lib/http, lib/store, lib/catalog and lib/platform import no door (lib/endpoints, lib/agents, lib/docs, lib/docs-build, app) and not the runtime (lib/runtime.ts).',
      from: { path: '^lib/(core|http|store|catalog|platform)/' },
      to: { path: doors },
    },
    {
      name: 'core-not-to-http',
      severity: 'error',
      comment: 'lib/core is free of HTTP: a core failure is a code and a detail, and each door renders it.',
      from: { path: '^lib/core/' },
      to: { path: '^lib/http/' },
    },
    {
      name: 'platform-imports-nothing-of-lib',
      severity: 'error',
      comment: 'lib/platform (clock, log, deadline, ...) is the ground floor: it imports nothing of lib/.',
      from: { path: '^lib/platform/' },
      to: { path: '^lib/', pathNot: '^lib/platform/' },
    },
    {
      name: 'search-on-platform-and-routes',
      severity: 'error',
      comment:
        'lib/search (the engine, the index format, its build step) sits below lib/core: it imports nothing of lib/ but lib/platform and lib/routes.ts.',
      from: { path: '^lib/search/' },
      to: { path: '^lib/', pathNot: '^lib/(search/|platform/|routes\\.ts$)' },
    },
    {
      name: 'framework-on-http-and-below',
      severity: 'error',
      comment:
        "lib/framework (the seams onto Next, React and Node's private behaviour, lib/framework/README.md) stands on plain HTTP (lib/http), the core's failure type, lib/platform and lib/env.ts: never on a door or the runtime.",
      from: { path: '^lib/framework/' },
      to: { path: '^lib/', pathNot: '^lib/(framework|http|core|platform)/|^lib/env\\.ts$' },
    },
    {
      name: 'framework-only-from-start-and-build',
      severity: 'error',
      comment:
        'Only the server start (instrumentation.ts), the build scripts and the tests import lib/framework: reading that folder is all an upgrade of Next needs.',
      from: { path: '^(lib|app|components)/|^proxy\\.ts$', pathNot: '^lib/framework/' },
      to: { path: '^lib/framework/' },
    },
    {
      name: 'agents-on-core-and-below',
      severity: 'error',
      comment:
        'The agent doors (MCP, A2A) stand on lib/core, lib/search, lib/http, lib/store, lib/catalog, lib/platform and lib/routes.ts: never on lib/endpoints, the docs or the runtime (lib/endpoints/handlers/agents.ts binds the runtime).',
      from: { path: '^lib/agents/' },
      to: { path: '^lib/', pathNot: '^lib/(agents|core|search|http|store|catalog|platform)/|^lib/routes\\.ts$' },
    },
    {
      name: 'endpoints-not-to-docs',
      severity: 'error',
      comment: 'lib/endpoints does not import lib/docs: the docs stand on the API, not the other way round.',
      from: { path: '^lib/endpoints/' },
      to: { path: '^lib/docs/' },
    },
    {
      name: 'contract-only-routes',
      severity: 'error',
      comment:
        'The routing contract (what the proxy and every route load) holds ids, methods, paths and flags: of lib/ it imports lib/routes.ts alone, and no zod (the schemas are in lib/endpoints/descriptions/).',
      from: { path: '^lib/endpoints/contract\\.ts$' },
      to: { path: '^lib/|(^|/)node_modules/zod/', pathNot: '^lib/routes\\.ts$' },
    },
    {
      name: 'discovery-not-to-doors',
      severity: 'error',
      comment: 'The discovery documents are pure builders: lib/discovery imports no door and not the runtime.',
      from: { path: '^lib/discovery/' },
      to: { path: doors },
    },
    {
      name: 'lower-floors-not-to-discovery',
      severity: 'error',
      comment: 'lib/core, lib/http and lib/store do not import lib/discovery (lib/endpoints/handlers/discovery.ts hands it its tables).',
      from: { path: '^lib/(core|http|store)/' },
      to: { path: '^lib/discovery/' },
    },
    {
      name: 'dns-records-import-free',
      severity: 'error',
      comment:
        "lib/discovery/dns-records.ts imports nothing, not even node: modules' types: `npm run dns-records` runs it on Node's type stripping, without the @/ alias.",
      from: { path: '^lib/discovery/dns-records\\.ts$' },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import resolves (the @/ alias through tsconfig.json): an import these rules cannot resolve is one they cannot check. fumadocs-mdx:collections/* is .source/, generated by `fumadocs-mdx` (postinstall), so lint need not wait for it.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^fumadocs-mdx:collections/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^\\.next', '^\\.source/', '^tests/\\.artifacts/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    skipAnalysisNotInRules: false,
  },
};
