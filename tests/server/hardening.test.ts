import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { fileCount, repoRoot } from '../helpers/next-server';

// Hardening against hostile or malformed requests, over real HTTP against
// `next start`.
const base = inject('baseUrl');
const get = client(base, '127.0.0.81');
const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function isProblem(res: { status: number; headers: Record<string, string>; body: string }, code: string) {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(res.body)).toMatchObject({ code, status: res.status });
}

describe('bad percent-encoding in a path: read as U+FFFD, answered by that path’s 404', () => {
  it.each([
    ['/v1/releases/%FF', 'unknown_app'],
    ['/api/release/%FF', 'unknown_app'],
    ['/v1/jobs/%FF', 'unknown_job'],
    ['/v1/%FF', 'not_found'],
    ['/api/%E0%A4%A', 'not_found'],
    ['/v1/releases/%C3%28', 'unknown_app'],
    ['/nowhere/%FF%FE', 'not_found'],
  ])('%s → 404 %s', async (url, code) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    isProblem(res, code);
  });

  it('/download/%FF is the markdown 404, and the site 404 page for a browser', async () => {
    const res = await get('/download/%FF');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    const page = await get('/download/%FF', { headers: browser });
    expect(page.status).toBe(404);
    expect(page.body).toContain('Page not found');
  });

  it('docs pages and twins answer their 404s', async () => {
    const twin = await get('/docs/%FF.md');
    expect(twin.status).toBe(404);
    expect(twin.headers['content-type']).toMatch(/^text\/markdown/);
    const page = await get('/docs/%FF', { headers: browser });
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Page not found');
  });

  it('valid escapes still name what they name', async () => {
    expect((await get('/v1/releases/%70ounce?sandbox=true')).status).toBe(200);
    expect((await get('/docs/rooms/%61ppearance.md')).status).toBe(200);
  });
});

