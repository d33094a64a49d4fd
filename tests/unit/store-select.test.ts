import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/lib/env';
import { createStore } from '@/lib/store';
import type { Log } from '@/lib/platform/log';
import { track, useFakeTime } from '../helpers/fake-time';
import { patientMs } from '../helpers/patience';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

function recorder() {
  const lines: { level: string; message: string }[] = [];
  const log: Log = (level, message) => lines.push({ level, message });
  return { lines, log };
}

const upstash = { UPSTASH_REDIS_REST_URL: 'https://example.upstash.io', UPSTASH_REDIS_REST_TOKEN: 'token' };
const vercelKv = { KV_REST_API_URL: 'https://kv.example.upstash.io', KV_REST_API_TOKEN: 'token' };

describe('createStore picks its adapter from the environment', () => {
  it.each([
    ['no Redis variables', {}, 'memory'],
    ['UPSTASH_REDIS_REST_URL and _TOKEN', upstash, 'upstash'],
    ['KV_REST_API_URL and _TOKEN (Vercel KV)', vercelKv, 'upstash'],
    ['both sets', { ...upstash, ...vercelKv }, 'upstash'],
    ['empty values', { UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '' }, 'memory'],
  ] as const)('%s → %s', (_, source, kind) => {
    const { lines, log } = recorder();
    expect(createStore(parseEnv(source), { log }).kind).toBe(kind);
    expect(lines).toHaveLength(0);
  });

  it('warns once, clearly, on Vercel without Redis', () => {
    const { lines, log } = recorder();
    const store = createStore(parseEnv({ VERCEL: '1' }), { log });
    expect(store.kind).toBe('memory');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.message).toMatch(/per instance/);
    expect(lines[0]!.message).toMatch(/UPSTASH_REDIS_REST_URL/);
  });

  it('does not warn on Vercel with Redis', () => {
    const { lines, log } = recorder();
    expect(createStore(parseEnv({ VERCEL: '1', ...vercelKv }), { log }).kind).toBe('upstash');
    expect(lines).toHaveLength(0);
  });

  it('applies RATE_LIMIT_PER_MINUTE', async () => {
    const { log } = recorder();
    const store = createStore(parseEnv({ RATE_LIMIT_PER_MINUTE: '3' }), { log, clock: () => 0 });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await store.limiter.limit('ip'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[0]).toMatchObject({ limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('wraps the Redis limiter so that it fails open', async () => {
    const { lines, log } = recorder();
    // Nothing listens on port 9 of loopback (discard), so every request fails.
    const store = createStore(
      parseEnv({ UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:9', UPSTASH_REDIS_REST_TOKEN: 'token' }),
      { log },
    );
    // When it lets a request through is checked on fake timers (tests/unit/store-faults.test.ts).
    expect(await store.limiter.limit('ip')).toMatchObject({ allowed: true, limit: 600, remaining: 600 });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('fail open') })]);
  });
});

describe('createStore takes its Redis timeouts from the environment', () => {
  // A host that takes every request and never answers: only a timer can end the wait.
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails open exactly at RATE_LIMIT_TIMEOUT_MS', async () => {
    const time = useFakeTime();
    const { lines, log } = recorder();
    const store = createStore(parseEnv({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: 'token', RATE_LIMIT_TIMEOUT_MS: '400' }), { log });
    const decision = track(store.limiter.limit('ip'));
    await time.advance(399);
    expect(decision.settled).toBe(false);
    await time.advance(1);
    expect(decision.value).toMatchObject({ allowed: true, remaining: 600 });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('fail open') })]);
  });

  it('ends a key-value call at STORE_TIMEOUT_MS', async () => {
    // The client's own per-request signal (real time): nothing can answer, so nothing races it.
    const store = createStore(parseEnv({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: 'token', STORE_TIMEOUT_MS: '50' }), { log: () => undefined });
    await expect(store.kv.get('k')).rejects.toThrow('no answer within 50 ms');
  });
});

describe('createStore talks to the configured Redis', () => {
  let redis: RedisServer;
  let bridge: UpstashBridge;

  beforeAll(async () => {
    redis = await startRedisServer();
    bridge = await startUpstashBridge({ redisPort: redis.port, token: 'select-token' });
  });

  afterAll(async () => {
    await bridge?.close();
    await redis?.stop();
  });

  it.each(['UPSTASH_REDIS_REST', 'KV_REST_API'])('through %s_URL and _TOKEN', async (prefix) => {
    const { lines, log } = recorder();
    const env =
      prefix === 'KV_REST_API'
        ? { KV_REST_API_URL: bridge.url, KV_REST_API_TOKEN: bridge.token }
        : { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
    // Timeouts no busy machine reaches: the answers must come from Redis, not from a timer.
    const patient = { RATE_LIMIT_TIMEOUT_MS: String(patientMs), STORE_TIMEOUT_MS: String(patientMs) };
    const store = createStore(parseEnv({ ...env, ...patient }), { log });
    const key = `select-${randomUUID()}`;
    await store.kv.set(key, prefix, 60_000);
    expect(await store.kv.get(key)).toBe(prefix);
    expect(await store.limiter.limit(key)).toMatchObject({ allowed: true, remaining: 599 });
    expect(await store.limiter.limit(key)).toMatchObject({ allowed: true, remaining: 598 });
    expect(lines).toHaveLength(0);
  });
});
