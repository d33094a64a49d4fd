import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, EnvError, parseEnv, publicOrigin, redisCredentials } from '@/lib/env';

// One parse at start, clear errors, and .env.example and the README's
// configuration table list exactly the variables lib/env.ts reads.
const documented = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]));
// VERCEL_* are set by the platform, not by operators.
const schemaKeys = Object.keys(envSchema.shape).filter((key) => !key.startsWith('VERCEL'));

describe('configuration', () => {
  it('applies defaults on an empty environment', () => {
    const env = parseEnv({});
    expect(env.GITHUB_API_URL).toBe('https://api.github.com');
    expect(env.GITHUB_RAW_URL).toBe('https://raw.githubusercontent.com');
    expect(env.TRUST_PROXY_HOPS).toBe(0);
    expect(env.RATE_LIMIT_PER_MINUTE).toBe(600);
    // The production timeouts of the Redis store; only the real-server tests raise them.
    expect(env.RATE_LIMIT_TIMEOUT_MS).toBe(250);
    expect(env.STORE_TIMEOUT_MS).toBe(1000);
    expect(redisCredentials(env)).toBeUndefined();
    expect(publicOrigin(env)).toBe('http://localhost:3000');
  });

  it('defaults the origin to this machine on the port the server listens on', () => {
    expect(publicOrigin(parseEnv({ PORT: '4000' }))).toBe('http://localhost:4000');
    expect(publicOrigin(parseEnv({ PORT: '' }))).toBe('http://localhost:3000');
    expect(publicOrigin(parseEnv({ PORT: '4000', SITE_URL: 'https://layer.example/' }))).toBe('https://layer.example');
    expect(publicOrigin(parseEnv({ PORT: '4000', VERCEL_PROJECT_PRODUCTION_URL: 'layer.vercel.app' }))).toBe('https://layer.vercel.app');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ GITHUB_API_URL: 'not a url' }, /GITHUB_API_URL/],
    [{ TRUST_PROXY_HOPS: '-1' }, /TRUST_PROXY_HOPS/],
    [{ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io' }, /must be set together/],
    [{ CURSOR_SECRET: 'short' }, /CURSOR_SECRET/],
    [{ RATE_LIMIT_TIMEOUT_MS: '0' }, /RATE_LIMIT_TIMEOUT_MS/],
    [{ STORE_TIMEOUT_MS: '1.5' }, /STORE_TIMEOUT_MS/],
  ])('rejects %o with a message naming the variable', (input, message) => {
    expect(() => parseEnv(input)).toThrow(EnvError);
    expect(() => parseEnv(input)).toThrow(message);
  });

  it('takes Vercel KV names when the Upstash ones are absent', () => {
    expect(redisCredentials(parseEnv({ KV_REST_API_URL: 'https://kv.example', KV_REST_API_TOKEN: 't' }))).toEqual({
      url: 'https://kv.example',
      token: 't',
    });
  });

  it('.env.example and the README list every variable', () => {
    expect(schemaKeys.length).toBeGreaterThan(8);
    const example = documented(readFileSync('.env.example', 'utf8'), /^([A-Z_]+)=/gm);
    const readme = documented(readFileSync('README.md', 'utf8'), /^\| `([A-Z_]+)` \|/gm);
    expect([...example].sort()).toEqual([...schemaKeys].sort());
    expect([...readme].sort()).toEqual([...schemaKeys].sort());
  });
});
