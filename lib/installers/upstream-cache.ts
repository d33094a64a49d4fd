import type { CodeHostResult, CodeHostSuccess } from '@/lib/code-host';

/**
 * A small in-process LRU of successful code-host fetches, so a warm
 * instance answers an installer or /design.md without an upstream call.
 * Entries expire by age (tags are immutable and live long, `main` about a
 * minute). Failures are never cached. Concurrent misses on one key share a
 * single upstream request.
 *
 * Bounded three ways, since any valid release tag is a new key: entries by
 * count, their bodies by bytes (a body may be up to 1 MiB, so 64 entries
 * alone could hold 64 MiB), and shared in-flight loads by count (past it,
 * a miss loads on its own and nothing is remembered).
 */
export interface UpstreamCache {
  /** The cached success for `key`, or the result of `load()` (cached for `ttlMs` when ok). */
  getOrLoad(key: string, now: number, ttlMs: number, load: () => Promise<CodeHostResult>): Promise<CodeHostResult>;
  readonly size: number;
  /** Estimated bytes held by cached bodies. */
  readonly bytes: number;
  /** Loads currently shared between concurrent misses. */
  readonly inFlight: number;
  clear(): void;
}

interface UpstreamCacheLimits {
  /** Most entries; default 64. */
  maxEntries?: number;
  /** Most bytes of cached bodies (UTF-16 estimate); default 4 MiB, a few dozen installers. */
  maxBytes?: number;
  /** Most shared in-flight loads; default 256. */
  maxInFlight?: number;
}

const upstreamCacheDefaults = { maxEntries: 64, maxBytes: 4 * 1024 * 1024, maxInFlight: 256 } as const;

interface Entry {
  value: CodeHostSuccess;
  expiresAt: number;
  bytes: number;
}

/** `createUpstreamCache(n)` is `createUpstreamCache({ maxEntries: n })`. */
export function createUpstreamCache(limits: number | UpstreamCacheLimits = {}): UpstreamCache {
  const { maxEntries, maxBytes, maxInFlight } = {
    ...upstreamCacheDefaults,
    ...(typeof limits === 'number' ? { maxEntries: limits } : limits),
  };
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CodeHostResult>>();
  let totalBytes = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    totalBytes -= entry.bytes;
  };

  function store(key: string, value: CodeHostSuccess, expiresAt: number): void {
    const bytes = value.body.length * 2;
    if (bytes > maxBytes) return; // would push everything out and still not fit
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    // Map order is insertion order, and every hit re-inserts: the first entry is the least recently used.
    while (entries.size >= maxEntries || totalBytes + bytes > maxBytes) {
      const oldest = entries.entries().next().value;
      if (oldest === undefined) break;
      remove(oldest[0], oldest[1]);
    }
    entries.set(key, { value, expiresAt, bytes });
    totalBytes += bytes;
  }

  return {
    async getOrLoad(key, now, ttlMs, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) {
        // Re-insert to mark as most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) remove(key, hit);

      const pending = inFlight.get(key);
      if (pending) return pending;
      const loading = load().then((result) => {
        if (result.ok) store(key, result, now + ttlMs);
        return result;
      });
      if (inFlight.size >= maxInFlight) return loading;
      const shared = loading.finally(() => inFlight.delete(key));
      inFlight.set(key, shared);
      return shared;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
    get inFlight() {
      return inFlight.size;
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
  };
}
