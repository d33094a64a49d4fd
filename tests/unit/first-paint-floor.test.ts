import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { floorPages, serveFloorPages } from '../../scripts/first-paint/floor-pages.mjs';

/**
 * The floor pages `node scripts/main-thread.mjs --floor` loads beside a page (scripts/bench/README.md, "A phone's
 * first paint"): each step takes one part of the page away and keeps the rest byte for byte.
 */
const page =
  '<!DOCTYPE html><html><head><style>p{color:red}</style><script>theme()</script>' +
  '<link rel="stylesheet" href="/a.css"></head><body><header>Site</header>' +
  '<aside id="docs-sidebar"><script>tree()</script><a href="/x">X</a></aside>' +
  '<main><article><h1>Title</h1><div class="static-html"><p>Opening</p><section><h2>First</h2></section>' +
  '<section><h2>Second</h2></section></div></article></main>' +
  '<script type="text/x-component">1:"payload"</script><link rel="stylesheet" href="/b.css"></body></html>';

describe('floor pages', () => {
  const pages = Object.fromEntries(floorPages(page).map(({ name, html }) => [name, html]));

  it('keeps the page as served, then takes away its scripts', () => {
    expect(pages.copy).toBe(page);
    expect(floorPages(page).find(({ name }) => name === 'copy-without-opener-policy')).toEqual({
      name: 'copy-without-opener-policy',
      html: page,
      without: ['cross-origin-opener-policy'],
    });
    expect(pages['no-scripts']).not.toContain('<script');
    expect(pages['no-scripts']).toContain('<h2>Second</h2>');
    expect(pages['no-scripts']).toContain('<style>p{color:red}</style>');
  });

  it('cuts the article after its first section and drops the page tree', () => {
    const firstScreen = pages['first-screen'];
    expect(firstScreen).toContain('<section><h2>First</h2></section></main>');
    expect(firstScreen).not.toContain('Second');
    expect(firstScreen).not.toContain('<aside');
    expect(firstScreen).toContain('<header>Site</header>');
    expect(firstScreen).toContain('<link rel="stylesheet" href="/b.css">');
  });

  it('then takes away every style', () => {
    const unstyled = pages['first-screen-unstyled'];
    expect(unstyled).not.toMatch(/<style|rel="stylesheet"/);
    expect(unstyled).toContain('<h1>Title</h1>');
  });

  it('says so when the page has no article with a section', () => {
    expect(() => floorPages('<html><body><p>no main</p></body></html>')).toThrow(/no <main> with a <section>/);
  });
});

describe('the floor server', () => {
  const origin = createServer((request, response) => {
    response.writeHead(request.url === '/a.css' ? 200 : 404, { 'content-type': 'text/css' });
    response.end(request.url === '/a.css' ? 'p{}' : '');
  });
  const listening = new Promise<string>((resolve) =>
    origin.listen(0, '127.0.0.1', () => {
      const address = origin.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
  afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

  it("serves each page brotli with the site's headers and passes other paths through to the site", async () => {
    const site = new Headers({
      'content-type': 'text/html; charset=utf-8',
      'cross-origin-opener-policy': 'same-origin',
      'content-security-policy': "default-src 'self'",
      'content-length': '1',
      etag: '"x"',
    });
    const floor = await serveFloorPages(
      [
        { name: 'copy', html: page },
        { name: 'open', html: page, without: ['cross-origin-opener-policy'] },
      ],
      await listening,
      site,
    );
    try {
      const answer = await fetch(floor.url('copy'));
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(await answer.text()).toBe(page); // fetch undoes the brotli
      const open = await fetch(floor.url('open'));
      expect(open.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(open.headers.get('content-security-policy')).toBe("default-src 'self'");
      const css = await fetch(floor.url('copy').replace('/floor/copy', '/a.css'));
      expect(css.status).toBe(200);
      expect(await css.text()).toBe('p{}');
      expect((await fetch(floor.url('missing'))).status).toBe(404); // not a floor page: the site's own answer
    } finally {
      await floor.close();
    }
  });
});
