import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

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
