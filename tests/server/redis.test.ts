import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { client, type HttpResult } from '../helpers/http';
import { serverStoreTimeoutMs } from '../helpers/patience';
import { startNextServer, type RunningServer } from '../helpers/next-server';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

// The Redis adapter over real HTTP (the rate limit, spec "Limits"; the
// idempotency memory and jobs): `next start` with UPSTASH_REDIS_REST_*
// pointing at a bridge over a real redis-server, which is stopped mid-run
// and started again. These tests check what the server answers; how long
// it takes with Redis down or stalled is a figure of `npm run bench`
// (scripts/bench/latency-figures.mjs), and the production timeouts (250 ms,
// 1 s) are tested in tests/unit/store-faults.test.ts. Here the server's store
// timeouts are ones no busy machine reaches (serverStoreTimeoutMs), so an
// answer from Redis is never turned into a fail-open or a 503: only a Redis
// that is stopped (refused at once) or SIGSTOPped (no answer ever) is.
let redis: RedisServer;
let bridge: UpstashBridge;
let fake: FakeCodeHost;
let server: RunningServer;
let get: ReturnType<typeof client>;

beforeAll(async () => {
  redis = await startRedisServer();
  bridge = await startUpstashBridge({ redisPort: redis.port, token: 'redis-suite-token' });
  fake = await startFakeCodeHost();
  server = await startNextServer({
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_RAW_URL: fake.rawUrl,
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_TIMEOUT_MS: String(serverStoreTimeoutMs),
    STORE_TIMEOUT_MS: String(serverStoreTimeoutMs),
  });
  get = client(server.url, '127.0.0.61');
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await bridge?.close();
  await redis?.stop();
});

const batch = (key: string, body: object) => get('/v1/batch', { method: 'POST', headers: { 'idempotency-key': key }, body });
const expectProblem = (res: HttpResult, status: number, code: string) => {
  expect(res.status, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status, code });
};

describe('with the Upstash adapter over a real Redis', () => {
  it('counts the rate-limit window in Redis', async () => {
    const remaining = (res: HttpResult) => Number(res.headers['ratelimit-remaining']);
    const first = await get('/v1/rooms');
    const second = await get('/v1/rooms');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers['ratelimit-limit']).toBe('600');
    // Counted by Redis (a fail-open answer has the full window, 600 left) ...
    expect(remaining(first)).toBeLessThan(600);
    // ... one after the other, unless the minute's window turned between the two (then the second is a new window's first).
    const sameWindow = Number(second.headers['ratelimit-reset']) <= Number(first.headers['ratelimit-reset']);
    expect(remaining(second)).toBe(sameWindow ? remaining(first) - 1 : 599);
  });

  it('50 concurrent batches with one key execute once; a retry replays the same bytes', async () => {
    const key = `redis-burst-${Date.now()}`;
    const body = { operations: [{ kind: 'search', q: 'display arrangement' }, { kind: 'install', desktop: 'minimal' }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => batch(key, body)));
    const executed = answers.filter((res) => res.status === 200 && res.headers['idempotency-replayed'] === undefined);
    expect(executed).toHaveLength(1);
    const others = answers.filter((res) => res !== executed[0]);
    expect(others.filter((res) => res.status === 409 || res.headers['idempotency-replayed'] === 'true')).toHaveLength(49);
    const retry = await batch(key, body);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.body).toBe(executed[0]!.body);
  });

  it('runs jobs through Redis', async () => {
    const res = await get('/v1/jobs', { method: 'POST', body: { operations: [{ kind: 'install' }] } });
    expect(res.status).toBe(202);
    let job = res.json<{ status: string; url: string }>();
    // Until the job is done: the test's timeout is the only bound.
    while (job.status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await get(job.url)).json();
    }
    expect(job.status).toBe('done');
  });

  it('Redis down: reads fail open, idempotency and jobs answer 503 store_unavailable; back up: recovers without restart', async () => {
    const key = `redis-outage-${Date.now()}`;
    const body = { operations: [{ kind: 'install', desktop: 'hacker' }] };
    const jobBefore = (await get('/v1/jobs', { method: 'POST', body })).json<{ url: string }>();
    await redis.stop();

    const read = await get('/v1/rooms');
    expect(read.status).toBe(200);
    // Let through with a full window: the limiter failed open instead of counting.
    expect(read.headers['ratelimit-remaining']).toBe('600');
    expectProblem(await batch(key, body), 503, 'store_unavailable');
    expectProblem(await get('/v1/jobs', { method: 'POST', body }), 503, 'store_unavailable');
    expectProblem(await get(jobBefore.url), 503, 'store_unavailable');
    // Without a key a batch needs no store.
    expect((await get('/v1/batch', { method: 'POST', body })).status).toBe(200);

    await redis.start();
    const again = await batch(key, body);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect((await batch(key, body)).headers['idempotency-replayed']).toBe('true');
    const limited = await get('/v1/rooms');
    expect(limited.headers['ratelimit-limit']).toBe('600');
  }, 30_000);
});

// The claim of a batch that met a stalled Redis (SIGSTOP) sits in Redis's
// socket buffer and is executed on SIGCONT; it must not hold the key against
// the client's retry, which was told nothing ran. The stalled request waits
// out the limiter's and the store's timeouts (serverStoreTimeoutMs each).
describe('idempotency after a Redis stall', () => {
  it('503 during the stall; after resume the first retry with the same key runs, and the next one replays', async () => {
    const key = `redis-stall-${Date.now()}`;
    const body = { operations: [{ kind: 'install', desktop: 'everyday' }] };
    redis.pause();
    let stalled: HttpResult;
    try {
      stalled = await batch(key, body);
    } finally {
      redis.resume();
    }
    expectProblem(stalled, 503, 'store_unavailable');
    expect(stalled.json<{ detail: string }>().detail).toMatch(/nothing was executed.*same `Idempotency-Key`/);

    // The first retry runs: not 409 for the stalled claim's 30 s lease.
    const retry = await batch(key, body);
    expect(retry.status, retry.body).toBe(200);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();

    const replay = await batch(key, body);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toBe(retry.body);
  }, 60_000);
});

// The deadline holds when the limiter and the store are slow too (Redis
// stalled: the limiter fails open after its timeout, a store read would wait
// its own) and the code host hangs: each request still gets its 502 or
// fallback, and the server gives up on the upstream requests.
describe('a hanging code host while Redis is stalled', () => {
  it('releases, downloads and installers still answer their 502 or fallback, and abandon the upstream requests', async () => {
    const paths = ['/v1/releases/pounce', '/api/release/perch', '/download/perch', '/layer.sh?ref=v2030.06.01'];
    fake.reset();
    fake.setScenario('*', scenarios.hang);
    redis.pause();
    let answers: HttpResult[];
    try {
      answers = await Promise.all(paths.map((path) => get(path)));
    } finally {
      redis.resume();
    }
    try {
      expect(answers.map((res) => res.status)).toEqual([502, 502, 302, 502]);
      expect(answers[2]!.headers['cache-control']).toBe('no-store');
      expect(fake.requests.length).toBeGreaterThan(0);
      await expect.poll(() => fake.requests.filter((request) => !request.abandoned).map((request) => request.path), { timeout: 10_000 }).toEqual([]);
    } finally {
      fake.setScenario('*', scenarios.normal);
    }
  }, 60_000);
});
