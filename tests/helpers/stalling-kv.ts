import { createMemoryStore } from '@/lib/store/memory-store';
import { StoreUnavailableError, type ConditionalKeyValueStore } from '@/lib/store/types';
import type { Clock } from '@/lib/platform/clock';

/**
 * A ConditionalKeyValueStore for core tests that can fail the way Redis
 * does. Over the memory adapter (so expiry follows the injected clock);
 * every call yields to the event loop first, so concurrent callers really
 * interleave.
 *
 * - `down`: every call throws StoreUnavailableError and changes nothing
 *   (connection refused).
 * - `stall()` … `resume()`: every call throws StoreUnavailableError (the
 *   client's timeout) but is kept, and `resume()` applies the kept calls in
 *   the order they were sent, as a SIGSTOPped Redis runs the commands
 *   waiting in its socket buffer when it gets SIGCONT.
 */
export interface StallingKv extends ConditionalKeyValueStore {
  down: boolean;
  stall(): void;
  /**
   * Runs the calls kept during the stall, in the order they were sent, and
   * answers normally again. `order` lists the indexes of the kept calls to
   * run instead, in that order; the others are lost (a store that does not
   * keep one connection's order, or a request dropped on the way).
   */
  resume(order?: readonly number[]): Promise<void>;
  /** Calls kept during the current stall. */
  readonly pending: number;
  /** Every key ever written. */
  keys(): string[];
  /** The raw value (expiry applied). */
  peek(key: string): Promise<string | null>;
  /** Another client of the same data, as another instance of the service holds (answers normally). */
  sibling(): ConditionalKeyValueStore;
}

export function createStallingKv(clock: Clock): StallingKv {
  const store = createMemoryStore({ clock, limit: 1, windowMs: 60_000, sweepIntervalMs: 3_600_000 });
  store.close();
  const inner = store.kv;
  const written = new Set<string>();
  let stalled = false;
  const kept: (() => Promise<unknown>)[] = [];

  async function call<T>(key: string, writes: boolean, run: () => Promise<T>): Promise<T> {
    await Promise.resolve();
    if (kv.down) throw new StoreUnavailableError('stalling kv is down');
    const apply = () => {
      if (writes) written.add(key);
      return run();
    };
    if (stalled) {
      kept.push(apply);
      throw new StoreUnavailableError('stalling kv did not answer in time');
    }
    return apply();
  }

  const kv: StallingKv = {
    down: false,
    get: (key) => call(key, false, () => inner.get(key)),
    set: (key, value, ttlMs) => call(key, true, () => inner.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => call(key, true, () => inner.setIfAbsent(key, value, ttlMs)),
    delete: (key) => call(key, true, () => inner.delete(key)),
    replaceIf: (key, expected, next) => call(key, true, () => inner.replaceIf(key, expected, next)),
    stall() {
      stalled = true;
    },
    async resume(order) {
      stalled = false;
      const calls = kept.splice(0);
      for (const apply of order ? order.map((index) => calls[index]!) : calls) await apply().catch(() => undefined);
    },
    get pending() {
      return kept.length;
    },
    keys: () => [...written],
    peek: (key) => inner.get(key),
    sibling: () => ({ ...inner }),
  };
  return kv;
}
