import { count, inSpan, SpanKind } from '@/lib/platform/telemetry';
import type { ConditionalKeyValueStore, RateLimiter, Store } from './types';

/**
 * The store with a client span per call (/docs/operate/telemetry): the
 * store's own kind and operation (`store get` on `upstash`), never its keys,
 * which hold ids and clients' pseudonyms. A failed call is counted.
 */
export function tracedStore(store: Store): Store {
  const kind = store.kind;
  const call = <T>(operation: string, work: () => Promise<T>): Promise<T> =>
    inSpan(`store ${operation}`, { kind: SpanKind.CLIENT, attributes: { 'svc.store.kind': kind, 'svc.store.operation': operation } }, () =>
      work().catch((error: unknown) => {
        count.storeFailure(kind, false);
        throw error;
      }),
    );
  const { kv, limiter } = store;
  const tracedKv: ConditionalKeyValueStore = {
    get: (key) => call('get', () => kv.get(key)),
    set: (key, value, ttlMs) => call('set', () => kv.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => call('setIfAbsent', () => kv.setIfAbsent(key, value, ttlMs)),
    delete: (key) => call('delete', () => kv.delete(key)),
    replaceIf: (key, expected, next) => call('replaceIf', () => kv.replaceIf(key, expected, next)),
  };
  const tracedLimiter: RateLimiter = { limit: (key) => call('limit', () => limiter.limit(key)) };
  return { ...store, kv: tracedKv, limiter: tracedLimiter };
}
