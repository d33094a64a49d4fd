import type { RateLimitDecision } from '@/lib/store/types';

/**
 * RateLimit headers of a decision: the three integer fields
 * (/docs/api/limits, "RateLimit headers"), plus the current IETF draft's
 * structured `RateLimit-Policy` and `RateLimit`
 * (draft-ietf-httpapi-ratelimit-headers), named after the window (`default`,
 * or an endpoint's own bucket).
 */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds: number, policy = 'default'): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `"${policy}";q=${decision.limit};w=${windowSeconds}`,
    RateLimit: `"${policy}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
