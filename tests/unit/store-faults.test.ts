import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failOpenLimiter, failOpenTimeoutMs } from '@/lib/store/fail-open';
import { createMemoryStore, defaultMaxBytes, defaultMaxKeys } from '@/lib/store/memory-store';
import { StoreUnavailableError, type RateLimiter, type Store } from '@/lib/store/types';
import type { Log } from '@/lib/platform/log';
import { BoundedMap, createUpstashStore } from '@/lib/store/upstash-store';
import { requestFingerprint, runIdempotent, type IdempotencyOptions } from '@/lib/core/idempotency';
import { ok } from '@/lib/core/result';
import { systemMonotonicClock } from '@/lib/platform/clock';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { track, useFakeTime } from '../helpers/fake-time';
import { patientMs } from '../helpers/patience';
import { answerDuringBusyLoop } from '../helpers/busy-loop';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

/**
 * Failure behaviour of the store. The rate limiter fails open after 250 ms
 * without an answer (not @upstash/ratelimit's 5 s default) and logs at most
 * once a minute; the key-value half reports StoreUnavailableError, by its
 * own 1 s timeout, instead of hanging or leaking the client's errors; a
 * store recovers when Redis comes back. When each happens is checked with
 * fake timers, or against a Redis that cannot answer (stopped or
 * SIGSTOPped); no test here needs a real answer to beat a real timer. How
 * long it takes on a real Redis is a figure of `npm run bench`
 * (scripts/bench/latency-figures.mjs).
 */
const limit = 600;
const windowMs = 60_000;