describe('methods outside the table: a problem, never a 5xx or an empty body', () => {
  const methods = ['TRACE', 'PROPFIND', 'M-SEARCH', 'MKCOL', 'LOCK'];
  it.each(methods)('%s on an endpoint and a page → 405 with Allow; on nothing → 404', async (method) => {
    for (const [url, allow] of [
      ['/v1/search?q=x', 'GET, HEAD, OPTIONS'],
      ['/v1/batch', 'POST, OPTIONS'],
      ['/docs/install', 'GET, HEAD, OPTIONS'],
      ['/', 'GET, HEAD, OPTIONS'],
      ['/sitemap.xml', 'GET, HEAD, OPTIONS'],
    ] as const) {
      const res = await get(url, { method });
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      isProblem(res, 'method_not_allowed');
    }
    const missing = await get('/no/such/path', { method });
    expect(missing.status).toBe(404);
    isProblem(missing, 'not_found');
  });

  it('OPTIONS * answers the server’s methods', async () => {
    const { request } = await import('node:http');
    const { status, allow } = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const url = new URL(base);
      const req = request({ host: url.hostname, port: url.port, method: 'OPTIONS', path: '*', localAddress: '127.0.0.81' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(204);
    expect(allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  it.each(['/sitemap.xml', '/robots.txt'])('POST %s → 405 problem with Allow', async (url) => {
    const res = await get(url, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    isProblem(res, 'method_not_allowed');
  });
});

describe('unknown paths write nothing and are not cached at the edge', () => {
  it('100 unknown paths leave the build directory’s file count unchanged', async () => {
    const buildDir = path.join(repoRoot, process.env.NEXT_DIST_DIR ?? '.next');
    const before = fileCount(buildDir);
    const kinds = [
      (i: number) => `/docs/unknown-${i}`,
      (i: number) => `/docs/rooms/unknown-${i}.md`,
      (i: number) => `/problems/unknown_${'x'.repeat(i % 5 + 1)}${i}.md`,
      (i: number) => `/og/docs/unknown-${i}/image.png`,
    ];
    for (let i = 0; i < 100; i += 1) {
      const url = kinds[i % kinds.length]!(i);
      const res = await get(url, { headers: i % 2 ? browser : {} });
      expect(res.status, url).toBe(404);
      expect(res.headers['cache-control'] ?? '', url).not.toMatch(/s-maxage=[1-9]|immutable|public/);
    }
    expect(fileCount(buildDir)).toBe(before);
  });
});

describe('words that name a property of every JavaScript object are plain input', () => {
  // A lookup in a plain object by a reader's word (`synonyms[word]`) once answered 500 for these.
  const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
  it.each(words)('%s: every door answers it as a query or a name, never a 5xx', async (word) => {
    const answers = await Promise.all([
      get(`/v1/search?q=${word}`),
      get(`/api/docs-search?query=${word}`),
      get(`/ask?query=${word}`),
      get(`/v1/releases/${word}`),
      get(`/download/${word}`),
      get(`/${word}.sh`),
      get(`/docs/${word}`),
      get(`/problems/${word}`),
    ]);
    for (const res of answers) expect(res.status, res.body.slice(0, 200)).toBeLessThan(500);
    expect(answers[0]!.status).toBe(200);
    // The MCP tools, by query and by name.
    const calls = [
      { name: 'search_docs', arguments: { query: word } },
      { name: 'get_latest_release', arguments: { app: word } },
      { name: 'get_install_command', arguments: { desktop: word } },
    ];
    for (const call of calls) {
      const res = await get('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
      });
      expect(res.status, `${call.name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.body, call.name).not.toMatch(/internal_error/);
    }
  });
});

describe('numeric parameters take decimal digits only', () => {
  it.each(['0x10', '1e1', ' 16', '16 ', '+16', '16.0', 'Infinity', '-1', '0', '51'])('limit=%s → 400 invalid_parameter', async (limit) => {
    const res = await get(`/v1/desktops?limit=${encodeURIComponent(limit)}`);
    expect(res.status).toBe(400);
    isProblem(res, 'invalid_parameter');
  });
  it('limit=016 is sixteen written in decimal', async () => {
    expect((await get('/v1/search?q=theme&limit=016&sandbox=true')).status).toBe(200);
  });
});

describe('X-Content-Type-Options: nosniff on every response', () => {
  it.each([
    '/',
    '/docs/install',
    '/docs/install.md',
    '/v1/search?q=%3Cscript%3E',
    '/v1/nope',
    '/no/such/path',
    '/openapi.json',
    '/llms.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/api/search',
    '/_next/static/nope.js',
    '/og/docs/install/image.png',
  ])('%s', async (url) => {
    const res = await get(url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
  it('on a 405 answered by the front door and by the proxy', async () => {
    expect((await get('/docs', { method: 'TRACE' })).headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/docs', { method: 'POST' })).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('client identity: a client-sent x-svc-peer changes nothing', () => {
  it('requests with forged peer headers all count in the sender’s own bucket', async () => {
    const fromOne = client(base, '127.0.0.82');
    const oneBucket = (remaining: number[]) => remaining.every((left, i) => left === remaining[0]! - i);
    let remaining: number[] = [];
    // A window that ends between two of the requests starts the count again: try again (three times at most).
    for (let attempt = 0; attempt < 3 && (attempt === 0 || !oneBucket(remaining)); attempt += 1) {
      remaining = [];
      for (const forged of [undefined, '10.0.0.1', 'abc 10.0.0.2', '127.0.0.83', '::ffff:127.0.0.82']) {
        const res = await fromOne('/v1/rooms', { headers: forged ? { 'x-svc-peer': forged, 'x-forwarded-for': '198.51.100.7' } : {} });
        remaining.push(Number(res.headers['ratelimit-remaining']));
      }
    }
    // One bucket: each request takes one from the same window.
    expect(remaining).toEqual(remaining.map((_, i) => remaining[0]! - i));
  });
});
