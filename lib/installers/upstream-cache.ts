import type { CodeHostResult, CodeHostSuccess } from '@/lib/code-host';

/**
 * A small in-process LRU of successful code-host fetches, so a warm
 * instance answers an installer or /design.md without an upstream call.
 * Entries expire by age (tags are immutable and live long, `main` about a
 * minute); the entry count is bounded so arbitrary valid tags cannot grow
 * memory. Failures are never cached. Concurrent misses on one key share a
 * single upstream request.
 */
export interface UpstreamCache {
  /** The cached success for `key`, or the result of `load()` (cached for `ttlMs` when ok). */
  getOrLoad(key: string, now: number, ttlMs: number, load: () => Promise<CodeHostResult>): Promise<CodeHostResult>;
  readonly size: number;
  clear(): void;
}

interface Entry {
  value: CodeHostSuccess;
  expiresAt: number;
}

export function createUpstreamCache(maxEntries = 64): UpstreamCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CodeHostResult>>();

  return {
    async getOrLoad(key, now, ttlMs, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) {
        // Re-insert to mark as most recently used (Map keeps insertion order).
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) entries.delete(key);

      const pending = inFlight.get(key);
      if (pending) return pending;
      const loading = load()
        .then((result) => {
          if (result.ok) {
            entries.set(key, { value: result, expiresAt: now + ttlMs });
            while (entries.size > maxEntries) {
              const oldest = entries.keys().next().value;
              if (oldest === undefined) break;
              entries.delete(oldest);
            }
          }
          return result;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, loading);
      return loading;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
