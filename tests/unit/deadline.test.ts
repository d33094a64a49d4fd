import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { download, restReads } from '@/lib/endpoints/handlers/v1-handlers';
import { createCodeHostClient } from '@/lib/code-host';
import { parseEnv } from '@/lib/env';
import { createInstallerHandlers } from '@/lib/installers';
import { createRuntime, installRuntime } from '@/lib/runtime';
import { answerBudgetMs, answerDeadline, beforeDeadline, deadlineAfter, peerTimeout, peerTimeoutSignal, timeoutWithin } from '@/lib/platform/deadline';
import { failOpenTimeoutMs } from '@/lib/store/fail-open';
import type { MonotonicClock } from '@/lib/platform/clock';
import { track, useFakeTime } from '../helpers/fake-time';
import { answerDuringBusyLoop } from '../helpers/busy-loop';

/**
 * Request deadlines read the injected monotonic clock (the runtime's
 * `monotonic`), never the machine's: these tests move time by hand or with
 * fake timers, so they check the exact millisecond a deadline ends at and
 * cannot be failed by a slow machine.
 */
afterEach(() => {
  vi.useRealTimers();
});

function handClock(start = 1_000): { clock: MonotonicClock; advance(ms: number): void } {
  let now = start;
  return { clock: () => now, advance: (ms) => void (now += ms) };
}

describe('deadlineAfter and answerDeadline', () => {
  it('count down by the injected clock only, and stop at 0', () => {
    const time = handClock();
    const deadline = deadlineAfter(100, time.clock);
    expect(deadline.remaining()).toBe(100);
    time.advance(60);
    expect(deadline.remaining()).toBe(40);
    time.advance(40);
    expect(deadline.remaining()).toBe(0);
    time.advance(1_000);
    expect(deadline.remaining()).toBe(0);
  });

  it('give a handler the answer budget, less what was spent before it ran', () => {
    const time = handClock();
    expect(answerDeadline(time.clock).remaining()).toBe(answerBudgetMs);
    expect(answerDeadline(time.clock, failOpenTimeoutMs).remaining()).toBe(answerBudgetMs - failOpenTimeoutMs);
    expect(answerDeadline(time.clock, answerBudgetMs + 1).remaining()).toBe(0);
    // Within 5 s of arrival, with room for routing and writing the answer.
    expect(answerBudgetMs).toBeLessThan(5_000);
  });

  it('shorten a call’s own timeout to what is left, never lengthen it', () => {
    const time = handClock();
    const deadline = deadlineAfter(300, time.clock);
    expect(timeoutWithin(1_000, deadline)).toBe(300);
    expect(timeoutWithin(100, deadline)).toBe(100);
    expect(timeoutWithin(1_000, undefined)).toBe(1_000);
  });
});

describe('beforeDeadline, driven by fake timers', () => {
  it('settles with the late answer exactly at the deadline, not a millisecond before', async () => {
    const time = useFakeTime();
    const waited = track(beforeDeadline(new Promise<string>(() => undefined), deadlineAfter(80, time.monotonic), () => 'late'));
    await time.advance(79);
    expect(waited.settled).toBe(false);
    await time.advance(1);
    expect(waited.value).toBe('late');
  });

  it('answers with the work when it settles first, and handles a rejection that comes after the deadline', async () => {
    const time = useFakeTime();
    let fail: (error: Error) => void = () => undefined;
    const slow = new Promise<string>((_, reject) => (fail = reject));
    const quick = beforeDeadline(Promise.resolve('work'), deadlineAfter(80, time.monotonic), () => 'late');
    expect(await quick).toBe('work');
    const waited = track(beforeDeadline(slow, deadlineAfter(10, time.monotonic), () => 'late'));
    await time.advance(10);
    expect(waited.value).toBe('late');
    // No unhandled rejection: vitest would fail the run on one.
    fail(new Error('after the deadline'));
    await time.advance(0);
  });
});

/**
 * The handlers over a code host that takes every request and never answers
 * (each request's abort signal is recorded): the answer comes when the
 * runtime's clock reaches the deadline, and the upstream request is
 * abandoned then.
 */
function hangingFetch() {
  const abandoned: string[] = [];
  const started: string[] = [];
  const fetch: typeof globalThis.fetch = (input) =>
    new Promise<Response>((_, reject) => {
      const request = input as Request;
      started.push(new URL(request.url).pathname);
      request.signal.addEventListener('abort', () => {
        abandoned.push(new URL(request.url).pathname);
        reject(request.signal.reason as Error);
      });
    });
  return { fetch, started, abandoned };
}