async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the operation to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the fail-open limiter, by the clock', () => {
  const hanging: RateLimiter = { limit: () => new Promise(() => undefined) };

  it('lets a request through with a full window exactly when the inner limiter has not answered in 250 ms', async () => {
    const time = useFakeTime();
    const logs: Parameters<Log>[] = [];
    const limiter = failOpenLimiter(hanging, { limit, windowMs, log: (...line) => logs.push(line), clock: () => 0 });
    const decision = track(limiter.limit('203.0.113.7'));
    await time.advance(failOpenTimeoutMs - 1);
    expect(decision.settled).toBe(false);
    await time.advance(1);
    expect(decision.value).toEqual({ allowed: true, limit, remaining: limit, resetSeconds: 60, failedOpen: true });
    expect(logs).toEqual([['warn', expect.stringContaining('fail open'), expect.objectContaining({ timeoutMs: failOpenTimeoutMs, cause: 'Error: no answer within 250 ms' })]]);
  });

  it('does not wait for its timer when the inner limiter fails, nor when it answers', async () => {
    useFakeTime();
    const failing: RateLimiter = { limit: () => Promise.reject(new StoreUnavailableError('Redis rate limit failed: connection refused')) };
    const logs: Parameters<Log>[] = [];
    // Fake time never moves here: both answers come without the 250 ms timer.
    const failedOpen = failOpenLimiter(failing, { limit, windowMs, log: (...line) => logs.push(line), clock: () => 0 });
    expect(await failedOpen.limit('k')).toMatchObject({ allowed: true, remaining: limit });
    expect(logs[0]?.[2]).toMatchObject({ cause: 'StoreUnavailableError: Redis rate limit failed: connection refused' });
    const answered = failOpenLimiter(createMemoryStore({ clock: () => 0, limit, windowMs }).limiter, { limit, windowMs, log: () => undefined });
    expect(await answered.limit('k')).toMatchObject({ allowed: true, remaining: limit - 1 });
  });

  it('keeps an answer that came while the event loop was busy past its timer (a new instance loading its routes)', async () => {
    const peer = await answerDuringBusyLoop();
    try {
      const inner: RateLimiter = { limit: () => peer.answer.then(() => ({ allowed: true, limit, remaining: 7, resetSeconds: 60 })) };
      const logs: Parameters<Log>[] = [];
      const limiter = failOpenLimiter(inner, { limit, windowMs, log: (...line) => logs.push(line), clock: () => 0, timeoutMs: 50 });
      // The answer is queued within the wait, but the loop is busy until well past the timer.
      const decision = await peer.busy(200, () => limiter.limit('k'));
      expect(decision).toEqual({ allowed: true, limit, remaining: 7, resetSeconds: 60 });
      expect(logs).toEqual([]);
    } finally {
      await peer.close();
    }
  });

  it('fails open, counted, when the client\'s name cannot be made (its salt is the store\'s) or is not made in time', async () => {
    const time = useFakeTime();
    const logs: Parameters<Log>[] = [];
    const limiter = failOpenLimiter(createMemoryStore({ clock: () => 0, limit, windowMs }).limiter, { limit, windowMs, log: (...line) => logs.push(line), clock: () => 0 });
    const refused = await limiter.limit(Promise.reject(new StoreUnavailableError('Redis SET NX failed: connection refused')));
    expect(refused).toMatchObject({ allowed: true, remaining: limit, failedOpen: true });
    expect(logs[0]?.[2]).toMatchObject({ cause: 'StoreUnavailableError: Redis SET NX failed: connection refused' });
    const waiting = track(limiter.limit(new Promise<string>(() => undefined)));
    await time.advance(failOpenTimeoutMs);
    expect(waiting.value).toMatchObject({ allowed: true, remaining: limit, failedOpen: true });
  });

  it('counts every request it let through in some line: the warning, or the line when the limiter answers again', async () => {
    let down = true;
    const inner = createMemoryStore({ clock: () => 0, limit, windowMs }).limiter;
    const flaky: RateLimiter = { limit: (key) => (down ? Promise.reject(new StoreUnavailableError('Redis rate limit failed: connection refused')) : inner.limit(key)) };
    const logs: Parameters<Log>[] = [];
    let now = 0;
    const limiter = failOpenLimiter(flaky, { limit, windowMs, log: (...line) => logs.push(line), clock: () => now });
    const outage = async (requests: number) => {
      down = true;
      for (let i = 0; i < requests; i++) await limiter.limit('k');
      down = false;
      await limiter.limit('k');
      await limiter.limit('k');
    };
    await outage(5);
    now += 10_000;
    await outage(3); // within the minute: no second warning, its count comes when the limiter answers
    expect(logs.map(([level, message, fields]) => [level, message.split(';')[0], fields?.failuresSinceLastWarning])).toEqual([
      ['warn', 'rate limiter unavailable', 1],
      ['info', 'rate limiter available again', 4],
      ['info', 'rate limiter available again', 3],
    ]);
  });
});

