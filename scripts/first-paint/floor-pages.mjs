// The floor of a page's first paint: the same page with parts taken away, served on loopback beside the site so
// scripts/main-thread.mjs (`--floor`) loads them interleaved with it under the same throttling. What is left when
// the scripts, the page past its first screen, and then its styles are gone is what Chromium itself costs on this
// machine; the differences say what each part of the page adds. Measuring aid only: the copies are not valid pages.
import { createServer } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/** @typedef {{ name: string, html: string, without?: string[] }} FloorPage  `without`: headers of the site's left out */

/**
 * The page as served, then stripped step by step. Regular expressions are enough here: the input is this site's own
 * prerendered HTML, and a cut that leaves an element open is closed by the HTML parser at `</main>`.
 * @param {string} html
 * @returns {FloorPage[]}
 */
export function floorPages(html) {
  const noScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const main = noScripts.indexOf('<main');
  const firstSection = noScripts.indexOf('</section>', noScripts.indexOf('<section', main));
  const mainEnd = noScripts.indexOf('</main>');
  if (main < 0 || firstSection < 0 || mainEnd < firstSection) throw new Error('floor pages: no <main> with a <section> in this page');
  const firstScreen = (noScripts.slice(0, firstSection + '</section>'.length) + noScripts.slice(mainEnd)).replace(/<aside\b[\s\S]*?<\/aside>/g, '');
  return [
    // The page byte for byte with the site's headers: what this server changes against the site's own.
    { name: 'copy', html },
    // Cross-Origin-Opener-Policy puts the page in a browsing context group of its own, so Chromium leaves the
    // tab's first renderer for a new one (https://html.spec.whatwg.org/multipage/browsers.html#cross-origin-opener-policies).
    { name: 'copy-without-opener-policy', html, without: ['cross-origin-opener-policy'] },
    { name: 'no-scripts', html: noScripts },
    // The header and the article up to the end of its first section: what a phone's first screen shows.
    { name: 'first-screen', html: firstScreen },
    { name: 'first-screen-unstyled', html: firstScreen.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '').replace(/<link\b[^>]*rel="stylesheet"[^>]*>/g, '') },
  ];
}

/** Headers that describe the site's own bytes or connection, not the document: this server sets its own. */
const notCopied = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'vary']);

/**
 * Serves each page at `/floor/<name>` with the site's document headers, brotli as the site's server sends its
 * prerendered pages (docs/decisions/0004-brotli-at-the-server.md), and passes every other path through to `origin`,
 * so a stylesheet or image the page names loads as it does from the site.
 * @param {FloorPage[]} pages
 * @param {string} origin
 * @param {Headers} siteHeaders  the headers of the site's answer for the page
 * @returns {Promise<{ url: (name: string) => string, close: () => Promise<void> }>}
 */
export async function serveFloorPages(pages, origin, siteHeaders) {
  const answers = new Map(
    pages.map(({ name, html, without = [] }) => {
      const headers = Object.fromEntries([...siteHeaders].filter(([key]) => !notCopied.has(key) && !without.includes(key)));
      const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return [name, { headers: { ...headers, 'content-encoding': 'br', 'cache-control': 'no-store' }, body }];
    }),
  );
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    const answer = path.startsWith('/floor/') ? answers.get(path.slice('/floor/'.length)) : undefined;
    if (answer) {
      response.writeHead(200, answer.headers).end(answer.body);
      return;
    }
    try {
      const upstream = await fetch(new URL(request.url ?? '/', origin));
      const type = upstream.headers.get('content-type');
      response.writeHead(upstream.status, type ? { 'content-type': type } : {});
      response.end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (name) => `http://127.0.0.1:${port}/floor/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
