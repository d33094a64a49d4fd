import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '@/lib/insights/insights';
import { createUpstashStore } from '@/lib/store/upstash-store';
import { patientMs } from '../helpers/patience';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startUpstashBridge, type UpstashBridge } from '../helpers/upstash-bridge';

/**
 * `npm run insights` (scripts/insights.mjs): the maintainers' report from
 * the configured store, in a terminal, as JSON or CSV; a clear exit 2
 * without a store or with a bad argument.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let redis: RedisServer;
let bridge: UpstashBridge;

beforeAll(async () => {
  redis = await startRedisServer();
  bridge = await startUpstashBridge({ redisPort: redis.port, token: 'cli-token' });
  const store = createUpstashStore({ url: bridge.url, token: bridge.token, limit: 600, windowMs: 60_000, timeoutMs: patientMs, kvTimeoutMs: patientMs });
  const limits = { keepMs: 86_400_000, dayMs: 3_600_000, maxEntries: 100 };
  for (const client of ['a', 'b', 'c']) {
    await store.insights.add(utcDay(Date.now()), { kind: 'search', door: 'mcp', query: 'rollback', results: 0, hit: '', weak: false, client }, limits);
  }
}, 60_000);
afterAll(async () => {
  await bridge?.close();
  await redis?.stop();
});

const insights = (args: string[], env: Record<string, string> = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token }) =>
  run(path.join(root, 'node_modules/.bin/node'), ['scripts/insights.mjs', ...args], { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env } });

describe('npm run insights', () => {
  it('prints the report as JSON and as CSV', async () => {
    const json = JSON.parse((await insights(['--days', '7'])).stdout) as { days: number; noResults: { query: string; clients: number }[] };
    expect(json.days).toBe(7);
    expect(json.noResults).toEqual([expect.objectContaining({ query: 'rollback', clients: 3, doors: { mcp: 3 } })]);
    const csv = (await insights(['--days', '1', '--format', 'csv'])).stdout;
    expect(csv.split('\r\n')[0]).toBe('query,count,clients,door_dialog,door_v1,door_batch,door_ask,door_mcp,door_a2a,door_twin,results,weak,clicks,first_hit');
    expect(csv).toContain('rollback,3,3,0,0,0,0,3,0,0,0,false,0,');
  });

  it('exits 2, saying why, without a store or with a bad argument', async () => {
    await expect(insights(['--days', '7'], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('No store to read') });
    await expect(insights(['--days', '5'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run insights') });
  });
});
