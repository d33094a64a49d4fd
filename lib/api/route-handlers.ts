import { ApiError } from '@/lib/http/problem';
import { rateLimitGuard } from '@/lib/http/rate-limit';
import type { RouteHandler } from '@/lib/http/route-handler';
import { runtime } from '@/lib/runtime';
import { allowHeader, type HttpMethod } from './endpoint';
import { endpoints } from './endpoints';

/**
 * The exports of a route.ts: the handlers the endpoint table declares for
 * this path, and a 405 `method_not_allowed` problem with `Allow` for every
 * other method (Next's own 405 has no body). Throws at build time when the
 * route binds a method the table does not declare, or misses one it does,
 * so routes and table cannot drift apart.
 */
const answerable: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The rate limit bound to the process's runtime. */
export const withRateLimit = rateLimitGuard(() => runtime().rateLimit);

export type RouteExports = Record<HttpMethod, RouteHandler>;


export function methodNotAllowed(path: string, allow: string): RouteHandler {
  return async (request) =>
    new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allow}.`, {
      Allow: allow,
    }).toResponse();
}

export function routeHandlers(path: string, bound: Partial<Record<HttpMethod, RouteHandler>>): RouteExports {
  const declared = endpoints.filter((row) => row.path === path).map((row) => row.method as HttpMethod);
  const boundMethods = Object.keys(bound) as HttpMethod[];
  const missing = declared.filter((method) => method !== 'OPTIONS' && !bound[method]);
  const extra = boundMethods.filter((method) => !declared.includes(method));
  if (missing.length || extra.length) {
    throw new Error(`Route ${path} does not match the endpoint table (missing: ${missing.join(',') || '-'}; undeclared: ${extra.join(',') || '-'})`);
  }
  const allow = allowHeader(declared);
  // Every response of a rate-limited path carries the limit, 405s included.
  const limited = endpoints.some((row) => row.path === path && row.rateLimited);
  const guard = limited ? withRateLimit : (handler: RouteHandler) => handler;
  const refuse = guard(methodNotAllowed(path, allow));
  const exports = {} as RouteExports;
  for (const method of answerable) exports[method] = bound[method] ? guard(bound[method]) : refuse;
  exports.OPTIONS = bound.OPTIONS ?? (async () => new Response(null, { status: 204, headers: { Allow: allow } }));
  return exports;
}
