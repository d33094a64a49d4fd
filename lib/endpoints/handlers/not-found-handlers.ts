import { notFoundError, problemResponse } from '@/lib/http/problem';
import type { RouteHandler } from '@/lib/http/route-handler';
import { withRateLimit } from '../route-exports';

/**
 * Unknown paths under /v1 and /api: a `not_found` problem for every method,
 * counted against the rate limit like the endpoints beside them (so probing
 * unknown paths does not escape it). proxy.ts does not run for these prefixes.
 */
export const apiNotFound: RouteHandler = withRateLimit(async (request) =>
  problemResponse(notFoundError(request.method, new URL(request.url).pathname)),
);
