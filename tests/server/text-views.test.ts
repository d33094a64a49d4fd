import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { jsxOutsideCode, needlessHeadingEscapes, shortTableRows } from '../helpers/markdown-lint';

// Spec "Documentation and text views", over real HTTP: text views, twins,
// negotiation, Vary.
const get = client(inject('baseUrl'), '127.0.0.21');

async function docsPages(): Promise<string[]> {
  const index = await get('/llms.txt');
  return [...index.body.matchAll(/\]\((\/docs[^)\s]*)\)/g)].map((match) => match[1]!.replace(/\.md$/, ''));
}

describe('text views', () => {
  it('/llms.txt lists one entry per docs page (llmstxt.org shape)', async () => {
    const res = await get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^# /);
    const pages = await docsPages();
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('/llms-full.txt holds the full text of every page', async () => {
    const res = await get('/llms-full.txt');
    expect(res.status).toBe(200);
    expect(res.body).toContain('layer.wallpaper.glow.spread');
    expect(res.body).toContain('layer.windows.accordionPadding');
  });

  it('every page has a .md twin, and Accept: text/markdown at the page URL serves the same twin', async () => {
    for (const page of await docsPages()) {
      const twin = await get(`${page}.md`);
      expect(twin.status, page).toBe(200);
      expect(twin.headers['content-type'], page).toMatch(/^text\/markdown/);
      const negotiated = await get(page, { headers: { accept: 'text/markdown' } });
      expect(negotiated.status, page).toBe(200);
      expect(negotiated.headers['content-type']).toMatch(/^text\/markdown/);
      expect(negotiated.body).toBe(twin.body);
    }
  });

  it('what agents read is clean markdown: every twin and /llms-full.txt, with no JSX outside code, no needless escape in a heading, no short table row', async () => {
    const views = ['/llms-full.txt', ...(await docsPages()).map((page) => `${page}.md`)];
    for (const view of views) {
      const { status, body } = await get(view);
      expect(status, view).toBe(200);
      expect({ view, jsx: jsxOutsideCode(body), escapes: needlessHeadingEscapes(body), shortRows: shortTableRows(body) }).toEqual({ view, jsx: [], escapes: [], shortRows: [] });
    }
  });

  it('a mark reads as its label in bold, and names keep their dots and braces', async () => {
    expect((await get('/docs/desktops.md')).body).toContain('anything marked **Host-only** stays in your own configuration');
    expect((await get('/docs/rooms/appearance.md')).body).toContain('### layer.wallpaper.glow.enable [#layer.wallpaper.glow.enable]');
    expect((await get('/docs/api/batch-and-jobs.md')).body).toContain('## /v1/jobs/{id} [#v1-jobs-id]');
  });

  it('no answer names an internal route: no x-middleware-* header, the proxy’s answers included', async () => {
    const answers = [
      await get('/docs/rooms/appearance', { headers: { accept: 'text/markdown' } }),
      await get('/docs/rooms/appearance'),
      await get('/docs/rooms/appearance.md'),
      await get('/?mode=agent'),
      await get('/', { headers: { accept: 'text/markdown' } }),
      await get('/no/such/page', { headers: { accept: 'text/html' } }),
      await get('/no/such/page'),
      await get('/docs/install', { method: 'OPTIONS' }),
      await get('/docs/install', { method: 'DELETE' }),
      await get('/docs/install', { headers: { accept: 'image/png' } }),
      await get('/v1/apps'),
      await get('/llms-full.txt'),
    ];
    for (const answer of answers) expect(Object.keys(answer.headers).filter((name) => /^x-middleware-/i.test(name))).toEqual([]);
  });

  it('a twin of no page is 404', async () => {
    const res = await get('/docs/no/such/page.md');
    expect(res.status).toBe(404);
  });

  it.each([
    ['text/markdown;q=0.5, text/html;q=0.9', /^text\/html/],
    ['text/html;q=0.4, text/markdown;q=0.8', /^text\/markdown/],
    ['*/*', /^text\/html/],
    ['text/*', /^text\/html/],
  ])('Accept %s → %s', async (accept, type) => {
    const res = await get('/docs/install', { headers: { accept } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
  });

  it.each(['application/json', 'image/png, application/pdf'])('Accept %s on a page → 406', async (accept) => {
    expect((await get('/docs/install', { headers: { accept } })).status).toBe(406);
    expect((await get('/', { headers: { accept } })).status).toBe(406);
  });

  it('the home page answers its agent page to a markdown-only client', async () => {
    const res = await get('/', { headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.body).toBe((await get('/index.md')).body);
  });

  it('every HTML response carries Vary: Accept, User-Agent, Accept-Encoding', async () => {
    for (const path of ['/', '/docs', '/docs/install', '/problems/not_found']) {
      const res = await get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const vary = res.headers.vary!.split(',').map((token) => token.trim().toLowerCase());
      expect(vary, path).toEqual(expect.arrayContaining(['accept', 'user-agent', 'accept-encoding']));
    }
  });

  it('/sitemap.xml lists every docs page and /robots.txt points at it', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const page of await docsPages()) expect(sitemap.body).toContain(`${page}</loc>`);
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  it('docs pages link their OG image, which renders', async () => {
    const page = await get('/docs/install');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
    expect(image).toBeTruthy();
    const res = await get(new URL(image!).pathname);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('search index', () => {
  it('/api/search is the whole Orama-shaped index with page and section rows', async () => {
    const res = await get('/api/search');
    expect(res.status).toBe(200);
    const index = res.json<{ docs: { docs: Record<string, { id: string; page_id?: string; url: string; breadcrumbs?: string[]; type: string }> } }>();
    const rows = Object.values(index.docs.docs);
    const pages = rows.filter((row) => row.type === 'page');
    const sections = rows.filter((row) => row.type !== 'page');
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(sections.length).toBeGreaterThan(100);
    expect(sections.every((row) => typeof row.page_id === 'string')).toBe(true);
    expect(rows.some((row) => row.url === '/docs/rooms/windows#layer.windows.accordionPadding')).toBe(true);
  });
});

describe('last-changed dates and revalidation of the text views', () => {
  const textViews = ['/docs/install.md', '/docs/rooms/appearance.md', '/llms.txt', '/llms-full.txt'];
  const imfFixdate = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
  const sha256 = (bytes: Buffer | string) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;
  const vary = (value: string | undefined) => new Set((value ?? '').split(',').map((token) => token.trim().toLowerCase()).filter(Boolean));

  /** What a docs page shows: its `<time datetime>` under the description, and its TechArticle's dateModified. */
  async function shownDates(page: string) {
    const html = (await get(page)).body;
    const time = /Last updated <time dateTime="([^"]+)">([^<]+)<\/time>/i.exec(html);
    const article = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((object) => object['@type'] === 'TechArticle');
    return { datetime: time?.[1], shown: time?.[2], dateModified: article?.dateModified };
  }

  it.each(textViews)('%s carries Last-Modified and a strong ETag, the SHA-256 of the bytes before content coding', async (path) => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(plain.headers.etag).toBe(sha256(plain.bytes));
    expect(plain.headers['last-modified']).toMatch(imfFixdate);
    // Compressed, the same validators name the same bytes.
    const compressed = await get(path, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.bytes).equals(plain.bytes)).toBe(true);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(compressed.headers['last-modified']).toBe(plain.headers['last-modified']);
  });

  it.each(textViews)('%s answers a repeat with If-None-Match or If-Modified-Since with 304 and no body, and a stale validator with 200', async (path) => {
    const first = await get(path, { headers: { 'accept-encoding': 'br' } });
    const { etag, 'last-modified': lastModified } = first.headers;
    const notModified: Record<string, string>[] = [{ 'if-none-match': etag! }, { 'if-none-match': `"other", W/${etag}` }, { 'if-modified-since': lastModified! }];
    for (const headers of notModified) {
      const again = await get(path, { headers: { 'accept-encoding': 'br', ...headers } });
      expect(again.status, JSON.stringify(headers)).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['last-modified']).toBe(lastModified);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      // The 304 varies as the 200 does (RFC 9110 §15.4.5).
      expect(vary(again.headers.vary)).toEqual(vary(first.headers.vary));
    }
    const oneSecondEarlier = new Date(Date.parse(lastModified!) - 1000).toUTCString();
    const stale: Record<string, string>[] = [
      { 'if-none-match': '"stale"' },
      { 'if-modified-since': oneSecondEarlier },
      // If-None-Match decides alone when sent (RFC 9110 §13.2.2): a date that would match is not read.
      { 'if-none-match': '"stale"', 'if-modified-since': lastModified! },
      { 'if-modified-since': 'not a date' },
    ];
    for (const headers of stale) {
      const again = await get(path, { headers });
      expect(again.status, JSON.stringify(headers)).toBe(200);
      expect(again.bytes.equals((await get(path)).bytes)).toBe(true);
    }
  });

  it('the twin at the page URL (Accept: text/markdown) revalidates as the .md twin does', async () => {
    const twin = await get('/docs/install.md');
    const headers = { accept: 'text/markdown' };
    const negotiated = await get('/docs/install', { headers });
    expect(negotiated.headers.etag).toBe(twin.headers.etag);
    expect(negotiated.headers['last-modified']).toBe(twin.headers['last-modified']);
    const byTag = await get('/docs/install', { headers: { ...headers, 'if-none-match': twin.headers.etag! } });
    const byDate = await get('/docs/install', { headers: { ...headers, 'if-modified-since': twin.headers['last-modified']! } });
    for (const again of [byTag, byDate]) {
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      for (const token of ['accept', 'user-agent', 'accept-encoding']) expect(vary(again.headers.vary).has(token), token).toBe(true);
    }
  });

  it("every page's <time datetime>, twin header, Last-Modified, sitemap lastmod and JSON-LD dateModified name one date", async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const schema = (await get('/schema.jsonl')).body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const pageDates: number[] = [];
    for (const page of await docsPages()) {
      const { datetime, shown, dateModified } = await shownDates(page);
      expect(datetime, page).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const day = datetime!.slice(0, 10);
      // en-US, UTC: "November 20, 2026".
      expect(shown, page).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(datetime!)));
      expect(dateModified, page).toBe(datetime);
      const twin = await get(`${page}.md`);
      expect(twin.body.split('\n').slice(0, 3), page).toEqual([expect.stringMatching(/^# .+ \(\/docs.*\)$/), '', `Last updated: ${day}`]);
      expect(twin.headers['last-modified'], page).toBe(new Date(datetime!).toUTCString());
      expect(sitemap, page).toMatch(new RegExp(`<loc>[^<]*${page.replace(/[/.]/g, '\\$&')}</loc><lastmod>${datetime}</lastmod>`));
      expect(schema.find((object) => object['@type'] === 'TechArticle' && String(object.url).endsWith(page))?.dateModified, page).toBe(datetime);
      pageDates.push(Date.parse(datetime!));
    }
    // The llms files: the newest of the docs' dates (a meta.json's change counts too).
    for (const path of ['/llms.txt', '/llms-full.txt']) {
      expect(Date.parse((await get(path)).headers['last-modified']!), path).toBeGreaterThanOrEqual(Math.max(...pageDates));
    }
  });
});
