import type { InsightsStore } from './insights-store';

/**
 * The store: the service's only state (rate-limit windows, idempotency
 * records, job records, the release cache, search insights). Two adapters implement it:
 * `memory-store.ts` (embedded default, one process) and `upstash-store.ts`
 * (Upstash Redis over REST). One contract suite (tests/unit/store-contract)
 * runs against both.
 *
 * Idempotency and jobs are built on the key-value half in lib/core, once,
 * rather than in each adapter.
 */

export interface RateLimitDecision {
  /** Whether this request is within the window. */
  allowed: boolean;
  /** Ceiling per window. */
  limit: number;
  /** Requests left in the current window (never negative). */
  remaining: number;
  /** Whole seconds until the window turns (at least 1). */
  resetSeconds: number;
  /** Allowed because the store did not answer in time (lib/store/fail-open.ts). */
  failedOpen?: boolean;
}

export interface RateLimiter {
  /**
   * Counts one request against `key`'s window and decides it. The key may be
   * a promise (a client's name is made with a salt the store keeps): its
   * wait is part of the limiter's, and its failure the limiter's failure.
   */
  limit(key: string | Promise<string>): Promise<RateLimitDecision>;
}

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Sets `key`, replacing any value, expiring after `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets `key` only when absent (atomic); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/**
 * The key-value half with a compare-and-set, which idempotency needs to
 * undo or take over a claim whose write timed out (a Lua script on Redis).
 * Both adapters implement it; lib/core asks for it only where it needs it.
 */
export interface ConditionalKeyValueStore extends KeyValueStore {
  /**
   * Atomically: when the value of `key` is one of `expected` (`null`
   * standing for "absent"), replace it with `next` (`null` deletes it).
   * True when it replaced.
   */
  replaceIf(key: string, expected: readonly (string | null)[], next: { value: string; ttlMs: number } | null): Promise<boolean>;
}

export interface Store {
  readonly kind: 'memory' | 'upstash';
  readonly kv: ConditionalKeyValueStore;
  readonly limiter: RateLimiter;
  /** Search insights and page feedback (lib/store/insights-store.ts). */
  readonly insights: InsightsStore;
}

/** Raised by an adapter when its backend cannot be reached in time. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * Validates a time-to-live and rounds it up to whole milliseconds (Redis
 * `PX` takes an integer and rejects 0), so both adapters accept the same
 * inputs.
 */
export function checkedTtlMs(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  }
  return Math.ceil(ttlMs);
}

/** Whole seconds until `resetAt` (epoch ms), at least 1 (/docs/api/limits, "RateLimit headers": RateLimit-Reset). */
export function secondsUntil(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}
