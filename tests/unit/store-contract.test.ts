import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '@/lib/store/memory-store';
import type { Store } from '@/lib/store/types';
import { createUpstashStore } from '@/lib/store/upstash-store';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { patientMs } from '../helpers/patience';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

/**
 * One contract, run against both adapters (lib/store/types.ts). Limits from
 * the spec's "Limits" table: 600 requests per minute, integer
 * RateLimit-Remaining and RateLimit-Reset.
 */
interface Harness {
  store: Store;
  /** Lets `ms` pass: the fake clock for memory, real waiting for Redis. */
  advance(ms: number): Promise<void>;
  /** Waits, if needed, so that most of a fixed window lies ahead. */
  freshWindow(windowMs: number): Promise<void>;
}

type MakeStore = (options: { limit: number; windowMs: number }) => Harness;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const uniqueKey = (label: string) => `${label}-${randomUUID()}`;

function describeStoreContract(name: string, makeStore: MakeStore): void {
  describe(`store contract: ${name}`, () => {
    describe('rate limiter', () => {
      it('counts requests per key, with integer remaining and reset', async () => {
        const { store, freshWindow } = makeStore({ limit: 600, windowMs: 60_000 });
        await freshWindow(60_000);
        const key = uniqueKey('ip');
        const first = await store.limiter.limit(key);
        expect(first).toMatchObject({ allowed: true, limit: 600, remaining: 599 });
        expect(Number.isInteger(first.resetSeconds)).toBe(true);
        expect(first.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(first.resetSeconds).toBeLessThanOrEqual(60);
        const second = await store.limiter.limit(key);
        expect(second).toMatchObject({ allowed: true, remaining: 598 });
      });

      it('denies the 601st request in a window; other keys are independent', async () => {
        const { store, freshWindow } = makeStore({ limit: 600, windowMs: 60_000 });
        await freshWindow(60_000);
        const key = uniqueKey('ip');
        const remaining: number[] = [];
        for (let batch = 0; batch < 6; batch++) {
          const decisions = await Promise.all(Array.from({ length: 100 }, () => store.limiter.limit(key)));
          for (const decision of decisions) {
            expect(decision.allowed).toBe(true);
            remaining.push(decision.remaining);
          }
        }
        expect(remaining.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 600 }, (_, i) => i));

        const denied = await store.limiter.limit(key);
        expect(denied).toMatchObject({ allowed: false, limit: 600, remaining: 0 });
        expect(Number.isInteger(denied.resetSeconds)).toBe(true);
        expect(denied.resetSeconds).toBeGreaterThanOrEqual(1);
        expect((await store.limiter.limit(key)).remaining).toBe(0); // never negative

        const other = await store.limiter.limit(uniqueKey('other-ip'));
        expect(other).toMatchObject({ allowed: true, remaining: 599 });
      });

      it('starts a new count when the window turns', async () => {
        // Against Redis the window turns by real time: three calls must land in the 4 s freshWindow
        // leaves, a bound no loopback round trip reaches on a busy machine.
        const windowMs = 5000;
        const { store, advance, freshWindow } = makeStore({ limit: 2, windowMs });
        await freshWindow(windowMs);
        const key = uniqueKey('ip');
        expect((await store.limiter.limit(key)).allowed).toBe(true);
        expect((await store.limiter.limit(key)).allowed).toBe(true);
        const denied = await store.limiter.limit(key);
        expect(denied).toMatchObject({ allowed: false, remaining: 0 });
        expect(Number.isInteger(denied.resetSeconds)).toBe(true);
        expect(denied.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(denied.resetSeconds).toBeLessThanOrEqual(windowMs / 1000);
        await advance(windowMs);
        expect(await store.limiter.limit(key)).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
      });
    });

    describe('key-value store', () => {
      it('gets what was set, null for a missing key, and replaces on set', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('record');
        expect(await store.kv.get(key)).toBeNull();
        await store.kv.set(key, 'first', 60_000);
        expect(await store.kv.get(key)).toBe('first');
        await store.kv.set(key, 'second', 60_000);
        expect(await store.kv.get(key)).toBe('second');
      });

      it('returns values exactly as stored (no JSON or encoding surprises)', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        for (const value of ['42', '{"ok":true,"n":[1,2]}', 'OK', 'null', '', 'déjà vu ✓ 🚀', 'line\r\nbreak']) {
          const key = uniqueKey('value');
          await store.kv.set(key, value, 60_000);
          expect(await store.kv.get(key)).toBe(value);
        }
      });

      it('expires a record after its ttl, and only that record', async () => {
        // A slow machine only lengthens the wait; nothing here needs a step to be quick.
        const { store, advance } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('short');
        const kept = uniqueKey('long');
        await store.kv.set(key, 'v', 400);
        await store.kv.set(kept, 'w', 60_000);
        await advance(450);
        expect(await store.kv.get(key)).toBeNull();
        expect(await store.kv.get(kept)).toBe('w');
      });

      it('setIfAbsent is atomic: exactly one of 50 concurrent calls wins', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('idempotency');
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => store.kv.setIfAbsent(key, `writer-${i}`, 60_000)),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.kv.get(key)).toBe(`writer-${results.indexOf(true)}`);
        expect(await store.kv.setIfAbsent(key, 'late', 60_000)).toBe(false);
      });

      it('setIfAbsent succeeds again once the record expired', async () => {
        const { store, advance } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('expiring');
        const held = uniqueKey('held');
        expect(await store.kv.setIfAbsent(key, 'a', 200)).toBe(true);
        expect(await store.kv.setIfAbsent(held, 'a', 60_000)).toBe(true);
        expect(await store.kv.setIfAbsent(held, 'b', 60_000)).toBe(false);
        await advance(300);
        expect(await store.kv.setIfAbsent(held, 'b', 60_000)).toBe(false);
        // The new record outlives the read below however slow the machine (real time against Redis).
        expect(await store.kv.setIfAbsent(key, 'c', 60_000)).toBe(true);
        expect(await store.kv.get(key)).toBe('c');
      });

      it('deletes a record; deleting a missing key is fine', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('deleted');
        await store.kv.set(key, 'v', 60_000);
        await store.kv.delete(key);
        expect(await store.kv.get(key)).toBeNull();
        await expect(store.kv.delete(key)).resolves.toBeUndefined();
        expect(await store.kv.setIfAbsent(key, 'again', 60_000)).toBe(true);
      });

      it('replaceIf replaces or deletes only an expected value (null = absent)', async () => {
        const { store, advance } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('conditional');
        expect(await store.kv.replaceIf(key, ['a'], { value: 'b', ttlMs: 60_000 })).toBe(false);
        expect(await store.kv.get(key)).toBeNull();
        expect(await store.kv.replaceIf(key, [null, 'x'], { value: 'a', ttlMs: 60_000 })).toBe(true);
        expect(await store.kv.get(key)).toBe('a');
        expect(await store.kv.replaceIf(key, [null], { value: 'c', ttlMs: 60_000 })).toBe(false);
        expect(await store.kv.replaceIf(key, ['x', 'a'], { value: 'b', ttlMs: 60_000 })).toBe(true);
        expect(await store.kv.get(key)).toBe('b');
        expect(await store.kv.replaceIf(key, ['a'], null)).toBe(false);
        expect(await store.kv.replaceIf(key, ['b'], null)).toBe(true);
        expect(await store.kv.get(key)).toBeNull();
        // The new value carries its own expiry.
        expect(await store.kv.replaceIf(key, [null], { value: 'd', ttlMs: 300 })).toBe(true);
        await advance(400);
        expect(await store.kv.get(key)).toBeNull();
      });

      it('replaceIf is atomic: exactly one of 50 concurrent swaps of one value wins', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const key = uniqueKey('swap');
        await store.kv.set(key, 'tombstone', 60_000);
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => store.kv.replaceIf(key, ['tombstone'], { value: `taker-${i}`, ttlMs: 60_000 })),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await store.kv.get(key)).toBe(`taker-${results.indexOf(true)}`);
      });

      it('rejects a ttl that is not a positive number', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        await expect(store.kv.set(uniqueKey('ttl'), 'v', 0)).rejects.toBeInstanceOf(RangeError);
        await expect(store.kv.setIfAbsent(uniqueKey('ttl'), 'v', Number.NaN)).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe('insights (lib/store/insights-store.ts)', () => {
      const limits = { keepMs: 86_400_000, dayMs: 3_600_000, maxEntries: 3 };
      const search = (query: string, door: string, client: string, results = 2) =>
        ({ kind: 'search', door, query, results, hit: results ? `/docs/x#${query}` : '', weak: false, client }) as const;

      it('counts searches per door and query, and distinct clients per query, across days', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const [day, next] = [uniqueKey('day'), uniqueKey('day')];
        for (const client of ['a', 'b', 'b']) await store.insights.add(day, search('glow', 'v1', client), limits);
        await store.insights.add(day, search('glow', 'mcp', 'c'), limits);
        await store.insights.add(day, { ...search('glow', 'dialog', 'a', 0) }, limits);
        await store.insights.add(next, search('glow', 'v1', 'd'), limits);
        await store.insights.add(day, { kind: 'click', query: 'glow', rank: 2 }, limits);
        const read = await store.insights.readDay(day);
        expect(read.searches).toEqual({ v1: 3, mcp: 1, dialog: 1 });
        // The latest search's results and hit; every door's count.
        expect(read.queries.glow).toEqual({ count: 5, doors: { v1: 3, mcp: 1, dialog: 1 }, results: 0, hit: '', weak: false, clicks: 1 });
        expect(read.clicksByRank).toEqual({ 2: 1 });
        expect(await store.insights.clients([day], 'glow')).toBe(3);
        expect(await store.insights.clients([day, next], 'glow')).toBe(4);
        expect(await store.insights.clients([uniqueKey('day')], 'glow')).toBe(0);
      });

      it('keeps at most maxEntries queries a day: a one-off makes room, else the new one is "other"', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const day = uniqueKey('day');
        for (const query of ['a', 'a', 'b', 'b', 'c']) await store.insights.add(day, search(query, 'v1', 'x'), limits);
        await store.insights.add(day, search('d', 'v1', 'x'), limits);
        let read = await store.insights.readDay(day);
        expect(Object.keys(read.queries).sort()).toEqual(['a', 'b', 'd']);
        expect(read.otherQueries).toBe(1);
        expect(await store.insights.clients([day], 'c')).toBe(0);
        await store.insights.add(day, search('d', 'v1', 'x'), limits);
        await store.insights.add(day, search('e', 'v1', 'x'), limits);
        read = await store.insights.readDay(day);
        expect(Object.keys(read.queries).sort()).toEqual(['a', 'b', 'd']);
        expect(read.otherQueries).toBe(2);
        expect(read.searches).toEqual({ v1: 8 });
      });

      it('keeps one vote per client, page and day: a second replaces the first, its comment too', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const day = uniqueKey('day');
        const vote = (helpful: boolean, comment: string, client: string) => ({ kind: 'vote', page: '/docs/install', helpful, comment, client }) as const;
        await store.insights.add(day, vote(false, 'too short', 'a'), limits);
        await store.insights.add(day, vote(true, '', 'b'), limits);
        expect((await store.insights.readDay(day)).feedback['/docs/install']).toEqual({ helpful: 1, notHelpful: 1, comments: ['too short'] });
        await store.insights.add(day, vote(true, 'found it after all', 'a'), limits);
        expect((await store.insights.readDay(day)).feedback['/docs/install']).toEqual({ helpful: 2, notHelpful: 0, comments: ['found it after all'] });
      });

      it('counts reads per page and door, bounded like queries', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const day = uniqueKey('day');
        for (const [page, door] of [['/docs/a', 'twin'], ['/docs/a', 'mcp'], ['/docs/b#x', 'mcp'], ['/docs/c', 'twin'], ['/docs/d', 'twin']]) {
          await store.insights.add(day, { kind: 'read', door: door!, page: page! }, limits);
        }
        const read = await store.insights.readDay(day);
        expect(read.reads).toEqual({ '/docs/a': { count: 2, doors: { twin: 1, mcp: 1 } }, '/docs/b#x': { count: 1, doors: { mcp: 1 } }, '/docs/c': { count: 1, doors: { twin: 1 } } });
        expect(read.otherReads).toBe(1);
      });

      it('keeps a query or page named like a property of every object as plain text, touching no prototype', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const day = uniqueKey('day');
        const big = { ...limits, maxEntries: 100 };
        for (const word of ['__proto__', 'constructor', 'toString']) {
          await store.insights.add(day, search(word, 'v1', 'a'), big);
          await store.insights.add(day, { kind: 'read', door: 'twin', page: word }, big);
          await store.insights.add(day, { kind: 'vote', page: word, helpful: true, comment: word, client: 'a' }, big);
        }
        const read = await store.insights.readDay(day);
        expect(Object.keys(read.queries).sort()).toEqual(['__proto__', 'constructor', 'toString']);
        expect(read.queries['__proto__']).toMatchObject({ count: 1, doors: { v1: 1 } });
        expect(Object.keys(read.reads).sort()).toEqual(['__proto__', 'constructor', 'toString']);
        expect(Object.keys(read.feedback).sort()).toEqual(['__proto__', 'constructor', 'toString']);
        expect(({} as Record<string, unknown>).count).toBeUndefined();
        expect(({} as Record<string, unknown>).doors).toBeUndefined();
      });

      it('gives every caller the same salt for a day, another for another day', async () => {
        const { store } = makeStore({ limit: 600, windowMs: 60_000 });
        const day = uniqueKey('day');
        const [first, second] = await Promise.all([store.insights.daySalt(day, 60_000), store.insights.daySalt(day, 60_000)]);
        expect(first).toBe(second);
        expect(first.length).toBeGreaterThanOrEqual(32);
        expect(await store.insights.daySalt(uniqueKey('day'), 60_000)).not.toBe(first);
      });
    });
  });
}

