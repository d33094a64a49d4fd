/**
 * Every URL pattern the site answers, defined once. The proxy, the source
 * loader, the sitemap, the endpoint table and the tests import from here.
 */
export const docsRoute = '/docs';
/** Internal rewrite target of the markdown twins (never linked directly). */
export const docsContentRoute = '/llms.mdx/docs';
export const docsImageRoute = '/og/docs';
export const searchIndexRoute = '/api/search';
export const llmsTxtRoute = '/llms.txt';
export const llmsFullTxtRoute = '/llms-full.txt';
export const sitemapRoute = '/sitemap.xml';
export const robotsRoute = '/robots.txt';
export const openApiRoute = '/openapi.json';
export const problemRoute = '/problems';
export const designRoute = '/design.md';
export const signatureDirectoryRoute = '/.well-known/http-message-signatures-directory';

/** The MCP transports and their documents (spec "Agent endpoints"). */
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

/** Installers: `/layer.sh` asks for a desktop; the others pin one. */
export const installerRoute = (name: string) => `/${name}.sh`;
export const downloadRoute = (app: string) => `/download/${app}`;
export const releaseAliasRoute = (app: string) => `/api/release/${app}`;
export const problemTypeRoute = (code: string) => `${problemRoute}/${code}`;

export const v1 = {
  search: '/v1/search',
  desktops: '/v1/desktops',
  rooms: '/v1/rooms',
  apps: '/v1/apps',
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
