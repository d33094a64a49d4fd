import type { MonotonicClock } from './clock';

/**
 * Per-request deadlines: a request gets one time budget from its arrival
 * (the site's choice: every answer leaves within 5 s, so a hanging code host
 * is met with its 502 or fallback rather than a held connection), and every
 * slow step on its way (a store read, a code-host call, a shared lookup it
 * waits on) takes at most what is left, even when the rate limiter or the
 * store is slow too. Time is read from the injected monotonic clock (the
 * runtime's `monotonic`), so tests drive deadlines with fake timers; the
 * epoch `Clock` only stamps records.
 */
export interface Deadline {
  /** Milliseconds left; 0 once passed. */
  remaining(): number;
}

/**
 * The budget of the handlers: answers must leave within 5 s of arrival, and
 * 500 ms are kept for what comes before a handler runs (routing, a cold
 * route's first load) and after (writing the answer, event-loop delays); a
 * smaller margin came too close to 5 s on a busy machine
 * (scripts/bench/README.md, "Hanging code host (i)").
 */
export const answerBudgetMs = 4_500;

/** A deadline `ms` from now by `clock`. */
export function deadlineAfter(ms: number, clock: MonotonicClock): Deadline {
  const at = clock() + ms;
  return { remaining: () => Math.max(0, at - clock()) };
}

/**
 * The deadline of a request whose handler starts now, `alreadySpentMs`
 * after arrival at most. The route layer does not stamp arrival times, so
 * rate-limited routes pass the limiter's fail-open bound here.
 */
export function answerDeadline(clock: MonotonicClock, alreadySpentMs = 0): Deadline {
  return deadlineAfter(Math.max(0, answerBudgetMs - alreadySpentMs), clock);
}

/** The earlier of a call's own timeout and what is left of the request's budget. */
export function timeoutWithin(ownTimeoutMs: number, deadline: Deadline | undefined): number {
  return deadline ? Math.min(ownTimeoutMs, deadline.remaining()) : ownTimeoutMs;
}

/**
 * Settles like `work`, or with `late()` once `timeoutMs` pass first. The
 * work is not stopped (a shared lookup may still fill a cache for later
 * requests); a rejection after the deadline is handled, not left unhandled.
 */
async function settleWithin<T>(work: Promise<T>, timeoutMs: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), Math.max(0, timeoutMs));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `settleWithin` for what is left of `deadline`; no deadline, no limit. */
export function beforeDeadline<T>(work: Promise<T>, deadline: Deadline | undefined, late: () => T): Promise<T> {
  return deadline ? settleWithin(work, deadline.remaining(), late) : work;
}

/**
 * Waits `ms` for a peer's answer (Redis, for the rate limiter and the store),
 * then calls `expired`; returns the function that cancels it. A timer measures
 * the process, not the peer: when the event loop is busy (a new instance
 * loading its routes on their first requests, a long synchronous step), an
 * answer that arrived meanwhile waits unread while the timer, run first, gives
 * up on it. So the wait ends only after a stretch of `ms / 5` (25 ms at most)
 * in which the loop was free, time enough to read what came: at `ms` when the
 * loop was free at the end, later when it was busy, twice `ms` at most.
 */
export function peerTimeout(ms: number, expired: () => void, now: () => number = () => performance.now()): () => void {
  const stretchMs = Math.min(25, ms / 5);
  const latest = now() + 2 * ms;
  let timer: ReturnType<typeof setTimeout>;
  const arm = (delay: number, then: () => void) => {
    timer = setTimeout(then, delay);
    (timer as { unref?: () => void }).unref?.();
  };
  const lastStretch = () => {
    const started = now();
    arm(stretchMs, () => {
      // On time: the loop was free through the stretch, so whatever the peer sent has been read.
      if (now() - started <= 2 * stretchMs || now() >= latest) expired();
      else lastStretch();
    });
  };
  arm(ms - stretchMs, lastStretch);
  return () => clearTimeout(timer);
}

/** An AbortSignal that aborts with a TimeoutError by `peerTimeout`: a request to a peer that gets no answer. */
export function peerTimeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  peerTimeout(ms, () => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')));
  return controller.signal;
}
