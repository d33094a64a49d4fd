import { routes } from './contract';
import { BoundedMap } from '@/lib/platform/bounded-map';
import { docsRoute, homeRoute, problemRoute, problemTypeRoute } from '@/lib/routes';
import { allowHeader, pathPattern, type HttpMethod } from './endpoint';
import { isAppName } from '@/lib/catalog';
import { isPagePath, isTwinPath } from '@/lib/http/page-negotiation';

/**
 * What a path is, decided from the routing contract and the page families:
 * an endpoint row, an HTML page, one of Next's or the site's internal
 * routes, or nothing at all (a 404 before any route runs).
 */
export type PathKind = 'endpoint' | 'page' | 'internal' | 'unknown';

// Page rows (home, docs, problems) are matched by their page families instead.
const pageRows = new Set(['homePage', 'docsPage', 'problemPage']);
const endpointPatterns = routes
  .filter((row) => !pageRows.has(row.id))
  .map((row) => ({ pattern: pathPattern(row.path), method: row.method as HttpMethod, path: row.path }));
const internalPrefixes = ['/_next/', '/og/', '/llms.mdx/', '/fonts/'];
/**
 * The site icons (Next's app/favicon.ico and app/icon.svg conventions): files
 * browsers fetch by themselves, like the page images, not endpoints of the
 * service, so they are neither in the endpoint table nor in /openapi.json.
 */
const internalFiles = new Set(['/favicon.ico', '/icon.svg']);

export function classifyPath(pathname: string): PathKind {
  if (isPagePath(pathname)) return 'page';
  if (isTwinPath(pathname)) return 'endpoint';
  if (endpointPatterns.some(({ pattern }) => pattern.test(pathname))) return 'endpoint';
  if (internalFiles.has(pathname) || internalPrefixes.some((prefix) => pathname.startsWith(prefix))) return 'internal';
  return 'unknown';
}

/**
 * Endpoint paths whose parameter names nothing (/docs/api/releases,
 * "/download/{app}": a browser gets the site's 404 page); non-browsers reach the
 * handler, which answers with markdown.
 */
export function isMissingForBrowsers(pathname: string): boolean {
  const download = /^\/download\/([^/]+)$/.exec(pathname);
  if (download === null) return false;
  try {
    return !isAppName(decodeURIComponent(download[1]!));
  } catch {
    return true;
  }
}

/** Pages and their `.md` twins take only reads. */
export const pageAllow = allowHeader(['GET']);

/** The `Allow` value of a path, from the table; undefined when nothing answers the path. */
export function allowedMethods(pathname: string): string | undefined {
  switch (classifyPath(pathname)) {
    case 'page':
      return pageAllow;
    case 'internal':
      return pageAllow;
    case 'unknown':
      return undefined;
    case 'endpoint': {
      if (isTwinPath(pathname)) return pageAllow;
      return allowHeader(endpointPatterns.filter(({ pattern }) => pattern.test(pathname)).map(({ method }) => method));
    }
  }
}

/**
 * The route a path belongs to, for `http.route` on metrics: the routing
 * contract's template (`/v1/releases/{app}`), the page family (`/docs/{path}`,
 * its twin `/docs/{path}.md`), `/_next/*` for Next's own, else `(unknown)`:
 * never the path itself, which would name every page and every typo.
 */
export function routeTemplate(pathname: string): string {
  // Asked once per answer while telemetry is on: each path's template is worked out once (bounded).
  const known = templates.get(pathname);
  if (known !== undefined) return known;
  const template = templateOf(pathname);
  templates.set(pathname, template);
  return template;
}

const templates = new BoundedMap<string, string>(4096);

function templateOf(pathname: string): string {
  if (isTwinPath(pathname)) return `${docsRoute}/{path}.md`;
  const row = endpointPatterns.find(({ pattern }) => pattern.test(pathname));
  if (row) return row.path;
  if (pathname === homeRoute) return homeRoute;
  if (pathname.startsWith(`${docsRoute}/`) || pathname === docsRoute) return `${docsRoute}/{path}`;
  if (pathname.startsWith(`${problemRoute}/`)) return problemTypeRoute('{code}');
  const internal = internalPrefixes.find((prefix) => pathname.startsWith(prefix));
  if (internal) return `${internal}*`;
  return internalFiles.has(pathname) ? pathname : '(unknown)';
}
