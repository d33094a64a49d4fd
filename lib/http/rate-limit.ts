import { endpoints } from '@/lib/api/endpoints';
import { pathPattern } from '@/lib/api/endpoint';
import { clientIp } from './client-ip';
import { rateLimitHeaders } from './rate-limit-headers';
import { ApiError } from './problem';
import type { Runtime } from '@/lib/runtime';

/**
 * The per-client rate limit (spec: "Limits"): 600 requests a minute per
 * client IP, one window shared by every rate-limited endpoint. Rows of the
 * endpoint table marked `rateLimited`, and anything else under /v1 and
 * /api (so probing unknown paths counts too).
 */
const limitedPatterns = endpoints.filter((row) => row.rateLimited).map((row) => pathPattern(row.path));
const limitedPrefixes = ['/v1/', '/api/'];

export function isRateLimitedPath(pathname: string): boolean {
  return limitedPrefixes.some((prefix) => pathname.startsWith(prefix)) || limitedPatterns.some((re) => re.test(pathname));
}

export interface RateLimitOutcome {
  client: string;
  headers: Record<string, string>;
  /** A 429 problem to answer with, when over the limit. */
  rejection?: Response;
}

export async function applyRateLimit(headers: Headers, rt: Runtime): Promise<RateLimitOutcome> {
  const client = clientIp(headers, { onVercel: Boolean(rt.env.VERCEL), trustProxyHops: rt.env.TRUST_PROXY_HOPS });
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
