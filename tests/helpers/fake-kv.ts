import { StoreUnavailableError, type KeyValueStore } from '@/lib/store/types';
import type { Clock } from '@/lib/platform/clock';

/**
 * A Map-based KeyValueStore for core tests: entries expire by the injected
 * clock, every call yields to the event loop first (so concurrent callers
 * really interleave), `setIfAbsent` is atomic within its turn like Redis
 * `SET NX`, and `down` makes every call throw StoreUnavailableError.
 */
export interface FakeKv extends KeyValueStore {
  down: boolean;
  /** Calls per method, for asserting what the code under test did. */
  calls: { get: number; set: number; setIfAbsent: number; delete: number };
  /** The raw value, ignoring expiry (for assertions). */
  peek(key: string): string | undefined;
  /** Time-to-live the last write of `key` asked for. */
  ttlOf(key: string): number | undefined;
  keys(): string[];
}

export function createFakeKv(clock: Clock): FakeKv {
  const entries = new Map<string, { value: string; expiresAt: number; ttlMs: number }>();
  const calls = { get: 0, set: 0, setIfAbsent: 0, delete: 0 };

  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= clock()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const kv: FakeKv = {
    down: false,
    calls,
    async get(key) {
      calls.get += 1;
      await Promise.resolve();
      if (kv.down) throw new StoreUnavailableError('fake kv is down');
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      calls.set += 1;
      await Promise.resolve();
      if (kv.down) throw new StoreUnavailableError('fake kv is down');
      if (!(ttlMs > 0)) throw new RangeError(`ttlMs must be positive, got ${ttlMs}`);
      entries.set(key, { value, expiresAt: clock() + ttlMs, ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      calls.setIfAbsent += 1;
      await Promise.resolve();
      if (kv.down) throw new StoreUnavailableError('fake kv is down');
      if (!(ttlMs > 0)) throw new RangeError(`ttlMs must be positive, got ${ttlMs}`);
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: clock() + ttlMs, ttlMs });
      return true;
    },
    async delete(key) {
      calls.delete += 1;
      await Promise.resolve();
      if (kv.down) throw new StoreUnavailableError('fake kv is down');
      entries.delete(key);
    },
    peek: (key) => live(key)?.value,
    ttlOf: (key) => entries.get(key)?.ttlMs,
    keys: () => [...entries.keys()].filter((key) => live(key)),
  };
  return kv;
}

/** A clock the test moves by hand. */
export function createFakeClock(start = Date.parse('2026-11-21T10:00:00Z')) {
  let now = start;
  const clock: Clock = () => now;
  return {
    clock,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}
