import { tracedStore } from './traced-store';
import { redisCredentials, type Env } from '@/lib/env';
import { failOpenLimiter } from './fail-open';
import { createMemoryStore } from './memory-store';
import { type Store } from './types';
import { systemClock, type Clock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { createUpstashStore } from './upstash-store';

export * from './types';
export * from './insights-store';
;
;
;

/** /docs/api/limits, "Rate limit": 600 requests per minute by default (RATE_LIMIT_PER_MINUTE). */
const rateLimitWindowMs = 60_000;

export interface CreateStoreOptions {
  clock?: Clock;
  log: Log;
}

/**
 * The service's store: Upstash Redis when its credentials are configured
 * (UPSTASH_REDIS_REST_* or Vercel's KV_REST_API_*), else the embedded
 * memory store. The limiter fails open (see fail-open.ts). Create it once
 * per process; each call starts its own state.
 */
export function createStore(env: Env, { clock = systemClock, log }: CreateStoreOptions): Store {
  // 0 turns the limiter off in lib/http/rate-limit.ts; the store still needs a ceiling.
  const limit = Math.max(1, env.RATE_LIMIT_PER_MINUTE);
  const windowMs = rateLimitWindowMs;
  const credentials = redisCredentials(env);

  const timeoutMs = env.RATE_LIMIT_TIMEOUT_MS;
  const base = credentials
    ? createUpstashStore({ ...credentials, clock, limit, windowMs, timeoutMs, kvTimeoutMs: env.STORE_TIMEOUT_MS })
    : createMemoryStore({ clock, limit, windowMs });

  if (!credentials && env.VERCEL) {
    log(
      'warn',
      'No Redis configured on Vercel: rate limits, idempotency records and jobs are kept in memory per instance, ' +
        'so they are not shared between instances and are lost when one stops. ' +
        'Set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN (or KV_REST_API_URL and KV_REST_API_TOKEN).',
    );
  }

  // Client spans for the calls that leave the process (Upstash); the memory store's are plain function calls.
  const traced = credentials ? tracedStore : (store: Store) => store;
  return traced({
    kind: base.kind,
    kv: base.kv,
    insights: base.insights,
    // The memory limiter is synchronous work that cannot hang or lose its
    // backend; a deadline timer per request would only add cost (npm run bench, case b).
    limiter: credentials ? failOpenLimiter(base.limiter, { limit, windowMs, log, clock, timeoutMs }) : base.limiter,
  });
}
