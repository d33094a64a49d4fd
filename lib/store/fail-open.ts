import { count } from '@/lib/platform/telemetry';
import { type RateLimitDecision, type RateLimiter } from './types';
import { systemClock, type Clock } from '@/lib/platform/clock';
import type { Log } from '@/lib/platform/log';
import { throttledWarning } from '@/lib/platform/throttled-warning';
import { peerTimeout } from '@/lib/platform/deadline';

export interface FailOpenOptions {
  /** How long the inner limiter may take before the request is let through. */
  timeoutMs?: number;
  /** The configured ceiling, reported while failing open. */
  limit: number;
  windowMs: number;
  log: Log;
  clock?: Clock;
  /** At most one warning per this interval. */
  logIntervalMs?: number;
}

const timedOut = Symbol('timed out');

/** How long the limiter may take before the request is let through; callers plan their time budget with it. */
export const failOpenTimeoutMs = 250;

/**
 * The rate limit's failure policy: when the backend errors or does not
 * answer within `timeoutMs` (250 ms, not @upstash/ratelimit's 5 s default),
 * the request is allowed with a full window, and a warning is logged at
 * most once a minute so an outage does not flood the log; when it answers
 * again, one line counts the requests let through since the last warning.
 *
 * Failing open keeps the service answering during a Redis outage; the limit
 * is an approximation anyway (/docs/api/limits, "Rate limit": per client IP
 * and per edge node).
 */
export function failOpenLimiter(inner: RateLimiter, options: FailOpenOptions): RateLimiter {
  const { timeoutMs = failOpenTimeoutMs, limit, windowMs, log, clock = systemClock, logIntervalMs = 60_000 } = options;
  const allowed: RateLimitDecision = {
    allowed: true,
    limit,
    remaining: limit,
    resetSeconds: Math.max(1, Math.ceil(windowMs / 1000)),
  };
  const warned = throttledWarning(log, 'rate limiter unavailable; allowing requests (fail open)', clock, logIntervalMs);
  const warn = (cause: unknown) => warned({ cause: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause), timeoutMs });

  return {
    async limit(key) {
      let cancel: (() => void) | undefined;
      // The wait measures Redis, not a busy event loop (peerTimeout): an answer that came meanwhile is read first.
      const deadline = new Promise<typeof timedOut>((resolve) => {
        cancel = peerTimeout(timeoutMs, () => resolve(timedOut));
      });
      try {
        // Promise.race subscribes to the inner promise, so a rejection that
        // arrives after the deadline is handled, not left unhandled.
        const outcome = await Promise.race([inner.limit(key), deadline]);
        if (outcome !== timedOut) {
          // The end of an outage: the requests let through since the last warning are logged now, not at the next outage.
          warned.recovered('rate limiter available again; requests are counted again');
          return outcome;
        }
        warn(new Error(`no answer within ${timeoutMs} ms`));
      } catch (error) {
        warn(error);
      } finally {
        cancel?.();
      }
      count.storeFailure('rate-limit', true);
      return { ...allowed, failedOpen: true };
    },
  };
}
