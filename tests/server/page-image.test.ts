import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { docsImageUrl } from '@/lib/routes';
import { fileCount, repoRoot } from '../helpers/next-server';

/**
 * A docs page's social image (lib/docs/page-image.tsx) is drawn on its first
 * request, not at build, and is cheap to ask for again: a per-deployment
 * cache policy, an entity tag, 304 on a match, the same bytes from memory.
 */
const get = client(inject('baseUrl'), '127.0.0.132');

describe('page images', () => {
  it('are not among the build’s prerendered files', () => {
    const ogDir = path.join(repoRoot, process.env.NEXT_DIST_DIR ?? '.next', 'server/app/og/docs');
    const files = readdirSync(ogDir, { recursive: true }).map(String);
    expect(files.filter((name) => name.endsWith('.body') || name.endsWith('.png'))).toEqual([]);
  });

  it('answer a 1200 × 630 PNG with a cache policy and an entity tag, the same bytes each time, and write nothing', async () => {
    const buildDir = path.join(repoRoot, process.env.NEXT_DIST_DIR ?? '.next');
    const before = fileCount(buildDir);
    const url = docsImageUrl(['rooms', 'windows']);
    const [first, second] = [await get(url), await get(url)];
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(first.bytes.subarray(0, 8).toString('hex'), 'a PNG').toBe('89504e470d0a1a0a');
    expect([first.bytes.readUInt32BE(16), first.bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(fileCount(buildDir)).toBe(before);
  });

  it('answer 304 with no body to a matching If-None-Match (RFC 9110 §13.1.2), and 200 to another', async () => {
    const url = docsImageUrl(['install']);
    const { headers } = await get(url);
    const matched = await get(url, { headers: { 'if-none-match': `"other", W/${headers.etag}` } });
    expect(matched.status).toBe(304);
    expect(matched.bytes.length).toBe(0);
    expect(matched.headers.etag).toBe(headers.etag);
    expect(matched.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
    expect((await get(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('differ from page to page, the index’s included', async () => {
    const tags = new Set<string>();
    for (const slugs of [[], ['install'], ['rooms', 'windows']]) {
      const res = await get(docsImageUrl(slugs));
      expect(res.status, docsImageUrl(slugs)).toBe(200);
      tags.add(String(res.headers.etag));
    }
    expect(tags.size).toBe(3);
  });

  it('answer HEAD with the headers and no body', async () => {
    const res = await get(docsImageUrl(['install']), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.bytes.length).toBe(0);
  });

  it.each(['/og/docs/install', '/og/docs/install/image.jpg', '/og/docs/no-such-page/image.png', '/og/docs/image.png/image.png'])(
    '%s is 404, not cached at the edge',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control'] ?? '').not.toMatch(/s-maxage=[1-9]|immutable|public/);
    },
  );
});
