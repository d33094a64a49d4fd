import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageScriptHashesFile, readPageScriptSources } from '@/lib/framework/page-script-hashes';
import { otherPolicy, pagePolicy, transportSecurity } from '@/lib/http/security-headers.mjs';
import { client } from '../helpers/http';
import { startNextServer, repoRoot, type RunningServer } from '../helpers/next-server';
import { observatory, tlsTests } from '../helpers/observatory';

/**
 * The security headers over real HTTP (lib/http/security-headers.mjs): the
 * pages' strict policy, their inline scripts allowed by hash, on every kind
 * of HTML answer; the short policy on the others, their CORS untouched; and
 * the MDN HTTP Observatory's verdict on each, without its two TLS tests.
 */
const baseUrl = inject('baseUrl');
const get = client(baseUrl, '127.0.0.133');
const distDir = path.join(repoRoot, process.env.NEXT_DIST_DIR ?? '.next');
const sources = readPageScriptSources(distDir);
const documentOnly = ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'];

const htmlAnswers = [
  { what: 'the home page', path: '/', status: 200 },
  { what: 'a docs page', path: '/docs/rooms/appearance', status: 200 },
  { what: 'the option browser', path: '/docs/options', status: 200 },
  { what: 'the 404 page', path: '/no/such/page', status: 404 },
  { what: 'a problem page', path: '/problems/not_found', status: 200 },
];
const otherAnswers = [
  { what: 'JSON', path: '/v1/search?q=wallpaper', accept: 'application/json', type: /^application\/json/ },
  { what: 'a problem document', path: '/v1/nope', accept: 'application/json', type: /^application\/problem\+json/ },
  { what: 'markdown', path: '/docs/rooms/appearance.md', accept: 'text/markdown', type: /^text\/markdown/ },
  { what: 'text', path: '/llms.txt', accept: 'text/plain', type: /^text\/plain/ },
  { what: 'an open-CORS document', path: '/mcp.json', accept: 'application/json', type: /^application\/json/ },
];

describe('security headers', () => {
  it('the build prepared its pages and recorded the hashes of the few inline scripts they run', () => {
    expect(sources, `${pageScriptHashesFile} in the build directory`).toBeDefined();
    // The theme script, the sidebar's, Next's bundler bootstrap, the payload runner and the loader of the script
    // files after the first paint (lib/framework/scripts-after-paint.ts).
    expect(sources!.length).toBeLessThanOrEqual(5);
  });

  it.each(htmlAnswers)('$what: the page policy and the document headers', async ({ path: page, status }) => {
    const res = await get(page, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(pagePolicy(sources!));
    expect(res.headers['content-security-policy']).not.toMatch(/'unsafe-(inline|eval)'[^;]*;style-src/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An http origin: no HSTS (a browser ignores it there anyway, RFC 6797 §8.1).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Every inline script the page runs is one the policy allows by hash.
    for (const [, attributes, text] of res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\ssrc=|\stype="(?!module")/.test(` ${attributes}`)) continue;
      const source = `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`;
      expect(sources, `${page}: ${text!.slice(0, 60)}`).toContain(source);
    }
  });

  it('the brotli copy of a prerendered page carries them too', async () => {
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
    let copy = await get('/docs/rooms/windows', { headers: browser });
    // Until the copy is made: the test's timeout is the only bound.
    while (copy.headers['content-length'] === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      copy = await get('/docs/rooms/windows', { headers: browser });
    }
    expect(copy.headers['content-encoding']).toBe('br');
    expect(copy.headers['content-security-policy']).toBe(pagePolicy(sources!));
    expect(copy.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it.each(otherAnswers)('$what: the short policy, no document headers, CORS as it was', async ({ path: answer, accept, type }) => {
    const res = await get(answer, { headers: { accept, origin: 'https://elsewhere.example' } });
    expect(res.headers['content-type']).toMatch(type);
    expect(res.headers['content-security-policy']).toBe(otherPolicy);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const name of documentOnly) expect(res.headers[name], name).toBeUndefined();
    if (answer === '/mcp.json') expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('a CORS preflight of an open door is answered as before', async () => {
    const res = await get('/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
  });

  it('a 304 leaves the headers the browser stored with the page as they are', async () => {
    const page = await get('/docs/rooms', { headers: { accept: 'text/html' } });
    const again = await get('/docs/rooms', { headers: { accept: 'text/html', 'if-none-match': page.headers.etag! } });
    expect(again.status).toBe(304);
    // What the routes manifest gives every path: the same policy as the page's, never the short one.
    expect(again.headers['content-security-policy'] ?? pagePolicy(sources!)).toBe(pagePolicy(sources!));
  });

  it("the build's routes manifest carries the same page policy, for a host that serves the build itself", () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const everyPath = manifest.headers.find((rule) => rule.source === '/:path*');
    expect(everyPath?.headers.find((header) => header.key === 'Content-Security-Policy')?.value).toBe(pagePolicy(sources!));
  });

  it.each([...htmlAnswers.map(({ what, path: page }) => ({ what, path: page })), ...otherAnswers.slice(0, 3)])(
    'the MDN HTTP Observatory: $what scores 100 or more without its TLS tests, and fails none of the others',
    async ({ path: scanned }) => {
      const report = await observatory(baseUrl, scanned);
      const shown = report.tests.map((test) => `${test.name}: ${test.result} (${test.modifier})`).join('\n');
      expect(report.status, shown).toBeLessThan(500);
      expect(report.tests.map((test) => test.name)).toHaveLength(10 - tlsTests.length);
      expect(report.tests.filter((test) => !test.pass).map((test) => test.name), shown).toEqual([]);
      expect(report.score, shown).toBeGreaterThanOrEqual(100);
    },
  );
});

describe('security headers with an https public origin', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNextServer({ SITE_URL: 'https://layer.example' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('add HSTS with a long max-age to pages and to the other answers', async () => {
    const onServer = client(server.url, '127.0.0.134');
    const page = await onServer('/docs', { headers: { accept: 'text/html' } });
    expect(page.headers['strict-transport-security']).toBe(transportSecurity);
    expect(Number(/max-age=(\d+)/.exec(transportSecurity)![1])).toBeGreaterThanOrEqual(31_536_000);
    const json = await onServer('/v1/desktops');
    expect(json.headers['strict-transport-security']).toBe(transportSecurity);
  });
});
