import type { Clock } from './clock';
import type { Log } from './log';

/**
 * A warning logged at most once per interval, with how many times it was
 * raised since the last line: a backend outage then writes a line a
 * minute, not one per request. `recovered` ends an outage: it logs the
 * times raised since the last warning, so every one is counted in some
 * line, however short the outage.
 */
export interface ThrottledWarning {
  (fields?: Record<string, unknown>): void;
  /** The failure stopped: logs `message` (info) with the count not yet logged; nothing when none was raised. */
  recovered(message: string): void;
}

export function throttledWarning(log: Log, message: string, clock: Clock, intervalMs = 60_000): ThrottledWarning {
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  let raisedSinceWarning = 0;
  let failing = false;
  const warn = (fields?: Record<string, unknown>) => {
    raisedSinceWarning += 1;
    failing = true;
    const now = clock();
    if (now - lastWarnedAt < intervalMs) return;
    lastWarnedAt = now;
    log('warn', message, { ...fields, failuresSinceLastWarning: raisedSinceWarning });
    raisedSinceWarning = 0;
  };
  return Object.assign(warn, {
    recovered(recoveredMessage: string) {
      if (!failing) return;
      failing = false;
      // The warning's interval still holds: an outage right after this one warns no sooner.
      if (raisedSinceWarning > 0) log('info', recoveredMessage, { failuresSinceLastWarning: raisedSinceWarning });
      raisedSinceWarning = 0;
    },
  });
}
