import { randomUUID } from 'node:crypto';
import { methodNotAllowedResponse } from '@/lib/http/problem';
import { rateLimitGuard, requestClient } from '@/lib/http/rate-limit';
import { withRequestContext } from '@/lib/platform/request-context';
import { withHeaders } from '@/lib/http/route-handler';
import type { RouteHandler } from '@/lib/http/route-handler';
import { runtime } from '@/lib/runtime';
import { routeById, routesAt, type RouteRow } from './contract';
import { rateLimitHeaders } from './descriptions/shared';
import { allowHeader, preflightMaxAgeSeconds, preflightRequestHeaders, type EndpointSpec, type HttpMethod } from './endpoint';
import { failSafe, type EndpointHandler } from './endpoint-handler';

/**
 * The exports of a route.ts: the handlers of the path's rows in the routing
 * contract (lib/endpoints/contract.ts), and a 405 `method_not_allowed` problem
 * with `Allow` for every other method (Next's own 405 has no body). The
 * route file names its handlers only; each knows its row (`EndpointHandler`), so the
 * path and methods come from the contract. Throws at build time when the
 * handlers miss a method of the path or belong to another path, so routes
 * and table cannot drift apart. A path whose rows are `cors: 'open'`
 * carries the CORS headers on every answer and answers an open preflight
 * (see `openCors`).
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
function methodNotAllowed(method: HttpMethod, path: string, allow: string): RouteHandler {
  return async () => methodNotAllowedResponse(method, path, allow);
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
 * Open CORS for a path (/docs/agents/mcp, "Protocol revisions"): any origin may read every
 * answer, including the response headers the rows document (the RateLimit
 * headers, `Retry-After` and `Allow` too: none of them is CORS-safelisted),
 * and the preflight allows the path's methods and the request headers its
 * rows declare. Nothing is credentialed, so `*` is enough (Fetch §3.2.5).
 */
function openCors(rows: readonly Pick<EndpointSpec, 'rateLimited' | 'responses' | 'headers'>[], allow: string) {
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

/** The exports of the route file that serves these handlers (one path: the rows of `handlers`). */
export function serve(handlers: EndpointHandler | readonly EndpointHandler[], options: RouteOptions = {}): RouteExports {
  const served = Array.isArray(handlers) ? handlers : [handlers as EndpointHandler];
  if (served.length === 0) throw new Error('A route serves at least one handler');
  const { path } = routeById(served[0]!.endpoint.id as never) as RouteRow;
  const bound: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const handler of served) {
    const row = routeById(handler.endpoint.id as never) as RouteRow;
    if (row.path !== path) throw new Error(`Route ${path} also serves ${row.id}, a row of ${row.path}`);
    if (bound[row.method]) throw new Error(`Route ${path} serves ${row.method} twice`);
    bound[row.method] = handler;
  }
  const rows = routesAt(path);
  const declared = rows.map((row) => row.method);
  const missing = declared.filter((method) => method !== 'OPTIONS' && !bound[method]);
  if (missing.length) throw new Error(`Route ${path} does not match the endpoint table (missing: ${missing.join(',')})`);
  // The CORS headers name what the served rows document, in table order (a preflight row adds none).
  const specs = rows.flatMap((row) => served.filter((handler) => handler.endpoint.id === row.id).map((handler) => handler.endpoint));
  return routeExports(path, rows, bound, specs, options);
}

/** A path template's segments: a literal, or a `{name}` that takes one whole segment. */
function segmentMatcher(path: string) {
  const template = path.split('/').slice(1);
  return (segments: readonly string[]): Record<string, string> | undefined => {
    if (segments.length !== template.length) return undefined;
    const params: Record<string, string> = {};
    for (const [index, part] of template.entries()) {
      const segment = segments[index]!;
      if (part.startsWith('{')) params[part.slice(1, -1)] = segment;
      else if (part !== segment) return undefined;
    }
    return params;
  };
}

/**
 * A request path's segments, each percent-decoded once, as a route's
 * parameters are (the front door has already read bad escapes as U+FFFD,
 * lib/framework/request-target.ts); undefined when one still does not decode.
 */
function decodedSegments(request: Request): string[] | undefined {
  try {
    return new URL(request.url).pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/**
 * The exports of a catch-all route (`[...path]`) that serves several paths:
 * each path of `handlers` as `serve` serves it (its rows' methods, 405s,
 * rate limit), its path parameters read from the request's path, and every
 * other path under the route by `otherwise`.
 */
export function serveEach(handlers: readonly EndpointHandler[], otherwise: RouteHandler): RouteExports {
  const paths = [...new Set(handlers.map((handler) => handler.endpoint.path))];
  const served = paths.map((path) => ({
    match: segmentMatcher(path),
    exports: serve(handlers.filter((handler) => handler.endpoint.path === path)),
  }));
  const exports = {} as RouteExports;
  for (const method of [...answerable, 'OPTIONS'] as const) {
    exports[method] = async (request) => {
      const segments = decodedSegments(request);
      for (const { match, exports: pathExports } of segments ? served : []) {
        const params = match(segments!);
        if (params) return pathExports[method](request, { params: Promise.resolve(params) });
      }
      return otherwise(request);
    };
  }
  return exports;
}

function routeExports(
  path: string,
  rows: readonly RouteRow[],
  bound: Partial<Record<HttpMethod, RouteHandler>>,
  specs: readonly EndpointSpec[],
  options: RouteOptions,
): RouteExports {
  const declared = rows.map((row) => row.method);
  const allow = allowHeader(declared);
  // Every response of a rate-limited path carries the limit, 405s included.
  const limited = rows.some((row) => row.rateLimited);
  // A path with a window of its own (the search dialog's) counts there.
  const bucket = rows.find((row) => row.rateLimitBucket)?.rateLimitBucket;
  const guard = limited ? rateLimitGuard(() => runtime().rateLimit, bucket) : (handler: RouteHandler) => handler;
  const cors = rows.some((row) => row.cors === 'open') ? openCors(specs, allow) : undefined;
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
  // The request's door and client, for what records it (lib/platform/request-context.ts).
  const inContext = (method: HttpMethod, handler: RouteHandler): RouteHandler => {
    const door = rows.find((row) => row.method === method)?.door;
    return (request, context) =>
      withRequestContext({ requestId: randomUUID(), door, client: () => requestClient(request, runtime().rateLimit.clientIp) }, () => handler(request, context));
  };
  const exports = {} as RouteExports;
  // The rate limit and the decorations fail as a handler does: one problem document (endpoint-handler.ts).
  for (const method of answerable) exports[method] = inContext(method, failSafe(decorate(guard(bound[method] ?? methodNotAllowed(method, path, allow)))));
  exports.OPTIONS = decorate(bound.OPTIONS ?? (async () => new Response(null, { status: 204, headers: { Allow: allow, ...cors?.preflight } })));
  return exports;
}