describe('Upstash store when Redis fails', () => {
  let redis: RedisServer;
  let bridge: UpstashBridge;
  // Two stores over the one Redis, so no real answer races a real timer:
  // - `patient` waits longer than any busy machine takes (patientMs), for
  //   what needs Redis's answer (while it is up, and once it is back) and for
  //   a stopped Redis, which refuses at once;
  // - `production` has the production timeouts (250 ms, 1000 ms), used only
  //   while Redis is SIGSTOPped: nothing can answer, so the timer always ends
  //   the wait, however slow the machine.
  let patient: Store;
  let production: Store;
  let limiter: RateLimiter;
  let productionLimiter: RateLimiter;
  let now = Date.now();
  const logs: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, message, fields) => logs.push({ level, message, fields });

  beforeAll(async () => {
    redis = await startRedisServer();
    bridge = await startUpstashBridge({ redisPort: redis.port, token: 'faults-token' });
    patient = createUpstashStore({ url: bridge.url, token: bridge.token, limit, windowMs, timeoutMs: patientMs, kvTimeoutMs: patientMs });
    // Default timeouts: 250 ms for the limiter, 1000 ms for key-value operations.
    production = createUpstashStore({ url: bridge.url, token: bridge.token, limit, windowMs });
    // The injected clock only paces the warnings; both wrappers log to `logs`.
    limiter = failOpenLimiter(patient.limiter, { limit, windowMs, log, clock: () => now, timeoutMs: patientMs });
    productionLimiter = failOpenLimiter(production.limiter, { limit, windowMs, log, clock: () => now });
  });

  afterAll(async () => {
    redis?.resume();
    await bridge?.close();
    await redis?.stop();
  });

  it('answers from Redis while it is up', async () => {
    const decision = await limiter.limit(`up-${randomUUID()}`);
    expect(decision).toMatchObject({ allowed: true, limit, remaining: limit - 1 });
    await patient.kv.set('up', 'yes', 60_000);
    expect(await patient.kv.get('up')).toBe('yes');
    expect(logs).toHaveLength(0);
  });

  it('fails open when Redis is down, and warns once a minute', async () => {
    await redis.stop();
    // Refused at once: the patient timers never fire, the failure is the refusal itself.
    for (let i = 0; i < 5; i++) {
      expect(await limiter.limit('203.0.113.7')).toEqual({ allowed: true, limit, remaining: limit, resetSeconds: 60, failedOpen: true });
    }

    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'warn', message: expect.stringContaining('fail open') });
    expect(logs[0]!.fields).toMatchObject({ cause: expect.stringMatching(/^StoreUnavailableError: Redis rate limit failed/) });
    expect(JSON.stringify(logs[0])).not.toContain('203.0.113.7'); // no client IPs in logs

    now += 30_000;
    await limiter.limit('203.0.113.7');
    expect(logs).toHaveLength(1);
    now += 31_000;
    await limiter.limit('203.0.113.7');
    expect(logs).toHaveLength(2);
    expect(logs[1]!.fields).toMatchObject({ failuresSinceLastWarning: 6 }); // 4 quiet ones, +30 s, +61 s
  });

  it('reports StoreUnavailableError from key-value operations while Redis is down', async () => {
    const operations: [string, () => Promise<unknown>][] = [
      ['get', () => patient.kv.get('private-key')],
      ['set', () => patient.kv.set('private-key', 'private-value', 1000)],
      ['setIfAbsent', () => patient.kv.setIfAbsent('private-key', 'private-value', 1000)],
      ['delete', () => patient.kv.delete('private-key')],
      ['replaceIf', () => patient.kv.replaceIf('private-key', ['private-old'], { value: 'private-value', ttlMs: 1000 })],
    ];
    for (const [name, run] of operations) {
      const error = await rejection(run);
      expect(error, name).toBeInstanceOf(StoreUnavailableError);
      // The client's messages quote the command; ours must not carry keys or values.
      expect(String(error), name).not.toContain('private-');
      expect((error as Error).cause, name).toBeUndefined();
    }
    // The inner limiter reports the failure too; only the wrapper fails open.
    await expect(patient.limiter.limit('k')).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('fails open when Redis hangs, and key-value operations end by their own timeout', async () => {
    await redis.start();
    expect((await patient.limiter.limit(`warm-${randomUUID()}`)).allowed).toBe(true);
    redis.pause();
    try {
      const warnings = logs.length;
      now += 120_000; // past the warning interval, so this failure is logged
      expect(await productionLimiter.limit(`hung-${randomUUID()}`)).toMatchObject({ allowed: true, remaining: limit });
      // Whichever timer ended the wait (the wrapper's or the client's, both 250 ms), it was a timeout.
      expect(logs.slice(warnings)).toEqual([
        expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ cause: expect.stringContaining('no answer within 250 ms') }) }),
      ]);

      // The client's own per-request signal ended the call: its timeout is named, not a socket error.
      const error = await rejection(() => production.kv.get('up'));
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(String(error)).toContain('no answer within 1000 ms');
    } finally {
      redis.resume();
    }
  });

  it('works again after Redis restarts, with the same store', async () => {
    await redis.stop();
    await expect(patient.kv.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await redis.start();
    // A fresh Redis has no scripts loaded: the client falls back from EVALSHA to EVAL.
    const key = `back-${randomUUID()}`;
    expect(await patient.limiter.limit(key)).toMatchObject({ allowed: true, remaining: limit - 1 });
    expect(await limiter.limit(key)).toMatchObject({ allowed: true, remaining: limit - 2 });
    await patient.kv.set('back', 'again', 60_000);
    expect(await patient.kv.get('back')).toBe('again');
    expect(await patient.kv.setIfAbsent('back', 'other', 60_000)).toBe(false);
  });
});

