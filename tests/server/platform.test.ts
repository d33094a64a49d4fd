import { describe, expect, inject, it } from 'vitest';
import { client, http } from '../helpers/http';
import { allProblemCodes } from '@/lib/http/problem-codes';

// Spec "Errors", "Limits" and "Authentication", over real HTTP against
// `next start`. Each file sends from its own loopback address, so its
// rate-limit window is its own.
const base = inject('baseUrl');
const get = client(base, '127.0.0.11');

const problemKeys = ['type', 'title', 'status', 'detail', 'code'];

describe('errors are problem+json', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])('%s on a path nothing answers → 404 not_found', async (method) => {
    const res = await get('/no/such/thing', { method });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json<Record<string, unknown>>();
    expect(Object.keys(problem)).toEqual(expect.arrayContaining(problemKeys));
    expect(problem).toMatchObject({ code: 'not_found', status: 404, type: '/problems/not_found' });
  });

  it('unknown /v1 paths are 404 problems and still carry the rate-limit headers', async () => {
    const res = await get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.headers['ratelimit-limit']).toBe('600');
  });

  it('a browser asking for a missing page gets the site 404 page', async () => {
    const res = await get('/no/such/page', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Page not found');
  });

  it.each([
    ['POST', '/llms.txt', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/openapi.json', 'GET, HEAD, OPTIONS'],
    ['POST', '/docs', 'GET, HEAD, OPTIONS'],
    ['PUT', '/', 'GET, HEAD, OPTIONS'],
    ['POST', '/hacker.sh', 'GET, HEAD, OPTIONS'],
  ])('%s %s → 405 method_not_allowed with Allow', async (method, path, allow) => {
    const res = await get(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });

  it('every problem type resolves to a page and its markdown twin', async () => {
    for (const code of allProblemCodes) {
      const page = await get(`/problems/${code}`);
      expect(page.status, code).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const twin = await get(`/problems/${code}.md`);
      expect(twin.status, code).toBe(200);
      expect(twin.headers['content-type']).toMatch(/^text\/markdown/);
      expect(twin.body).toContain(`\`${code}\``);
    }
    expect((await get('/problems/no_such_code')).status).toBe(404);
  });
});

describe('rate limit', () => {
  it('carries integer RateLimit headers and the IETF draft fields on JSON reads', async () => {
    const res = await get('/api/search');
    expect(res.status).toBe(200);
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      expect(res.headers[name], name).toMatch(/^\d+$/);
    }
    expect(res.headers['ratelimit-policy']).toBe('"default";q=600;w=60');
    expect(res.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  it('counts one window per client across endpoints; X-Forwarded-For does not escape it; 429 has Retry-After', async () => {
    const send = client(base, '127.0.0.12');
    // Spoofed forwarding headers and alternating endpoints share the window.
    const paths = ['/api/search', '/v1/nope', '/openapi.json'];
    const remaining = (res: { headers: Record<string, string> }) => Number(res.headers['ratelimit-remaining']);
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    // Spend the window down to 0, then one more request is refused. A window
    // that ends while the test runs (a slow machine) starts the count again:
    // spend that one too.
    for (let attempt = 0; attempt < 3 && limited?.status !== 429; attempt += 1) {
      let last = await send('/api/search', { method: 'HEAD' });
      for (let i = 0; remaining(last) > 0; i += 1) {
        last = await send(paths[i % 2]!, { method: 'HEAD', headers: { 'x-forwarded-for': `203.0.113.${i % 250}`, 'x-real-ip': '198.51.100.7' } });
      }
      expect(remaining(last)).toBe(0);
      limited = await send('/api/search', { headers: { 'x-forwarded-for': '192.0.2.99' } });
    }
    expect(limited!.status).toBe(429);
    expect(limited!.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited!.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(limited!.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited!.headers['ratelimit-remaining']).toBe('0');
    // Another client is unaffected.
    const other = await client(base, '127.0.0.13')('/api/search', { method: 'HEAD' });
    expect(other.status).toBe(200);
  }, 60_000);
});

describe('signature directory', () => {
  it('serves the installed public key', async () => {
    const res = await http(`${base}/.well-known/http-message-signatures-directory`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/http-message-signatures-directory\+json/);
    const { keys } = res.json<{ keys: Array<{ x: string }> }>();
    expect(keys).toHaveLength(1);
    expect(JSON.parse(inject('signingPublicJwk')).x).toBe(keys[0]!.x);
  });
});
