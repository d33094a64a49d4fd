import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios, startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { client, type HttpResult } from '../helpers/http';
import { startNextServer, type RunningServer } from '../helpers/next-server';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

// The Redis adapter over real HTTP (the rate limit, spec "Limits"; the
// idempotency memory and jobs): `next start` with UPSTASH_REDIS_REST_*
// pointing at a bridge over a real redis-server, which is stopped mid-run
// and started again. These tests check what the server answers; how long
// it takes with Redis down or stalled is a figure of `npm run bench`
// (scripts/bench/latency-figures.mjs).
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
    // A limiter call that Redis does not answer within 250 ms (a busy machine) is let through with a
    // full window (remaining = limit); a pair in which Redis answered both, in one window, shows the count.
    const counted = (res: HttpResult) => Number(res.headers['ratelimit-remaining']) < Number(res.headers['ratelimit-limit']);
    let pair: [HttpResult, HttpResult] | undefined;
    for (let attempt = 0; attempt < 20 && !pair; attempt += 1) {
      const first = await get('/v1/rooms');
      const second = await get('/v1/rooms');
      expect([first.status, second.status]).toEqual([200, 200]);
      const sameWindow = Number(second.headers['ratelimit-reset']) <= Number(first.headers['ratelimit-reset']);
      if (counted(first) && counted(second) && sameWindow) pair = [first, second];
    }
    expect(pair, 'two requests counted by Redis in one window').toBeDefined();
    expect(Number(pair![1].headers['ratelimit-remaining'])).toBe(Number(pair![0].headers['ratelimit-remaining']) - 1);
  });

  it('50 concurrent batches with one key execute once; a retry replays the same bytes', async () => {
    const key = `redis-burst-${Date.now()}`;
    const body = { operations: [{ kind: 'search', q: 'display arrangement' }, { kind: 'install', desktop: 'minimal' }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => batch(key, body)));
    const executed = answers.filter((res) => res.status === 200 && res.headers['idempotency-replayed'] === undefined);
    expect(executed).toHaveLength(1);
    // A store call Redis did not answer in time (a busy machine) is 503 store_unavailable, nothing run;
    // its client retries with the same key, as the problem says, and gets the executed answer back.
    const others = await Promise.all(
      answers
        .filter((res) => res !== executed[0])
        .map(async (res) => {
          if (res.status !== 503) return res;
          expect(res.json()).toMatchObject({ code: 'store_unavailable' });
          return batch(key, body);
        }),
    );
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
// the client's retry, which was told nothing ran.
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
  }, 30_000);
});

// The deadline holds when the limiter and the store are slow too (Redis
// stalled: the limiter fails open after 250 ms, a store read would wait its
// 1 s timeout) and the code host hangs: each request still gets its 502 or
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