// Redis stopped between a batch's claim and its answer, and started again
// with its data (append-only, as the fault soak's): the answer reaches its
// client and is stored once Redis is back, so the other instance's retries
// get 409 until then and the replay after it; the work runs once.
describe('an idempotent answer when Redis stops before it is stored', () => {
  let redis: RedisServer;
  let bridge: UpstashBridge;

  beforeAll(async () => {
    redis = await startRedisServer({ persistent: true });
    bridge = await startUpstashBridge({ redisPort: redis.port, token: 'unstored-token' });
  });
  afterAll(async () => {
    await bridge?.close();
    await redis?.stop();
  });

  it('is given to its client, stored when Redis is back, and replayed by the other instance; the work runs once', async () => {
    const instance = () => createUpstashStore({ url: bridge.url, token: bridge.token, limit, windowMs, timeoutMs: patientMs, kvTimeoutMs: patientMs });
    const [first, second] = [instance(), instance()];
    const options = (kv: Store['kv']): IdempotencyOptions => ({
      kv,
      clock: Date.now,
      monotonic: systemMonotonicClock,
      scope: '203.0.113.9',
      key: `unstored-${randomUUID()}`,
      fingerprint: requestFingerprint({ operations: [] }),
    });
    const firstOptions = options(first.kv);
    const secondOptions = { ...firstOptions, kv: second.kv };
    let runs = 0;
    const work = async () => {
      runs += 1;
      if (runs === 1) await redis.stop();
      return ok(`{"run":${runs}}`);
    };
    expect(await runIdempotent(firstOptions, work)).toEqual(ok({ kind: 'executed', answer: '{"run":1}' }));
    expect(await runIdempotent(secondOptions, work)).toMatchObject({ ok: false, error: { code: 'store_unavailable' } });
    await redis.start();
    // Until the first instance has stored the answer (its retries back off up to 5 s), the claim holds the key.
    const outcomes: string[] = [];
    for (;;) {
      const outcome = await runIdempotent(secondOptions, work);
      if (outcome.ok) {
        expect(outcome.value).toEqual({ kind: 'replayed', answer: '{"run":1}' });
        break;
      }
      outcomes.push(outcome.error.code);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(outcomes)).toEqual(new Set(outcomes.length ? ['idempotency_key_in_use'] : []));
    expect(runs).toBe(1);
  }, 60_000);
});

