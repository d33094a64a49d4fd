import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponse } from '@/lib/framework/response-compression';
import { PageBrotliCache } from '@/lib/framework/page-brotli';
import { StaticBrotliCache } from '@/lib/framework/static-brotli';

// lib/framework/static-brotli.ts and lib/framework/response-compression.ts on a bare
// node:http server: what is served from the copies, and what is left to Next.
const build = mkdtempSync(path.join(tmpdir(), 'static-brotli-'));
const root = path.join(build, 'static');
mkdirSync(path.join(root, 'chunks'), { recursive: true });
const script = 'const answer = 42;\n'.repeat(2000);
writeFileSync(path.join(root, 'chunks', 'app.js'), script);
writeFileSync(path.join(root, 'chunks', 'style.css'), 'body { color: red }\n'.repeat(500));
writeFileSync(path.join(root, 'chunks', 'image.png'), Buffer.alloc(4096, 1));
writeFileSync(path.join(build, 'secret.js'), 'secret');

const cache = new StaticBrotliCache(root);
const bodies: Record<string, { type: string; body: string }> = {
  '/page': { type: 'text/html; charset=utf-8', body: '<p>layer</p>'.repeat(500) },
  '/json': { type: 'application/json', body: JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) }) },
  '/events': { type: 'text/event-stream; charset=utf-8', body: 'event: start\ndata: {}\n\n'.repeat(100) },
  '/small': { type: 'text/html', body: '<p>tiny</p>' },
};
const server = http.createServer((request, response) => {
  if (cache.serve(request, response)) return;
  compressResponse(request, response);
  const answer = bodies[request.url ?? ''];
  if (!answer) {
    response.writeHead(200, { 'x-answered-by': 'next' }).end('next');
    return;
  }
  // A route handler's Content-Type reaches Node as an array.
  response.setHeader('Content-Type', request.url === '/json' ? [answer.type] : answer.type);
  response.end(answer.body);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(target: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const br = { 'accept-encoding': 'gzip, deflate, br' };

describe('static assets: brotli copies', () => {
  it('the first request is left to Next and starts the copy; later ones get the copy', async () => {
    const first = await get('/_next/static/chunks/app.js', br);
    expect(first.headers['x-answered-by']).toBe('next');
    await cache.prepare('chunks/app.js');
    const copy = await get('/_next/static/chunks/app.js', br);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(copy.body).toString()).toBe(script);
    expect(copy.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(copy.headers.vary).toBe('Accept-Encoding');
    expect(copy.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    expect(Number(copy.headers['content-length'])).toBe(copy.body.length);
  });

  it('HEAD, If-None-Match (any listed tag, weak comparison) and `*`', async () => {
    await cache.prepare('chunks/app.js');
    const copy = await get('/_next/static/chunks/app.js', br);
    const head = await get('/_next/static/chunks/app.js', br, 'HEAD');
    expect(head.headers['content-length']).toBe(copy.headers['content-length']);
    expect(head.body.length).toBe(0);
    const etag = copy.headers.etag!;
    for (const match of [etag, `"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      expect((await get('/_next/static/chunks/app.js', { ...br, 'if-none-match': match })).status, match).toBe(304);
    }
    expect((await get('/_next/static/chunks/app.js', { ...br, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it.each([
    ['a gzip-only client', { 'accept-encoding': 'gzip' }],
    ['no Accept-Encoding', {}],
    ['brotli refused', { 'accept-encoding': 'br;q=0, gzip' }],
    ['gzip preferred by quality', { 'accept-encoding': 'br;q=0.5, gzip' }],
    ['a range', { ...br, range: 'bytes=0-9' }],
  ])('%s: left to Next', async (_name, headers) => {
    await cache.prepare('chunks/app.js');
    expect((await get('/_next/static/chunks/app.js', headers)).headers['x-answered-by']).toBe('next');
  });

  it.each([
    '/_next/static/../secret.js',
    '/_next/static/chunks/../../secret.js',
    '/_next/static/%2e%2e/secret.js',
    '/_next/static/chunks/image.png',
    '/_next/static/chunks/missing.js',
    '/_next/static/',
    '/_next/staticx/chunks/app.js',
  ])('%s: never served from the copies', async (target) => {
    await cache.prepare(target.replace('/_next/static/', ''));
    const res = await get(target, br);
    expect(res.headers['x-answered-by'], target).toBe('next');
  });

  it('POST is left to Next', async () => {
    await cache.prepare('chunks/app.js');
    expect((await get('/_next/static/chunks/app.js', br, 'POST')).headers['x-answered-by']).toBe('next');
  });

  it('warm() compresses every compressible file, one at a time', async () => {
    const fresh = new StaticBrotliCache(root);
    await fresh.warm();
    const response = { writeHead: () => response, end: () => response } as unknown as http.ServerResponse;
    const ask = (url: string) => fresh.serve({ method: 'GET', url, headers: br, resume() {} } as unknown as http.IncomingMessage, response);
    expect(ask('/_next/static/chunks/app.js')).toBe(true);
    expect(ask('/_next/static/chunks/style.css')).toBe(true);
    expect(ask('/_next/static/chunks/image.png')).toBe(false);
    await new StaticBrotliCache(path.join(root, 'missing')).warm(); // no build output: nothing to do
  });
});

describe('compressResponse', () => {
  it('brotli first, gzip for a gzip-only client, as is without Accept-Encoding', async () => {
    const page = bodies['/page']!.body;
    const viaBr = await get('/page', br);
    expect(viaBr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(viaBr.body).toString()).toBe(page);
    const viaGzip = await get('/page', { 'accept-encoding': 'gzip' });
    expect(viaGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(viaGzip.body).toString()).toBe(page);
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('a Content-Type given as an array is still compressible', async () => {
    const res = await get('/json', br);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(JSON.parse(bodies['/json']!.body));
  });

  it('server-sent events and bodies under 1 KiB are sent as written', async () => {
    expect((await get('/events', br)).headers['content-encoding']).toBeUndefined();
    expect((await get('/small', br)).headers['content-encoding']).toBeUndefined();
  });
});

describe('prerendered pages: best-quality brotli copies', () => {
  const page = '<!DOCTYPE html><html><body>' + '<p>The Appearance room covers the palette.</p>'.repeat(300) + '</body></html>';
  const pages = new PageBrotliCache();
  /** Next serving a prerendered page: cache headers, an ETag, the body in two writes. */
  const next = http.createServer((request, response) => {
    compressResponse(request, response, pages);
    const url = new URL(request.url ?? '/', 'http://x');
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', ETag: '"page-1"' };
    if (url.pathname !== '/fresh') headers['x-nextjs-cache'] = 'HIT';
    if (url.pathname === '/cookie') headers['Set-Cookie'] = 'a=b';
    if (request.headers['if-none-match'] === '"page-1"') {
      response.writeHead(304, headers).end();
      return;
    }
    if (url.pathname === '/inline') {
      response.writeHead(200, { ...headers, 'Content-Length': String(Buffer.byteLength(page)) });
    } else {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    }
    response.write(page.slice(0, 1000));
    response.end(page.slice(1000));
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(next.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => next.close(() => resolve())));
  const fetchPage = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${origin}${target}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  /** Waits for the copies to be made (the test's timeout is the only bound). */
  const settle = async (cache: PageBrotliCache, size: number) => {
    while (cache.size < size) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('the first answer is compressed on the fly and kept; later brotli answers are the copy, whole and smaller', async () => {
    const first = await fetchPage('/page', br);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    await settle(pages, 1);
    const copy = await fetchPage('/page', br);
    expect(copy.headers['content-encoding']).toBe('br');
    expect(Number(copy.headers['content-length'])).toBe(copy.body.length);
    expect(copy.headers['transfer-encoding']).toBeUndefined();
    expect(copy.headers.vary).toMatch(/Accept-Encoding/);
    expect(copy.headers.etag).toBe('"page-1"');
    expect(brotliDecompressSync(copy.body).toString()).toBe(page);
    expect(copy.body.length).toBeLessThanOrEqual(first.body.length);
  });

  it('gzip and identity clients still get Next\'s bytes, compressed on the fly or not', async () => {
    await settle(pages, 1);
    const gzip = await fetchPage('/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await fetchPage('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('a 304, a HEAD, a page not from the prerender cache, or one that sets a cookie is never a copy', async () => {
    const fresh = new PageBrotliCache();
    const server = http.createServer((request, response) => {
      compressResponse(request, response, fresh);
      response.setHeader('Content-Type', 'text/html');
      response.setHeader('ETag', '"x"');
      if (request.url === '/cookie') response.setHeader('Set-Cookie', 'a=b');
      if (request.url !== '/fresh') response.setHeader('x-nextjs-cache', 'HIT');
      response.end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const ask = (path: string, method = 'GET') =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(`http://127.0.0.1:${port}${path}`, { method, headers: br, agent: false }, (res) => res.resume().on('end', resolve));
        req.on('error', reject);
        req.end();
      });
    await ask('/fresh');
    await ask('/cookie');
    await ask('/head', 'HEAD');
    // A definite event instead of a pause: a page that is kept (HIT, no cookie), asked last, is
    // compressed after the three were answered; once its copy exists, it is the only one.
    await ask('/kept');
    await settle(fresh, 1);
    expect(fresh.size).toBe(1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect((await fetchPage('/page', { ...br, 'if-none-match': '"page-1"' })).status).toBe(304);
  });

  it('headers given inline to writeHead (with Content-Length) work alike, and the copy replaces the length', async () => {
    const first = await fetchPage('/inline', br);
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    await settle(pages, 2);
    const copy = await fetchPage('/inline', br);
    expect(Number(copy.headers['content-length'])).toBe(copy.body.length);
    expect(brotliDecompressSync(copy.body).toString()).toBe(page);
  });

  it('keyOf: only a 200 HTML page from the prerender cache, with a validator and no cookie', () => {
    const response = (headers: Record<string, string>) =>
      ({ getHeader: (name: string) => headers[name.toLowerCase()] }) as unknown as http.ServerResponse;
    const base = { 'content-type': 'text/html', etag: '"e"', 'x-nextjs-cache': 'HIT', 'content-length': '10' };
    expect(PageBrotliCache.keyOf(response(base), 200)).toBe('"e"|10');
    expect(PageBrotliCache.keyOf(response(base), 404)).toBeUndefined();
    expect(PageBrotliCache.keyOf(response({ ...base, 'content-type': 'text/markdown' }), 200)).toBeUndefined();
    expect(PageBrotliCache.keyOf(response({ ...base, 'x-nextjs-cache': 'MISS' }), 200)).toBeUndefined();
    expect(PageBrotliCache.keyOf(response({ ...base, 'content-encoding': 'gzip' }), 200)).toBeUndefined();
    const { etag: _etag, ...noEtag } = base;
    expect(PageBrotliCache.keyOf(response(noEtag), 200)).toBeUndefined();
  });
});
