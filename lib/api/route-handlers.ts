import { methodNotAllowedError } from '@/lib/http/problem';
import { rateLimitGuard } from '@/lib/http/rate-limit';
import { withHeaders } from '@/lib/http/route-handler';
import type { RouteHandler } from '@/lib/http/route-handler';
import { runtime } from '@/lib/runtime';
import { allowHeader, preflightMaxAgeSeconds, preflightRequestHeaders, type EndpointSpec, type HttpMethod } from './endpoint';
import { endpoints } from './doors';
import { rateLimitHeaders } from './doors/shared';

/**
 * The exports of a route.ts: the handlers the endpoint table declares for
 * this path, and a 405 `method_not_allowed` problem with `Allow` for every
 * other method (Next's own 405 has no body). Throws at build time when the
 * route binds a method the table does not declare, or misses one it does,
 * so routes and table cannot drift apart. A path whose rows are `cors:
 * 'open'` carries the CORS headers on every answer and answers an open
 * preflight (see `openCors`).
 */
const answerable: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The rate limit bound to the process's runtime. */
export const withRateLimit = rateLimitGuard(() => runtime().rateLimit);

export type RouteExports = Record<HttpMethod, RouteHandler>;


/**
 * The 405 of one exported method. The method is the export's, not read from
 * the request: Next hands a `force-static` route a Proxy of the request, and
 * on Node 24 (undici's Request keeps its state in private fields) reading
 * `method` through that Proxy throws, a 500 for POST /llms.txt.
 */
export function methodNotAllowed(method: HttpMethod, path: string, allow: string): RouteHandler {
  return async () => methodNotAllowedError(method, path, allow).toResponse();
}

interface RouteOptions {
  /**
   * Headers every answer of the path carries, the route layer's own 405,
   * 429 and OPTIONS included (the MCP transports' `mcp-protocol-version`).
   * A value the handler set itself is kept.
   */
  answerHeaders?: (request: Request) => Record<string, string>;
}

/**
 * Open CORS for a path (spec "Authentication" 2): any origin may read every
 * answer, including the response headers the rows document (the RateLimit
 * headers, `Retry-After` and `Allow` too: none of them is CORS-safelisted),
 * and the preflight allows the path's methods and the request headers its
 * rows declare. Nothing is credentialed, so `*` is enough (Fetch §3.2.5).
 */
function openCors(rows: readonly EndpointSpec[], allow: string) {
  const exposed = new Set<string>(['Allow', 'Retry-After']);
  for (const row of rows) {
    if (row.rateLimited) for (const name of Object.keys(rateLimitHeaders)) exposed.add(name);
    for (const response of Object.values(row.responses)) {
      for (const name of Object.keys(response.headers ?? {})) if (!/^access-control-/i.test(name)) exposed.add(name);
    }
  }
  return {
    headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': [...exposed].join(', ') },
    preflight: {
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': preflightRequestHeaders(rows).join(', '),
      'Access-Control-Max-Age': String(preflightMaxAgeSeconds),
    },
  };
}

export function routeHandlers(path: string, bound: Partial<Record<HttpMethod, RouteHandler>>, options: RouteOptions = {}): RouteExports {
  const rows = endpoints.filter((row) => row.path === path);
  const declared = rows.map((row) => row.method);
  const boundMethods = Object.keys(bound) as HttpMethod[];
  const missing = declared.filter((method) => method !== 'OPTIONS' && !bound[method]);
  const extra = boundMethods.filter((method) => !declared.includes(method));
  if (missing.length || extra.length) {
    throw new Error(`Route ${path} does not match the endpoint table (missing: ${missing.join(',') || '-'}; undeclared: ${extra.join(',') || '-'})`);
  }
  const allow = allowHeader(declared);
  // Every response of a rate-limited path carries the limit, 405s included.
  const limited = rows.some((row) => row.rateLimited);
  // A path with a window of its own (the search dialog's) counts there.
  const bucket = rows.find((row) => row.rateLimitBucket)?.rateLimitBucket;
  const guard = limited ? rateLimitGuard(() => runtime().rateLimit, bucket) : (handler: RouteHandler) => handler;
  const cors = rows.some((row) => row.cors === 'open') ? openCors(rows, allow) : undefined;
  const { answerHeaders } = options;
  // Outside the guard, so the 429 carries them too.
  const decorate = (handler: RouteHandler): RouteHandler =>
    cors || answerHeaders
      ? async (request, context) => {
          const response = await handler(request, context);
          const own = Object.entries(answerHeaders?.(request) ?? {}).filter(([name]) => !response.headers.has(name));
          return withHeaders(response, { ...cors?.headers, ...Object.fromEntries(own) });
        }
      : handler;
  const exports = {} as RouteExports;
  for (const method of answerable) exports[method] = decorate(guard(bound[method] ?? methodNotAllowed(method, path, allow)));
  exports.OPTIONS = decorate(bound.OPTIONS ?? (async () => new Response(null, { status: 204, headers: { Allow: allow, ...cors?.preflight } })));
  return exports;
}
