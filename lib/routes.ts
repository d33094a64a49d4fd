/**
 * Every URL pattern the site answers, defined once. The proxy, the source
 * loader, the sitemap, the endpoint table and the tests import from here.
 */
/** The home page. */
export const homeRoute = '/';
export const docsRoute = '/docs';
/** Internal rewrite target of the markdown twins (never linked directly). */
export const docsContentRoute = '/llms.mdx/docs';
const docsImageRoute = '/og/docs';
export const searchIndexRoute = '/api/search';
/** The search dialog's server search (Fumadocs result rows; lib/endpoints/docs-search-rows.ts). */
export const docsSearchRoute = '/api/docs-search';
/** A large sidebar folder's whole list (lib/docs/page-tree-html.ts), by the folder's place in the tree (`3-0`). */
const docsTreeRoute = '/api/docs-tree';
export const docsTreeFolderUrl = (folder: string) => `${docsTreeRoute}/${folder}`;
/** Search insights and page feedback (lib/insights): the dialog's click beacon, every page's feedback, the maintainers' view. */
export const insights = {
  searchClick: '/api/search-click',
  feedback: '/api/feedback',
  page: '/insights',
  json: '/insights.json',
  /** The docs page that says what the view shows and what is kept. */
  docs: '/docs/operate/insights',
} as const;
export const llmsTxtRoute = '/llms.txt';
export const llmsFullTxtRoute = '/llms-full.txt';
export const sitemapRoute = '/sitemap.xml';
export const robotsRoute = '/robots.txt';
export const openApiRoute = '/openapi.json';
export const problemRoute = '/problems';
export const designRoute = '/design.md';
/** The natural-language query (NLWeb's `/ask`). */
export const askRoute = '/ask';
export const signatureDirectoryRoute = '/.well-known/http-message-signatures-directory';

/** The MCP transports and their documents (/docs/agents/mcp). */
export const mcp = {
  transport: '/mcp',
  docsTransport: '/mcp/docs',
  wellKnownTransport: '/.well-known/mcp',
  manifest: '/mcp.json',
  wellKnownManifest: '/.well-known/mcp.json',
  serverCard: '/.well-known/mcp/server-card.json',
  serverCardAlias: '/mcp/server-card',
  /** The docs page of the Agents section that explains them. */
  docs: '/docs/agents/mcp',
} as const;

/**
 * Agent mode and the discovery documents (/docs/agents/discovery). The route
 * files, the endpoint rows, the page heads, robots.txt and the DNS records
 * read these.
 */
export const discovery = {
  /** The domain in one markdown page; the same bytes at `agentText` and `/` in agent mode. */
  agentPage: '/index.md',
  agentText: '/agent.txt',
  auth: '/auth.md',
  structuredData: '/schema.jsonl',
  protectedResource: '/.well-known/oauth-protected-resource',
  authorizationServer: '/.well-known/oauth-authorization-server',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  jwks: '/.well-known/jwks.json',
  skillsIndex: '/.well-known/agent-skills/index.json',
  apiCatalog: '/.well-known/api-catalog',
  ard: '/.well-known/ard.json',
  aiCatalog: '/.well-known/ai-catalog.json',
  /** The docs page of the Agents section that explains them. */
  docs: '/docs/agents/discovery',
} as const;
/** A skill's SKILL.md (Agent Skills discovery: `/.well-known/agent-skills/{name}/SKILL.md`). */
export const skillRoute = (name: string) => `/.well-known/agent-skills/${name}/SKILL.md`;
/** The A2A door (/docs/agents/a2a): its agent card and JSON-RPC interface. */
export const a2a = { agentCard: '/.well-known/agent-card.json', transport: '/a2a' } as const;

/** The documents the DNS records (/docs/agents/discovery, "DNS records") point at, one per record. */
export const agentDnsPaths = { catalog: discovery.aiCatalog, serverCard: mcp.serverCard, agentCard: a2a.agentCard } as const;

/** Installers: `/layer.sh` asks for a desktop; the others pin one. */
export const installerRoute = (name: string) => `/${name}.sh`;
export const downloadRoute = (app: string) => `/download/${app}`;
export const releaseAliasRoute = (app: string) => `/api/release/${app}`;
export const problemTypeRoute = (code: string) => `${problemRoute}/${code}`;

export const v1 = {
  root: '/v1',
  search: '/v1/search',
  desktops: '/v1/desktops',
  rooms: '/v1/rooms',
  apps: '/v1/apps',
  options: '/v1/options',
  release: (app: string) => `/v1/releases/${app}`,
  batch: '/v1/batch',
  jobs: '/v1/jobs',
  job: (id: string) => `/v1/jobs/${id}`,
} as const;

/**
 * A site-relative link to an anchor: the fragment percent-encoded, so names
 * such as `layer.displays.<name>.uiScale` stay a valid URI reference (RFC
 * 3986); browsers decode it to find the element with that id.
 */
export const anchorUrl = (path: string, id: string) => `${path}#${encodeURIComponent(id)}`;

/** The same for a URL that may carry a raw fragment (the search index's). */
export function withEncodedFragment(url: string): string {
  const hash = url.indexOf('#');
  if (hash < 0) return url;
  let id = url.slice(hash + 1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not percent-encoded at all: encode it as it is.
  }
  return anchorUrl(url.slice(0, hash), id);
}

/** URL of a docs page from its slugs. */
export const docsPageUrl = (slugs: readonly string[]) =>
  slugs.length === 0 ? docsRoute : `${docsRoute}/${slugs.join('/')}`;
/** The `.md` twin of a docs page. */
export const docsMarkdownUrl = (slugs: readonly string[]) =>
  slugs.length === 0 ? `${docsRoute}.md` : `${docsRoute}/${slugs.join('/')}.md`;
export const docsImageUrl = (slugs: readonly string[]) =>
  `${docsImageRoute}/${[...slugs, 'image.png'].join('/')}`;
