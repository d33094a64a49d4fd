import type { Clock } from './clock';
import type { Log } from './log';

/**
 * A warning logged at most once per interval, with how many times it was
 * raised since the last line: a backend outage then writes a line a
 * minute, not one per request.
 */
export function throttledWarning(log: Log, message: string, clock: Clock, intervalMs = 60_000): (fields?: Record<string, unknown>) => void {
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  let raisedSinceWarning = 0;
  return (fields) => {
    raisedSinceWarning += 1;
    const now = clock();
    if (now - lastWarnedAt < intervalMs) return;
    lastWarnedAt = now;
    log('warn', message, { ...fields, failuresSinceLastWarning: raisedSinceWarning });
    raisedSinceWarning = 0;
  };
}
