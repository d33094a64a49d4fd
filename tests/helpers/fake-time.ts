import { vi } from 'vitest';
import type { MonotonicClock } from '@/lib/platform/clock';

/**
 * Fake timers for tests of deadlines and timeouts: setTimeout and
 * setInterval (and their clears) are vitest's, so time moves only when the
 * test advances it, however slow the machine. Date, performance and I/O stay
 * real, so a loopback server still answers; `monotonic` reads the fake
 * clock, for code that takes a MonotonicClock (the runtime's `monotonic`).
 * Call `vi.useRealTimers()` afterwards (an afterEach).
 */
export function useFakeTime(): { monotonic: MonotonicClock; advance(ms: number): Promise<void> } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  return {
    monotonic: () => vi.getMockedSystemTime()!.getTime(),
    advance: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

/** Whether a promise has settled yet, and with what, without awaiting it. */
export function track<T>(promise: Promise<T>): { readonly settled: boolean; readonly value: T | undefined; readonly error: unknown } {
  const state = { settled: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

/**
 * Lets promise callbacks and loopback I/O run, without moving fake time,
 * until `condition` holds (setImmediate is not faked: each turn lets I/O
 * in). Only the test's own timeout bounds the wait.
 */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
}
