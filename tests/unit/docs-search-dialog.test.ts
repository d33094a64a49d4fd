import { describe, expect, it } from 'vitest';
import { dialogRows, dialogSearchRowSchema, type DialogPage } from '@/lib/endpoints/docs-search-rows';
import { docsDescriptions } from '@/lib/endpoints/descriptions/docs-endpoints';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { applyRateLimit } from '@/lib/http/rate-limit';
import type { SearchHit } from '@/lib/core/schemas';
import { createMemoryStore } from '@/lib/store/memory-store';

/**
 * The search dialog's door (GET /api/docs-search): hits of the search core
 * become Fumadocs result rows, grouped by page, with breadcrumbs that never
 * repeat the page title; and the endpoint counts in a rate-limit window of
 * its own.
 */
const pages = new Map<string, DialogPage>([
  ['/docs/rooms', { title: 'Rooms', breadcrumbs: ['Rooms'] }],
  ['/docs/rooms/windows', { title: 'Windows', breadcrumbs: ['Rooms'] }],
  ['/docs/install', { title: 'Install', breadcrumbs: [] }],
]);
const hit = (url: string, breadcrumbs: string[], excerpt: string, score = 1): SearchHit => ({ url, breadcrumbs, excerpt, score });

describe('dialogRows', () => {
  it('groups sections under their page, in the order of each page\'s best hit', () => {
    const rows = dialogRows(
      [
        hit('/docs/rooms/windows#layer.windows.accordionPadding', ['Rooms', 'Windows', 'layer.windows.accordionPadding'], 'Type: unsigned integer', 9),
        hit('/docs/install#pin-a-release', ['Install', 'Pin a release'], 'Add ?ref=', 5),
        hit('/docs/rooms/windows#layer.windows.enable', ['Rooms', 'Windows', 'layer.windows.enable'], 'Type: boolean', 3),
      ],
      (url) => pages.get(url),
    );
    expect(rows.map((row) => [row.type, row.content])).toEqual([
      ['page', 'Windows'],
      ['heading', 'layer.windows.accordionPadding'],
      ['heading', 'layer.windows.enable'],
      ['page', 'Install'],
      ['heading', 'Pin a release'],
    ]);
    expect(rows[0]).toEqual({ id: 'page:/docs/rooms/windows', type: 'page', url: '/docs/rooms/windows', content: 'Windows', breadcrumbs: ['Rooms'] });
    expect(rows[1]).toMatchObject({ url: '/docs/rooms/windows#layer.windows.accordionPadding', excerpt: 'Type: unsigned integer' });
    // Section rows stand under their page row: no breadcrumbs of their own.
    expect(rows.filter((row) => row.type !== 'page').every((row) => row.breadcrumbs === undefined)).toBe(true);
    for (const row of rows) expect(dialogSearchRowSchema.safeParse(row).success).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('never shows a breadcrumb that repeats the page title ("Rooms › Rooms")', () => {
    const rows = dialogRows([hit('/docs/rooms', ['Rooms'], 'Options are grouped into rooms.')], (url) => pages.get(url));
    expect(rows[0]).toEqual({ id: 'page:/docs/rooms', type: 'page', url: '/docs/rooms', content: 'Rooms' });
    expect(rows[1]).toEqual({ id: 'text:/docs/rooms', type: 'text', url: '/docs/rooms', content: 'Options are grouped into rooms.' });
  });

  it('falls back on the hit\'s breadcrumbs for a page it does not know, and decodes an anchor without a heading', () => {
    const rows = dialogRows([hit('/docs/new/page#layer.displays.%3Cname%3E.uiScale', [], 'x')], () => undefined);
    expect(rows[0]).toMatchObject({ type: 'page', content: '/docs/new/page' });
    expect(rows[1]).toMatchObject({ type: 'heading', content: 'layer.displays.<name>.uiScale' });
    const known = dialogRows([hit('/docs/a#b', ['Guides', 'A', 'B'], 'text')], () => undefined);
    expect(known[0]).toMatchObject({ content: 'A', breadcrumbs: ['Guides'] });
  });
});

describe('the dialog\'s rate-limit window', () => {
  const row = endpointById(docsDescriptions, 'docsSearchDialog');
  it('is rate limited in a bucket of its own', () => {
    expect(row.rateLimited).toBe(true);
    expect(row.rateLimitBucket).toBe('docs-search');
  });

  it('counts apart from the shared window and names its policy', async () => {
    let now = 0;
    const store = createMemoryStore({ clock: () => now, limit: 3, windowMs: 60_000 });
    const deps = { limiter: store.limiter, perMinute: 3, clientIp: { onVercel: false, trustProxyHops: 0 } };
    const request = () => new Request('http://site.test/api/docs-search?query=x');
    for (let i = 0; i < 3; i += 1) expect((await applyRateLimit(request(), deps, 'docs-search')).rejection).toBeUndefined();
    const over = await applyRateLimit(request(), deps, 'docs-search');
    expect(over.rejection?.status).toBe(429);
    expect(over.headers['RateLimit-Policy']).toBe('"docs-search";q=3;w=60');
    // The API's window is untouched.
    const api = await applyRateLimit(request(), deps);
    expect(api.rejection).toBeUndefined();
    expect(api.headers['RateLimit-Remaining']).toBe('2');
    expect(api.headers['RateLimit-Policy']).toBe('"default";q=3;w=60');
    now += 60_000;
    expect((await applyRateLimit(request(), deps, 'docs-search')).rejection).toBeUndefined();
    store.close();
  });
});
