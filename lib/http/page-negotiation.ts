import { discovery, docsContentRoute, docsRoute, problemRoute } from '@/lib/routes';
import { htmlVary, preferredMediaType } from './negotiation';
import { CoreError } from '@/lib/core/core-error';
import { problemResponse } from './problem';

/**
 * Accept negotiation of the HTML pages (/docs/api, "Accept negotiation").
 * Docs and problem pages have a markdown twin: `{page}.md`, or
 * the page URL itself when Accept prefers `text/markdown` (quality values
 * honoured). A page answers 406 to a client that accepts none of its
 * representations.
 *
 * The home page's twin is the agent page (/index.md, the domain in one
 * markdown page): `Accept` preferring `text/markdown` selects it like any
 * twin, and so does agent mode, which the caller decides (proxy.ts:
 * `?mode=agent` or an AI agent's User-Agent, lib/discovery/ai-bots.ts),
 * whatever `Accept` says.
 */
const problemContentRoute = '/llms.mdx/problems';

export type PageDecision =
  | { kind: 'pass' }
  | { kind: 'rewrite'; to: string; headers: Record<string, string> }
  | { kind: 'respond'; response: Response };

interface PageFamily {
  /** Matches the page path; returns the internal path of its markdown twin (every page has one). */
  match(pathname: string): { twin: string } | undefined;
}

const docsPages: PageFamily = {
  match(pathname) {
    if (pathname !== docsRoute && !pathname.startsWith(`${docsRoute}/`)) return undefined;
    const rest = pathname.slice(docsRoute.length).replace(/\/+$/, '');
    return { twin: `${docsContentRoute}${rest}/content.md` };
  },
};

const problemPages: PageFamily = {
  match(pathname) {
    const found = /^\/problems\/([^/]+?)\/?$/.exec(pathname);
    if (!found) return undefined;
    return { twin: `${problemContentRoute}/${found[1]}` };
  },
};

const homePage: PageFamily = {
  match: (pathname) => (pathname === '/' ? { twin: discovery.agentPage } : undefined),
};

const families = [docsPages, problemPages, homePage];

/** HTML pages: the home page, docs pages and problem pages (not their `.md` twins). */
export function isPagePath(pathname: string): boolean {
  return !pathname.endsWith('.md') && families.some((family) => family.match(pathname) !== undefined);
}

/** Whether the path is a page's `.md` twin. */
export function isTwinPath(pathname: string): boolean {
  return suffixTwin(pathname) !== undefined;
}

/** `/docs/x.md` and `/problems/x.md` → their twin routes. */
function suffixTwin(pathname: string): string | undefined {
  if (pathname.endsWith('.md')) {
    const base = pathname.slice(0, -3);
    if (base === docsRoute || base.startsWith(`${docsRoute}/`)) return docsPages.match(base)?.twin;
    if (base.startsWith(`${problemRoute}/`)) return problemPages.match(base)?.twin;
  }
  return undefined;
}

export interface PageNegotiationOptions {
  /** Agent mode: the home page answers its agent page whatever `Accept` says. */
  agentMode?: boolean;
}

export function negotiatePage(pathname: string, accept: string | null, options: PageNegotiationOptions = {}): PageDecision {
  const twinBySuffix = suffixTwin(pathname);
  if (twinBySuffix) return { kind: 'rewrite', to: twinBySuffix, headers: {} };

  for (const family of families) {
    const page = family.match(pathname);
    if (!page) continue;
    const available = ['text/html', 'text/markdown'];
    const chosen = preferredMediaType(accept, available);
    // Agent mode answers the home page's agent page whatever Accept says.
    if ((options.agentMode && family === homePage) || chosen === 'text/markdown') {
      return { kind: 'rewrite', to: page.twin, headers: { Vary: htmlVary } };
    }
    if (!chosen) {
      const response = problemResponse(
        new CoreError('not_acceptable', `This page is available as ${available.join(' and ')}; the Accept header allows neither.`),
        { Vary: htmlVary },
      );
      return { kind: 'respond', response };
    }
    return { kind: 'pass' };
  }
  return { kind: 'pass' };
}
