import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

// Compression over real HTTP (lib/framework/response-compression.ts, lib/framework/static-brotli.ts):
// brotli where the client takes it, gzip where it takes only that, nothing
// for server-sent events, and the static assets' best-quality brotli copies.
const get = client(inject('baseUrl'), '127.0.0.131');
const browser = 'gzip, deflate, br, zstd';

async function staticScripts(): Promise<string[]> {
  const page = await get('/docs/rooms/appearance', { headers: { accept: 'text/html' } });
  // Asked for after the first paint, from data blocks (lib/framework/scripts-after-paint.ts), or as Next wrote them.
  return [...new Set([...page.body.matchAll(/<script (?:src|type="[^"]+" data-src)="(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!))];
}

/** The fewest bytes of a brotli stream from which the decoder gives `length` bytes of the body: what a browser parses as they arrive. */
function bytesDecodingTo(compressed: Buffer, length: number): number {
  let low = 0;
  let high = compressed.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const decoded = brotliDecompressSync(compressed.subarray(0, middle), { finishFlush: constants.BROTLI_OPERATION_FLUSH });
    if (decoded.length >= length) high = middle;
    else low = middle + 1;
  }
  return low;
}

describe('compression', () => {
  it('a docs page is brotli for a browser, gzip for a gzip-only client, and as is without Accept-Encoding', async () => {
    const plain = await get('/docs/rooms/appearance', { headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/docs/rooms/appearance', { headers: { accept: 'text/html', 'accept-encoding': browser } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(plain.body);
    // The React payload repeats the page's text; brotli's window folds it. The page's inline rules (about 40 KB of
    // CSS, lib/framework/page-styles.ts) compress about 6.5 to 1, where its text and payload compress 8 to 1.
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 6);
    const gzip = await get('/docs/rooms/appearance', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(plain.body);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('a prerendered page: once compressed on the fly, then the best-quality copy, whole, with its length', async () => {
    const plain = await get('/docs/rooms/appearance', { headers: { accept: 'text/html' } });
    const onTheFly = await get('/docs/rooms/development', { headers: { accept: 'text/html', 'accept-encoding': browser } });
    let copy = await get('/docs/rooms/appearance', { headers: { accept: 'text/html', 'accept-encoding': browser } });
    // Until the copy is made: the test's timeout is the only bound.
    while (copy.headers['content-length'] === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      copy = await get('/docs/rooms/appearance', { headers: { accept: 'text/html', 'accept-encoding': browser } });
    }
    expect(copy.headers['content-encoding']).toBe('br');
    expect(Number(copy.headers['content-length'])).toBe(copy.bytes.length);
    expect(brotliDecompressSync(copy.bytes).toString('utf8')).toBe(plain.body);
    expect(copy.headers.etag).toBe(plain.headers.etag);
    expect(copy.headers.vary).toMatch(/Accept-Encoding/i);
    // Next's prerender-cache headers stay home: the window below has no room for them.
    expect(Object.keys(copy.headers).filter((name) => name.startsWith('x-nextjs-'))).toEqual([]);
    // The first screen in one round trip: the initial congestion window of 10 segments of 1460 bytes (RFC 6928)
    // carries the status line, the headers and every byte of the body up to the article's opening (its title,
    // description, actions and first paragraph), the page's rules inline before it (docs/decisions/0012-first-paint-in-one-round-trip.md). Nothing after it holds
    // the paint: the stylesheet link and the script files come after it or after the paint. The whole answer does
    // not fit one window since it carries those rules (about 6 KB here), and fits two: measured whole, as
    // Lighthouse's model counts it. The body moves by up to ±60 bytes with the random build ID Next writes into
    // the page.
    let head = `HTTP/1.1 ${copy.status} OK\r\n`.length + 2;
    for (let i = 0; i < copy.rawHeaders.length; i += 2) head += `${copy.rawHeaders[i]}: ${copy.rawHeaders[i + 1]}\r\n`.length;
    // Nothing in the head that the paint waits for or that shares the round trip (a noModule script is never fetched).
    expect(plain.body.slice(0, plain.body.indexOf('</head>'))).not.toMatch(/rel="stylesheet"|rel="preload"|<script (?![^>]*noModule)[^>]*\ssrc=/);
    // The article's opening ends where its first section heading starts (its paragraphs' end tags are left out).
    const openingText = plain.body.slice(0, plain.body.indexOf('<h2', plain.body.indexOf('class="static-html"')));
    // From <body> to there no script runs (JSON-LD is data) and no page tree is written: the tree and its inline
    // script come after the article, so the first paint holds the article's opening
    // (docs/decisions/0014-the-article-before-the-page-tree.md).
    const bodyToOpening = openingText.slice(openingText.indexOf('<body'));
    expect(bodyToOpening.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g)).toBeNull();
    expect(bodyToOpening).not.toContain('id="docs-sidebar"');
    const opening = Buffer.byteLength(openingText);
    const firstScreen = bytesDecodingTo(copy.bytes, opening);
    expect(head + firstScreen, `${head} bytes of status line and headers, ${firstScreen} of body up to the article's first section`).toBeLessThanOrEqual(14_600);
    expect(head + copy.bytes.length, `${head} bytes of status line and headers, ${copy.bytes.length} of body`).toBeLessThanOrEqual(2 * 14_600);
    expect(onTheFly.headers['content-encoding']).toBe('br');
  });

  it('a client that refuses brotli (q=0) gets gzip', async () => {
    const res = await get('/docs/rooms', { headers: { accept: 'text/html', 'accept-encoding': 'br;q=0, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('route handlers compress too (their Content-Type reaches Node as an array)', async () => {
    const plain = await get('/v1/search?q=wallpaper');
    const br = await get('/v1/search?q=wallpaper', { headers: { 'accept-encoding': browser } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(plain.json());
    const index = await get('/api/search', { headers: { 'accept-encoding': browser } });
    expect(index.headers['content-encoding']).toBe('br');
  });

  it('server-sent events are sent as written, never compressed', async () => {
    const res = await get('/ask?q=wallpaper', { headers: { accept: 'text/event-stream', 'accept-encoding': browser } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toMatch(/^event: start/m);
  });

  it('static assets: a brotli copy at best quality, immutable, its own validator, and HEAD and 304 alike', async () => {
    const scripts = await staticScripts();
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) {
      const plain = await get(script);
      expect(plain.status, script).toBe(200);
      // The server warms the copies at start; until one is ready the file is compressed on the fly.
      const isCopy = (res: { headers: Record<string, string> }) => /-br"$/.test(res.headers.etag ?? '');
      let br = await get(script, { headers: { 'accept-encoding': browser } });
      while (!isCopy(br)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        br = await get(script, { headers: { 'accept-encoding': browser } });
      }
      expect(br.headers['content-encoding'], script).toBe('br');
      expect(brotliDecompressSync(br.bytes).equals(plain.bytes), script).toBe(true);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/^application\/javascript/);
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
      const gzip = await get(script, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(br.bytes.length, script).toBeLessThanOrEqual(gzip.bytes.length);
      const head = await get(script, { method: 'HEAD', headers: { 'accept-encoding': browser } });
      expect(head.headers['content-length']).toBe(br.headers['content-length']);
      expect(head.bytes.length).toBe(0);
      const again = await get(script, { headers: { 'accept-encoding': browser, 'if-none-match': br.headers.etag! } });
      expect(again.status).toBe(304);
      // A range is Next's to answer, on the file as stored.
      const range = await get(script, { headers: { 'accept-encoding': browser, range: 'bytes=0-9' } });
      expect(range.status).toBe(206);
      expect(range.bytes.equals(plain.bytes.subarray(0, 10))).toBe(true);
    }
  });

  it("every script file a page adds after its paint starts with V8's compile hint, in the brotli copy too", async () => {
    const page = await get('/docs/rooms/appearance', { headers: { accept: 'text/html' } });
    const scripts = [...page.body.matchAll(/<script type="text\/x-after-paint" data-src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) {
      const plain = await get(script);
      // Compiled whole off the main thread as it streams in (lib/framework/scripts-after-paint.ts).
      expect(plain.body.startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(true);
      const br = await get(script, { headers: { 'accept-encoding': browser } });
      expect(brotliDecompressSync(br.bytes).toString('utf8'), script).toBe(plain.body);
    }
  });

  it('a static path that is not an asset of the build is Next\'s 404, not a file outside static/', async () => {
    for (const path of ['/_next/static/chunks/no-such-file.js', '/_next/static/../../package.json', '/_next/static/%2e%2e/BUILD_ID']) {
      const res = await get(path, { headers: { 'accept-encoding': browser } });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-encoding'] === 'br' && res.headers['cache-control']?.includes('immutable'), path).toBe(false);
    }
  });
});
