import { checkedTtlMs, secondsUntil, StoreUnavailableError, type ConditionalKeyValueStore, type RateLimiter, type Store } from './types';
import type { Clock } from '@/lib/platform/clock';
import { createMemoryInsights } from './insights-store';

/**
 * The embedded store: one process, no backend. Used when no Redis is
 * configured (local runs, tests, single-instance hosting). Its state is lost
 * on restart and is per instance, which the rate limit allows
 * (/docs/api/limits, "Rate limit": each edge node may keep its own count).
 */
export interface MemoryStoreOptions {
  clock: Clock;
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /**
   * Most keys held in each of the two maps (limiter windows, key-value
   * records). A flood of distinct client IPs must not exhaust memory.
   */
  maxKeys?: number;
  /** Most bytes of key-value records held (estimated: UTF-16 text plus a per-entry overhead). */
  maxBytes?: number;
  /** How often expired entries are swept besides lazy eviction on read. */
  sweepIntervalMs?: number;
}

export interface MemoryStore extends Store {
  readonly kind: 'memory';
  /** Entries currently held, expired or not yet swept included. */
  size(): { kv: number; limiter: number };
  /** Estimated bytes of the key-value records held. */
  bytes(): number;
  /** Stops the periodic sweep (it never keeps the process alive anyway). */
  close(): void;
}

/**
 * Bounds of the embedded store, so memory stays flat under load: V8 lets a
 * process grow to a few times its live heap before it collects, so RSS
 * follows the live set (soak figures: docs/decisions/0005-bounded-memory.md).
 * 50,000 limiter windows are a minute of 50,000 distinct clients; 16 MiB of
 * records keep thousands of idempotent answers and jobs of one server. More
 * needs Redis.
 */
export const defaultMaxKeys = 50_000;
export const defaultMaxBytes = 16 * 1024 * 1024;
/** Estimated bytes of one map entry besides its text: the Map slot, the entry object, string headers, the expiry number. */
const entryOverheadBytes = 128;

interface Entry<V> {
  value: V;
  expiresAt: number;
  weight: number;
}

/**
 * A Map whose entries expire by the injected clock, bounded in count and
 * weight. Map iteration is insertion order and every write re-inserts, so
 * the first entries are the least recently written ones.
 */
class ExpiringMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private totalWeight = 0;

  // Fields written out rather than as parameter properties: scripts load the store with Node's type stripping (npm run insights).
  private readonly clock: Clock;
  private readonly maxKeys: number;
  private readonly maxWeight: number;
  private readonly weigh: (key: string, value: V) => number;

  constructor(clock: Clock, maxKeys: number, maxWeight = Number.POSITIVE_INFINITY, weigh: (key: string, value: V) => number = () => 0) {
    this.clock = clock;
    this.maxKeys = maxKeys;
    this.maxWeight = maxWeight;
    this.weigh = weigh;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** The estimated bytes held (0 when entries are not weighed). */
  get weight(): number {
    return this.totalWeight;
  }

  set(key: string, value: V, expiresAt: number): void {
    const weight = this.weigh(key, value);
    // A value bigger than the whole budget would push everything out and still break the bound.
    if (weight > this.maxWeight) throw new StoreUnavailableError(`a record of ~${weight} bytes exceeds the memory store's ${this.maxWeight}`);
    this.delete(key);
    if (this.entries.size >= this.maxKeys || this.totalWeight + weight > this.maxWeight) this.makeRoom(weight);
    this.entries.set(key, { value, expiresAt, weight });
    this.totalWeight += weight;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) this.remove(key, entry);
  }

  /** Drops every expired entry. */
  sweep(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.remove(key, entry);
    }
  }

  /**
   * Expired entries go first, then the oldest writes, until a tenth of the
   * room is free: a flood of new keys then costs one scan per tenth of the
   * cap rather than one per insert.
   */
  private makeRoom(incoming: number): void {
    this.sweep();
    const keyTarget = Math.floor(this.maxKeys * 0.9);
    const weightTarget = this.maxWeight * 0.9 - incoming;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= keyTarget && this.totalWeight <= weightTarget) break;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }
}

export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  const { clock, limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? defaultMaxKeys;
  const windows = new ExpiringMap<{ count: number }>(clock, maxKeys);
  const records = new ExpiringMap<string>(
    clock,
    maxKeys,
    options.maxBytes ?? defaultMaxBytes,
    // UTF-16 is the upper bound of what V8 spends per character.
    (key, value) => (key.length + value.length) * 2 + entryOverheadBytes,
  );

  // Fixed windows aligned to the epoch, like @upstash/ratelimit's
  // fixedWindow, so both adapters report the same RateLimit-Reset.
  const limiter: RateLimiter = {
    async limit(name) {
      const key = await name;
      const now = clock();
      const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
      let counter = windows.get(key);
      if (counter === undefined) {
        counter = { count: 0 };
        windows.set(key, counter, windowEnd);
      }
      counter.count += 1;
      return {
        allowed: counter.count <= limit,
        limit,
        remaining: Math.max(0, limit - counter.count),
        resetSeconds: secondsUntil(windowEnd, now),
      };
    },
  };

  // Each method does its work before its first await, so single-threaded JS
  // makes setIfAbsent and replaceIf atomic.
  const kv: ConditionalKeyValueStore = {
    async get(key) {
      return records.get(key) ?? null;
    },
    async set(key, value, ttlMs) {
      records.set(key, value, clock() + checkedTtlMs(ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      const expiresAt = clock() + checkedTtlMs(ttlMs);
      if (records.get(key) !== undefined) return false;
      records.set(key, value, expiresAt);
      return true;
    },
    async delete(key) {
      records.delete(key);
    },
    async replaceIf(key, expected, next) {
      const expiresAt = next ? clock() + checkedTtlMs(next.ttlMs) : 0;
      if (!expected.includes(records.get(key) ?? null)) return false;
      if (next) records.set(key, next.value, expiresAt);
      else records.delete(key);
      return true;
    },
  };

  const timer = setInterval(() => {
    windows.sweep();
    records.sweep();
  }, options.sweepIntervalMs ?? 60_000);
  // Not every runtime's timer has unref (edge); where it does, the sweep
  // must not keep the process alive.
  (timer as { unref?: () => void }).unref?.();

  return {
    kind: 'memory',
    kv,
    limiter,
    insights: createMemoryInsights(clock),
    size: () => ({ kv: records.size, limiter: windows.size }),
    bytes: () => records.weight,
    close: () => clearInterval(timer),
  };
}