describe('peerTimeout: a wait for a peer’s answer that a busy event loop does not cut short', () => {
  it('expires at `ms` when the loop was free, not a millisecond before', async () => {
    const time = useFakeTime();
    let expired = false;
    peerTimeout(250, () => (expired = true));
    await time.advance(249);
    expect(expired).toBe(false);
    await time.advance(1);
    expect(expired).toBe(true);
  });

  it('reads an answer that came while the loop was busy past `ms`, before expiring', async () => {
    const peer = await answerDuringBusyLoop();
    try {
      const outcome = await peer.busy(200, () =>
        new Promise<string>((resolve) => {
          const cancel = peerTimeout(50, () => resolve('expired'));
          void peer.answer.then(() => (cancel(), resolve('answered')));
        }),
      );
      expect(outcome).toBe('answered');
    } finally {
      await peer.close();
    }
  });

  it('aborts a request with a TimeoutError (peerTimeoutSignal)', async () => {
    const time = useFakeTime();
    const signal = peerTimeoutSignal(1000);
    await time.advance(1000);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });
});

describe('a hanging code host meets the request deadline of the runtime’s clock', () => {
  const upstream = hangingFetch();
  let time: ReturnType<typeof useFakeTime>;
  const monotonic: MonotonicClock = () => time.monotonic();
  beforeAll(() => {
    installRuntime(createRuntime({ env: parseEnv({}), log: () => {}, monotonic, fetch: upstream.fetch }));
  });
  afterAll(() => installRuntime(undefined));

  it('GET /v1/releases/{app}: 502 upstream_unavailable at the budget less the limiter’s bound, the upstream call abandoned', async () => {
    time = useFakeTime();
    const answer = track(restReads.getRelease(new Request('http://svc.test/v1/releases/pounce'), { params: Promise.resolve({ app: 'pounce' }) }));
    await time.advance(answerBudgetMs - failOpenTimeoutMs - 1);
    expect(answer.settled).toBe(false);
    expect(upstream.started).toEqual(['/repos/layer-desktop/pounce/releases/latest']);
    expect(upstream.abandoned).toEqual([]);
    await time.advance(1);
    expect(answer.settled).toBe(true);
    expect(answer.value!.status).toBe(502);
    expect(await answer.value!.json()).toMatchObject({ code: 'upstream_unavailable' });
    expect(upstream.abandoned).toEqual(['/repos/layer-desktop/pounce/releases/latest']);
  });

  it('GET /download/{app}: the fallback redirect at the whole budget (the route is not rate-limited)', async () => {
    time = useFakeTime();
    upstream.started.length = 0;
    upstream.abandoned.length = 0;
    const answer = track(download(new Request('http://svc.test/download/perch'), { params: Promise.resolve({ app: 'perch' }) }));
    await time.advance(answerBudgetMs - 1);
    expect(answer.settled).toBe(false);
    await time.advance(1);
    expect(answer.value!.status).toBe(302);
    expect(answer.value!.headers.get('location')).toBe('https://github.com/layer-desktop/perch/releases');
    expect(answer.value!.headers.get('cache-control')).toBe('no-store');
    expect(upstream.abandoned).toEqual(['/repos/layer-desktop/perch/releases/latest']);
  });

  it('an installer: 502 text/plain at the whole budget, the upstream fetch abandoned', async () => {
    time = useFakeTime();
    const raw = hangingFetch();
    const codeHost = createCodeHostClient({ apiUrl: 'http://api.test', rawUrl: 'http://raw.test', clock: Date.now, fetch: raw.fetch, timeoutMs: 10_000, maxBytes: 1024 });
    const installers = createInstallerHandlers(() => ({ codeHost, clock: Date.now, monotonic }));
    const answer = track(installers.installer.hacker(new Request('http://svc.test/hacker.sh?ref=v2030.04.02'), { params: Promise.resolve({}) }));
    await time.advance(answerBudgetMs - 1);
    expect(answer.settled).toBe(false);
    await time.advance(1);
    expect(answer.value!.status).toBe(502);
    expect(answer.value!.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.value!.text()).toMatch(/did not answer in time/);
    expect(raw.abandoned).toEqual(['/layer-desktop/layer/v2030.04.02/install.sh']);
  });
});
