import { NextResponse, type NextRequest } from 'next/server';
import { clientIdHeader } from '@/lib/http/client-ip';
import { notFoundPagePath, wantsHtml } from '@/lib/http/not-found';
import { ApiError } from '@/lib/http/problem';
import { applyRateLimit, isRateLimitedPath } from '@/lib/http/rate-limit';
import { negotiatePage } from '@/lib/http/page-negotiation';
import { classifyPath, isMissingForBrowsers } from '@/lib/http/route-map';
import { runtime } from '@/lib/runtime';

/**
 * Next 16's name for middleware. Decides from the tables in lib/: the
 * per-client rate limit of the JSON endpoints, 404 `not_found` for paths
 * nothing answers, 405 for pages asked with another method, and Accept
 * negotiation of the pages (markdown twins, 406).
 */
const pageMethods = 'GET, HEAD, OPTIONS';

export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const kind = classifyPath(pathname);
  let limitHeaders: Record<string, string> = {};

  if (isRateLimitedPath(pathname)) {
    const outcome = await applyRateLimit(request.headers, runtime());
    if (outcome.rejection) return outcome.rejection;
    limitHeaders = outcome.headers;
    if (kind === 'endpoint') {
      const forwarded = new Headers(request.headers);
      forwarded.set(clientIdHeader, outcome.client);
      return NextResponse.next({ request: { headers: forwarded }, headers: limitHeaders });
    }
  }

  const browser = wantsHtml(request);
  if (browser && (kind === 'unknown' || isMissingForBrowsers(pathname))) {
    // The site's 404 page (app/[...missing]/page.tsx renders it with status 404).
    return NextResponse.rewrite(new URL(notFoundPagePath, request.nextUrl), { headers: limitHeaders });
  }
  if (kind === 'unknown') {
    return new ApiError('not_found', `No endpoint answers ${request.method} ${pathname}.`).toResponse(limitHeaders);
  }

  if (kind === 'page') {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: pageMethods } });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new ApiError('method_not_allowed', `${request.method} is not allowed on ${pathname}. Allowed: ${pageMethods}.`, {
        Allow: pageMethods,
      }).toResponse();
    }
  }

  const decision = negotiatePage(pathname, request.headers.get('accept'));
  if (decision.kind === 'rewrite') {
    return NextResponse.rewrite(new URL(decision.to, request.nextUrl), { headers: decision.headers });
  }
  if (decision.kind === 'respond') return decision.response;
  return NextResponse.next();
}

export const config = {
  // Everything but Next's own assets and the files in public/.
  matcher: ['/((?!_next/static|_next/image|fonts/|bench/|favicon.ico|icon.svg).*)'],
};
