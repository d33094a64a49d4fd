import {
  a2a,
  askRoute,
  designRoute,
  discovery,
  docsRoute,
  docsSearchRoute,
  docsTreeFolderUrl,
  downloadRoute,
  homeRoute,
  insights,
  installerRoute,
  llmsFullTxtRoute,
  llmsTxtRoute,
  mcp,
  openApiRoute,
  problemTypeRoute,
  releaseAliasRoute,
  robotsRoute,
  searchIndexRoute,
  signatureDirectoryRoute,
  sitemapRoute,
  skillRoute,
  v1,
} from '@/lib/routes';

/**
 * The routing contract: every method and path the service answers, once,
 * with what the route layer (lib/endpoints/route-exports.ts) and the proxy
 * (lib/endpoints/route-map.ts) act on. No schema and no prose: a row's request
 * and response schemas and its OpenAPI text are its description's
 * (lib/endpoints/descriptions/), joined to the row by id; the real-server walk's
 * examples are test data (tests/fixtures/endpoint-examples.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface RouteRow {
  /** OpenAPI operationId; unique. */
  id: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/releases/{app}`. */
  path: string;
  /** Counted against the per-client rate limit (/docs/api/limits). */
  rateLimited: boolean;
  /**
   * A rate-limit window of its own: requests count against
   * `<bucket>:<client>` instead of the client's shared window (same
   * ceiling), and `RateLimit-Policy` names the bucket. Only the site's
   * search dialog uses one, so typing never spends the API's window.
   */
  rateLimitBucket?: string;
  /**
   * Open CORS (/docs/agents/mcp, "Protocol revisions", for the MCP endpoints): every answer
   * of the path, the route layer's 405, 429 and OPTIONS included, carries
   * `Access-Control-Allow-Origin: *` and exposes the response headers the
   * rows document; OPTIONS answers an open preflight.
   */
  cors?: 'open';
  /** A deprecated row answers with `Deprecation: true` and `Sunset`. */
  deprecated?: { sunset: Date };
  /** The door its searches are counted on in search insights (lib/insights). */
  door?: 'dialog' | 'v1' | 'batch' | 'ask' | 'mcp' | 'a2a';
}

const open = { cors: 'open' } as const;

// The order is /openapi.json's order of paths.
export const routes = [
  // Search
  { id: 'searchDocs', method: 'GET', path: v1.search, rateLimited: true, door: 'v1' },
  { id: 'searchIndex', method: 'GET', path: searchIndexRoute, rateLimited: true },
  { id: 'docsSearchDialog', method: 'GET', path: docsSearchRoute, rateLimited: true, rateLimitBucket: 'docs-search', door: 'dialog' },
  // Catalog
  { id: 'listDesktops', method: 'GET', path: v1.desktops, rateLimited: true },
  { id: 'listRooms', method: 'GET', path: v1.rooms, rateLimited: true },
  { id: 'listApps', method: 'GET', path: v1.apps, rateLimited: true },
  { id: 'listOptions', method: 'GET', path: v1.options, rateLimited: true },
  // Releases
  { id: 'getRelease', method: 'GET', path: v1.release('{app}'), rateLimited: true },
  { id: 'getReleaseAlias', method: 'GET', path: releaseAliasRoute('{app}'), rateLimited: true },
  { id: 'download', method: 'GET', path: downloadRoute('{app}'), rateLimited: false },
  // Batch and jobs
  { id: 'runBatch', method: 'POST', path: v1.batch, rateLimited: true, door: 'batch' },
  { id: 'submitJob', method: 'POST', path: v1.jobs, rateLimited: true, door: 'batch' },
  { id: 'getJob', method: 'GET', path: v1.job('{id}'), rateLimited: true },
  // Natural-language query
  { id: 'askGet', method: 'GET', path: askRoute, rateLimited: true, door: 'ask' },
  { id: 'askPost', method: 'POST', path: askRoute, rateLimited: true, door: 'ask' },
  // Installers
  { id: 'layerInstaller', method: 'GET', path: installerRoute('layer'), rateLimited: false },
  { id: 'hackerInstaller', method: 'GET', path: installerRoute('hacker'), rateLimited: false },
  { id: 'everydayInstaller', method: 'GET', path: installerRoute('everyday'), rateLimited: false },
  { id: 'minimalInstaller', method: 'GET', path: installerRoute('minimal'), rateLimited: false },
  // Documentation
  { id: 'homePage', method: 'GET', path: homeRoute, rateLimited: false },
  { id: 'docsPage', method: 'GET', path: `${docsRoute}/{path}`, rateLimited: false },
  { id: 'docsMarkdown', method: 'GET', path: `${docsRoute}/{path}.md`, rateLimited: false },
  { id: 'docsTreeFolder', method: 'GET', path: docsTreeFolderUrl('{folder}'), rateLimited: false },
  { id: 'llmsTxt', method: 'GET', path: llmsTxtRoute, rateLimited: false },
  { id: 'llmsFullTxt', method: 'GET', path: llmsFullTxtRoute, rateLimited: false },
  { id: 'designDoc', method: 'GET', path: designRoute, rateLimited: false },
  { id: 'sitemap', method: 'GET', path: sitemapRoute, rateLimited: false },
  { id: 'robots', method: 'GET', path: robotsRoute, rateLimited: false },
  // Search insights and page feedback
  { id: 'searchClick', method: 'POST', path: insights.searchClick, rateLimited: true, rateLimitBucket: 'docs-search' },
  { id: 'sendFeedback', method: 'POST', path: insights.feedback, rateLimited: true },
  { id: 'insightsJson', method: 'GET', path: insights.json, rateLimited: true },
  { id: 'insightsPage', method: 'GET', path: insights.page, rateLimited: true },
  // Platform
  { id: 'openApi', method: 'GET', path: openApiRoute, rateLimited: true },
  { id: 'problemPage', method: 'GET', path: problemTypeRoute('{code}'), rateLimited: false },
  { id: 'problemMarkdown', method: 'GET', path: `${problemTypeRoute('{code}')}.md`, rateLimited: false },
  { id: 'signatureDirectory', method: 'GET', path: signatureDirectoryRoute, rateLimited: true },
  // Agents: the MCP transports answer their own preflight row
  { id: 'mcpTransport', method: 'POST', path: mcp.transport, rateLimited: true, door: 'mcp', ...open },
  { id: 'mcpPreflight', method: 'OPTIONS', path: mcp.transport, rateLimited: false, ...open },
  { id: 'mcpDocsTransport', method: 'POST', path: mcp.docsTransport, rateLimited: true, door: 'mcp', ...open },
  { id: 'mcpDocsPreflight', method: 'OPTIONS', path: mcp.docsTransport, rateLimited: false, ...open },
  { id: 'wellKnownMcpTransport', method: 'POST', path: mcp.wellKnownTransport, rateLimited: true, door: 'mcp', ...open },
  { id: 'wellKnownMcpPreflight', method: 'OPTIONS', path: mcp.wellKnownTransport, rateLimited: false, ...open },
  { id: 'mcpManifest', method: 'GET', path: mcp.manifest, rateLimited: true, ...open },
  { id: 'wellKnownMcpManifest', method: 'GET', path: mcp.wellKnownManifest, rateLimited: true, ...open },
  { id: 'mcpServerCard', method: 'GET', path: mcp.serverCard, rateLimited: true, ...open },
  { id: 'a2aTransport', method: 'POST', path: a2a.transport, rateLimited: true, door: 'a2a', ...open },
  { id: 'a2aPreflight', method: 'OPTIONS', path: a2a.transport, rateLimited: false, ...open },
  { id: 'agentCard', method: 'GET', path: a2a.agentCard, rateLimited: true, ...open },
  { id: 'mcpServerCardAlias', method: 'GET', path: mcp.serverCardAlias, rateLimited: true, ...open },
  // Agent mode and text views
  { id: 'agentPage', method: 'GET', path: discovery.agentPage, rateLimited: false, ...open },
  { id: 'agentText', method: 'GET', path: discovery.agentText, rateLimited: false, ...open },
  { id: 'authAccount', method: 'GET', path: discovery.auth, rateLimited: false, ...open },
  { id: 'structuredData', method: 'GET', path: discovery.structuredData, rateLimited: false, ...open },
  // OAuth: the refusals (/docs/agents/discovery, "Authentication")
  { id: 'protectedResourceMetadata', method: 'GET', path: discovery.protectedResource, rateLimited: true, ...open },
  { id: 'authorizationServerMetadata', method: 'GET', path: discovery.authorizationServer, rateLimited: true, ...open },
  { id: 'oauthAuthorize', method: 'GET', path: discovery.authorize, rateLimited: true, ...open },
  { id: 'oauthToken', method: 'POST', path: discovery.token, rateLimited: true, ...open },
  { id: 'jwks', method: 'GET', path: discovery.jwks, rateLimited: true, ...open },
  // Agent discovery
  { id: 'skillsIndex', method: 'GET', path: discovery.skillsIndex, rateLimited: true, ...open },
  { id: 'skillDocument', method: 'GET', path: skillRoute('{skill}'), rateLimited: false, ...open },
  { id: 'apiCatalog', method: 'GET', path: discovery.apiCatalog, rateLimited: true, ...open },
  { id: 'aiCatalog', method: 'GET', path: discovery.aiCatalog, rateLimited: true, ...open },
  { id: 'ardCatalog', method: 'GET', path: discovery.ard, rateLimited: true, ...open },
] as const satisfies readonly RouteRow[];

export type Route = (typeof routes)[number];
export type EndpointId = Route['id'];

const byId = new Map<string, RouteRow>(routes.map((row) => [row.id, row]));

export function routeById<I extends EndpointId>(id: I): Extract<Route, { id: I }> {
  const found = byId.get(id);
  if (!found) throw new Error(`No endpoint ${id}`);
  return found as Extract<Route, { id: I }>;
}

/** The rows answering one path template, in table order. */
export function routesAt(path: string): RouteRow[] {
  return (routes as readonly RouteRow[]).filter((row) => row.path === path);
}