describe('memory store bounds', () => {
  it('caps the limiter at maxKeys under a flood of distinct client IPs', async () => {
    const now = 1_000_000;
    const store = createMemoryStore({ clock: () => now, limit, windowMs });
    const ip = (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
    const flood = defaultMaxKeys * 2;
    for (let i = 0; i < flood; i++) await store.limiter.limit(ip(i));
    expect(store.size().limiter).toBeLessThanOrEqual(defaultMaxKeys);
    // The newest client is still counted.
    expect((await store.limiter.limit(ip(flood - 1))).remaining).toBe(limit - 2);
    store.close();
  });

  it('evicts expired records first, then the oldest', async () => {
    let now = 0;
    const store = createMemoryStore({ clock: () => now, limit, windowMs, maxKeys: 100 });
    for (let i = 0; i < 50; i++) await store.kv.set(`short-${i}`, 'v', 1000);
    for (let i = 0; i < 50; i++) await store.kv.set(`long-${i}`, 'v', 3_600_000);
    now = 2000;
    await store.kv.set('new-0', 'v', 3_600_000);
    for (let i = 0; i < 50; i++) expect(await store.kv.get(`long-${i}`)).toBe('v');
    expect(store.size().kv).toBe(51);

    for (let i = 1; i <= 200; i++) await store.kv.set(`new-${i}`, 'v', 3_600_000);
    expect(store.size().kv).toBeLessThanOrEqual(100);
    expect(await store.kv.get('new-200')).toBe('v');
    expect(await store.kv.get('long-0')).toBeNull();
    store.close();
  });

  it('caps the bytes held by records', async () => {
    const store = createMemoryStore({ clock: () => 0, limit, windowMs, maxBytes: 20_000 });
    const value = 'x'.repeat(1000); // ~2 KB as UTF-16
    for (let i = 0; i < 100; i++) await store.kv.set(`record-${i}`, value, 60_000);
    expect(store.size().kv).toBeLessThanOrEqual(10);
    expect(await store.kv.get('record-99')).toBe(value);
    store.close();
  });

  // The defaults bound the records by count and by bytes under a flood of distinct keys (memory stays bounded).
  it('holds at most defaultMaxKeys records and defaultMaxBytes of them under a flood of distinct keys', async () => {
    const store = createMemoryStore({ clock: () => 0, limit, windowMs });
    const small = 'v';
    for (let i = 0; i < defaultMaxKeys + 5_000; i++) await store.kv.set(`idempotency:v1:${i}`, small, 86_400_000);
    expect(store.size().kv).toBeLessThanOrEqual(defaultMaxKeys);
    // Idempotent answers of a few KB each: the byte bound comes first.
    const answer = JSON.stringify({ results: Array.from({ length: 20 }, (_, i) => ({ ok: true, excerpt: 'x'.repeat(200), i })) });
    for (let i = 0; i < 10_000; i++) {
      await store.kv.set(`job:v1:${i}`, answer, 3_600_000);
      if (i % 500 === 0) expect(store.bytes()).toBeLessThanOrEqual(defaultMaxBytes);
    }
    expect(store.bytes()).toBeLessThanOrEqual(defaultMaxBytes);
    expect(store.size().kv).toBeLessThanOrEqual(defaultMaxKeys);
    expect(await store.kv.get('job:v1:9999')).toBe(answer);
    store.close();
  });

  it('refuses a record larger than the whole byte budget instead of emptying the store for it', async () => {
    const store = createMemoryStore({ clock: () => 0, limit, windowMs, maxBytes: 10_000 });
    await store.kv.set('kept', 'v', 60_000);
    await expect(store.kv.set('huge', 'x'.repeat(10_000), 60_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await store.kv.get('kept')).toBe('v');
    store.close();
  });

  it('sweeps expired entries periodically', async () => {
    const time = useFakeTime();
    let now = 0;
    const store = createMemoryStore({ clock: () => now, limit, windowMs: 1000, sweepIntervalMs: 20 });
    await store.kv.set('a', 'v', 10);
    await store.limiter.limit('ip');
    now = 5000;
    await time.advance(19);
    expect(store.size()).toEqual({ kv: 1, limiter: 1 });
    await time.advance(1);
    expect(store.size()).toEqual({ kv: 0, limiter: 0 });
    store.close();
  });
});

describe('Upstash adapter: in-process map of blocked clients', () => {
  it('holds at most its bound under a flood of distinct keys, dropping the oldest', () => {
    const blocked = new BoundedMap<string, number>(1_000);
    for (let i = 0; i < 100_000; i++) blocked.set(`10.0.${i >> 8}.${i & 255}`, i);
    expect(blocked.size).toBe(1_000);
    expect(blocked.has('10.0.0.0')).toBe(false);
    expect(blocked.get(`10.0.${99_999 >> 8}.${99_999 & 255}`)).toBe(99_999);
  });
});