// --- memory: a fake clock ----------------------------------------------------

describe('memory store expiry, to the millisecond of its clock', () => {
  it('keeps a record until its ttl has passed, and not a millisecond longer', async () => {
    let now = 1_000;
    const store = createMemoryStore({ clock: () => now, limit: 1, windowMs: 60_000 });
    await store.kv.set('k', 'v', 400);
    now += 399;
    expect(await store.kv.get('k')).toBe('v');
    now += 1;
    expect(await store.kv.get('k')).toBeNull();
    store.close();
  });
});

describeStoreContract('memory', ({ limit, windowMs }) => {
  let now = Date.UTC(2030, 0, 1, 0, 0, 17, 345);
  const store = createMemoryStore({ clock: () => now, limit, windowMs });
  return {
    store,
    advance: async (ms) => {
      now += ms;
    },
    freshWindow: async (size) => {
      now = Math.ceil(now / size) * size + 1;
    },
  };
});

// --- upstash: real redis-server behind the REST bridge, real time ------------

let redis: RedisServer;
let bridge: UpstashBridge;

beforeAll(async () => {
  redis = await startRedisServer();
  bridge = await startUpstashBridge({ redisPort: redis.port, token: 'contract-token' });
});

afterAll(async () => {
  await bridge?.close();
  await redis?.stop();
});

describeStoreContract('upstash', ({ limit, windowMs }) => ({
  // Timeouts no busy machine reaches: this suite checks semantics; store-faults checks the timeouts.
  store: createUpstashStore({
    url: bridge.url,
    token: bridge.token,
    limit,
    windowMs,
    timeoutMs: patientMs,
    kvTimeoutMs: patientMs,
  }),
  advance: sleep,
  // @upstash/ratelimit aligns windows to the epoch (Date.now()), as the memory store does.
  freshWindow: async (size) => {
    const left = size - (Date.now() % size);
    if (left < Math.min(size * 0.8, 5_000)) await sleep(left + 5);
  },
}));
