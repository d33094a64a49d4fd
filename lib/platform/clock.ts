/** The injected clock: milliseconds since the epoch. It stamps records. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/**
 * The injected monotonic clock: milliseconds from an arbitrary origin, never
 * set back by a wall-clock adjustment. Deadlines and retry windows measure
 * with it; the epoch `Clock` stamps records. Tests inject their own (or fake
 * timers), so no deadline depends on the machine's speed.
 */
export type MonotonicClock = () => number;
export const systemMonotonicClock: MonotonicClock = () => performance.now();
