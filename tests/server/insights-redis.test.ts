import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCodeHost, type FakeCodeHost } from '../helpers/fake-code-host';
import { client } from '../helpers/http';
import { serverStoreTimeoutMs } from '../helpers/patience';
import { startNextServer, type RunningServer } from '../helpers/next-server';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

/**
 * Search insights on one Redis shared by two `next start` instances (Docs
 * "Search insights"): both add to the same counts, an instance started
 * again loses nothing, and after the run no key or value of the whole
 * keyspace holds a client address or a user agent.
 */
const token = 'insights-redis-token-0123456789';
const userAgent = 'InsightsProbe/9.9 (privacy check)';
let redis: RedisServer;
let bridge: UpstashBridge;
let fake: FakeCodeHost;
const servers: RunningServer[] = [];

async function start(): Promise<RunningServer> {
  return startNextServer({
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_RAW_URL: fake.rawUrl,
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_TIMEOUT_MS: String(serverStoreTimeoutMs),
    STORE_TIMEOUT_MS: String(serverStoreTimeoutMs),
    INSIGHTS_TOKEN: token,
  });
}

beforeAll(async () => {
  redis = await startRedisServer();
  bridge = await startUpstashBridge({ redisPort: redis.port, token: 'insights-redis-bridge' });
  fake = await startFakeCodeHost();
  servers.push(...(await Promise.all([start(), start()])));
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await fake?.close();
  await bridge?.close();
  await redis?.stop();
});

const addresses = ['127.0.0.121', '127.0.0.122', '127.0.0.123'];
const headers = { 'user-agent': userAgent };

interface Report {
  perDay: { doors: Record<string, number> }[];
  searches: { query: string; count: number; clients: number; doors: Record<string, number> }[];
  feedback: { page: string; helpful: number; notHelpful: number; comments: string[] }[];
}

async function report(server: RunningServer, searches: number): Promise<Report> {
  for (;;) {
    const answer = (await client(server.url, '127.0.0.129')('/insights.json?days=1', { headers: { authorization: `Bearer ${token}` } })).json<Report>();
    const total = answer.perDay.reduce((sum, day) => sum + Object.values(day.doors).reduce((a, b) => a + b, 0), 0);
    if (total >= searches) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('insights on a shared Redis', () => {
  it('two instances add to the same counts, and either reads them', async () => {
    for (const [at, address] of addresses.entries()) {
      const send = client(servers[at % 2]!.url, address);
      expect((await send('/v1/search?q=wallpaper', { headers })).status).toBe(200);
      expect((await client(servers[(at + 1) % 2]!.url, address)('/api/docs-search?query=wallpaper', { headers })).status).toBe(200);
    }
    const vote = (server: RunningServer, address: string, helpful: boolean) =>
      client(server.url, address)('/api/feedback', { method: 'POST', headers, body: { page: '/docs/install', helpful, comment: helpful ? undefined : 'Wanted the uninstall steps' } });
    expect((await vote(servers[0]!, addresses[0]!, false)).status).toBe(200);
    // The same client on the other instance: its second vote replaces the first.
    expect((await vote(servers[1]!, addresses[0]!, true)).status).toBe(200);
    expect((await vote(servers[1]!, addresses[1]!, false)).status).toBe(200);
    for (const server of servers) {
      const read = await report(server, 6);
      expect(read.searches).toEqual([expect.objectContaining({ query: 'wallpaper', count: 6, clients: 3, doors: { v1: 3, dialog: 3 } })]);
      expect(read.feedback).toEqual([{ page: '/docs/install', helpful: 1, notHelpful: 1, comments: ['Wanted the uninstall steps'] }]);
    }
  });

  it('an instance started again loses nothing', async () => {
    await servers[0]!.stop();
    servers[0] = await start();
    const read = await report(servers[0]!, 6);
    expect(read.searches[0]).toMatchObject({ query: 'wallpaper', count: 6, clients: 3 });
    expect(read.feedback[0]).toMatchObject({ helpful: 1, notHelpful: 1 });
  });

  it('no key or value of the whole keyspace holds a client address or a user agent', async () => {
    const direct = new Redis({ url: bridge.url, token: bridge.token, automaticDeserialization: false });
    const keys = await direct.keys('*');
    expect(keys.some((key) => key.startsWith('svc:ins:'))).toBe(true);
    const seen: string[] = [...keys];
    for (const key of keys) {
      const type = await direct.type(key);
      if (type === 'string') seen.push(String(await direct.get(key)));
      else if (type === 'hash') seen.push(JSON.stringify(await direct.hgetall(key)));
      else if (type === 'list') seen.push(JSON.stringify(await direct.lrange(key, 0, -1)));
      else if (type === 'zset') seen.push(JSON.stringify(await direct.zrange(key, 0, -1, { withScores: true })));
      else if (type === 'set') seen.push(JSON.stringify(await direct.smembers(key)));
    }
    const everything = seen.join('\n');
    for (const address of [...addresses, '127.0.0.129', '127.0.0.1']) expect(everything).not.toContain(address);
    expect(everything).not.toContain('InsightsProbe');
    expect(everything).not.toMatch(/undici|node-fetch|Mozilla/);
  });
});
