import { annotate, count } from '@/lib/platform/telemetry';
import { clientIp, type ClientIpOptions } from './client-ip';
import { rateLimitHeaders } from './rate-limit-headers';
import { CoreError } from '@/lib/core/core-error';
import { problemResponse } from './problem';
import { withHeaders, type RouteHandler } from './route-handler';
import type { RateLimiter } from '@/lib/store/types';

/**
 * The per-client rate limit (/docs/api/limits, "Rate limit"): 600 requests a
 * minute per client IP, one window shared by every rate-limited endpoint
 * (except an endpoint with a window of its own, `rateLimitBucket`). Applied
 * in the route layer (lib/endpoints/route-exports.ts wraps every handler of a
 * path whose table row is `rateLimited`, and the /v1 and /api catch-alls),
 * not in proxy.ts: Next's proxy step alone costs a cheap /v1 read much of its
 * throughput (scripts/bench/README.md, "Load (a)").
 *
 * The limiter and the client-IP policy are passed in (the composition root
 * binds them), so this module depends on no runtime.
 */
export interface RateLimitDeps {
  limiter: RateLimiter;
  /** Requests per minute; 0 turns the limit off (RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
  clientIp: ClientIpOptions;
  /** The name a client is counted under: its address hashed with the day's salt (lib/insights), so no store holds it. */
  clientKey?: (client: string) => Promise<string>;
}

const clients = new WeakMap<Request, string>();

/** Who the limiter counts a request against; worked out once per request. */
export function requestClient(request: Request, options: ClientIpOptions): string {
  let client = clients.get(request);
  if (client === undefined) {
    client = clientIp(request.headers, options);
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

/**
 * `bucket` counts the request in a window of its own (`<bucket>:<client>`,
 * same ceiling) instead of the client's shared one; see `rateLimitBucket`
 * in lib/endpoints/contract.ts.
 */
export async function applyRateLimit(request: Request, deps: RateLimitDeps, bucket?: string): Promise<RateLimitOutcome> {
  const client = requestClient(request, deps.clientIp);
  // RATE_LIMIT_PER_MINUTE=0: the operator turned the limit off (benchmarks, private deployments).
  if (deps.perMinute === 0) return { client, headers: {} };
  // The name is made while the limiter waits: a name that cannot be made (the salt's store fails) fails the limiter.
  const key = deps.clientKey ? deps.clientKey(client) : client;
  const decision = await deps.limiter.limit(bucket ? Promise.resolve(key).then((name) => `${bucket}:${name}`) : key);
  const limitHeaders = rateLimitHeaders(decision, 60, bucket);
  // The decision on the request's span and in its counter (/docs/operate/telemetry).
  const outcome = decision.failedOpen ? 'fail-open' : decision.allowed ? 'allowed' : 'denied';
  annotate({ 'svc.rate_limit.decision': outcome });
  count.rateLimit(outcome);
  if (decision.allowed) return { client, headers: limitHeaders };
  const rejection = problemResponse(
    new CoreError('rate_limited', `More than ${decision.limit} requests in one minute from this client. Retry in ${decision.resetSeconds} seconds.`),
    limitHeaders,
  );
  return { client, headers: limitHeaders, rejection };
}


/**
 * A guard that counts the request, answers 429 over the limit, and puts the
 * RateLimit headers on whatever the handler answers, errors included.
 */
export function rateLimitGuard(deps: () => RateLimitDeps, bucket?: string): (handler: RouteHandler) => RouteHandler {
  return (handler) => async (request, context) => {
    const outcome = await applyRateLimit(request, deps(), bucket);
    if (outcome.rejection) return outcome.rejection;
    return withHeaders(await handler(request, context), outcome.headers);
  };
}
