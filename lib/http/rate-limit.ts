import { clientIp } from './client-ip';
import { rateLimitHeaders } from './rate-limit-headers';
import { ApiError } from './problem';
import { runtime, type Runtime } from '@/lib/runtime';
import type { RouteHandler } from '@/lib/api/handler';

/**
 * The per-client rate limit (spec: "Limits"): 600 requests a minute per
 * client IP, one window shared by every rate-limited endpoint. Applied in
 * the route layer (lib/api/route-handlers.ts wraps every handler of a
 * path whose table row is `rateLimited`, and the /v1 and /api catch-alls),
 * not in proxy.ts: Next's proxy step alone halved the throughput of a
 * cheap /v1 read (npm run bench, case a).
 */

const clients = new WeakMap<Request, string>();

/** Who the limiter counts a request against; worked out once per request. */
export function requestClient(request: Request, rt: Runtime = runtime()): string {
  let client = clients.get(request);
  if (client === undefined) {
    client = clientIp(request.headers, { onVercel: Boolean(rt.env.VERCEL), trustProxyHops: rt.env.TRUST_PROXY_HOPS });
    clients.set(request, client);
  }
  return client;
}

export interface RateLimitOutcome {
  client: string;
  headers: Record<string, string>;
  /** A 429 problem to answer with, when over the limit. */
  rejection?: Response;
}

export async function applyRateLimit(request: Request, rt: Runtime): Promise<RateLimitOutcome> {
  const client = requestClient(request, rt);
  // RATE_LIMIT_PER_MINUTE=0: the operator turned the limit off (benchmarks, private deployments).
  if (rt.env.RATE_LIMIT_PER_MINUTE === 0) return { client, headers: {} };
  const decision = await rt.store.limiter.limit(client);
  const limitHeaders = rateLimitHeaders(decision, 60);
  if (decision.allowed) return { client, headers: limitHeaders };
  const rejection = new ApiError(
    'rate_limited',
    `More than ${decision.limit} requests in one minute from this client. Retry in ${decision.resetSeconds} seconds.`,
    limitHeaders,
  ).toResponse();
  return { client, headers: limitHeaders, rejection };
}

/**
 * Counts the request, answers 429 over the limit, and puts the RateLimit
 * headers on whatever the handler answers, errors included.
 */
export function withRateLimit(handler: RouteHandler): RouteHandler {
  return async (request, context) => {
    const outcome = await applyRateLimit(request, runtime());
    if (outcome.rejection) return outcome.rejection;
    const response = await handler(request, context);
    if (Object.keys(outcome.headers).length === 0) return response;
    try {
      for (const [name, value] of Object.entries(outcome.headers)) response.headers.set(name, value);
      return response;
    } catch {
      // Immutable headers (Response.redirect and the like): copy, then set.
      const limited = new Response(response.body, response);
      for (const [name, value] of Object.entries(outcome.headers)) limited.headers.set(name, value);
      return limited;
    }
  };
}
