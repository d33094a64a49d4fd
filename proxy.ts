import { NextResponse, type NextRequest } from 'next/server';
import { notFoundPagePath, wantsHtml } from '@/lib/http/not-found';
import { methodNotAllowedResponse, notFoundError, problemResponse } from '@/lib/http/problem';
import { isTwinPath, negotiatePage } from '@/lib/http/page-negotiation';
import { classifyPath, isMissingForBrowsers, pageAllow as pageMethods } from '@/lib/endpoints/route-map';
import { isAiBot } from '@/lib/discovery/ai-bots';

/**
 * Next 16's name for middleware. Decides from the tables in lib/: 404
 * `not_found` for paths nothing answers, 405 for pages and their twins asked
 * with another method, and Accept negotiation of the pages (markdown twins, 406).
 *
 * It does not run for /v1, /api, /ask and the three MCP transports (see
 * `config.matcher`): their rate limit, 404s and 405s live in the route layer
 * (lib/http/rate-limit.ts, lib/endpoints/route-exports.ts), because Next's proxy
 * step costs more than the whole handler of a cheap read (an MCP
 * `tools/call search_docs` spent more in it than in the tool).
 */

export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const kind = classifyPath(pathname);

  if (wantsHtml(request) && (kind === 'unknown' || isMissingForBrowsers(pathname))) {
    // The site's 404 page (app/not-found.tsx, status 404): nothing answers notFoundPagePath.
    return NextResponse.rewrite(new URL(notFoundPagePath, request.nextUrl));
  }
  if (kind === 'unknown') {
    return problemResponse(notFoundError(request.method, pathname));
  }

  // Pages and their `.md` twins (rewritten to internal GET-only routes) take reads only.
  if (kind === 'page' || isTwinPath(pathname)) {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: pageMethods } });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return methodNotAllowedResponse(request.method, pathname, pageMethods);
    }
  }

  // Agent mode of the home page (/docs/agents/discovery, "Agent mode": `/` answers `/index.md` with `?mode=agent` and to AI bots).
  const agentMode = pathname === '/' && (request.nextUrl.searchParams.get('mode') === 'agent' || isAiBot(request.headers.get('user-agent')));
  const decision = negotiatePage(pathname, request.headers.get('accept'), { agentMode });
  if (decision.kind === 'rewrite') {
    return NextResponse.rewrite(new URL(decision.to, request.nextUrl), { headers: decision.headers });
  }
  if (decision.kind === 'respond') return decision.response;
  return NextResponse.next();
}

export const config = {
  // Not Next's own assets, the files in public/, the JSON API (/v1, /api), /ask, /a2a, the MCP
  // transports (exactly /mcp, /mcp/docs, /.well-known/mcp) or the benchmark baselines.
  matcher: ['/((?!_next/static|_next/image|fonts/|v1/|api/|bench/|ask$|a2a$|mcp$|mcp/docs$|.well-known/mcp$|favicon.ico|icon.svg).*)'],
};
