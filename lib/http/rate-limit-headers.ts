import type { RateLimitDecision } from '@/lib/store/types';

/**
 * RateLimit headers of a decision: the three integer fields the spec names
 * (spec: "Limits"), plus the current IETF draft's structured
 * `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers).
 */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    'RateLimit-Policy': `"default";q=${decision.limit};w=${windowSeconds}`,
    RateLimit: `"default";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
