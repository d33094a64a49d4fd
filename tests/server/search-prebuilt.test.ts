import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildSearchData } from '@/lib/search/index-data';
import { searchDataFormat } from '@/lib/search/index-format';
import { searchDataMeta } from '@/lib/search/index-reader';
import { encodeSearchData } from '@/lib/search/index-writer';
import { prebuiltSearchFile } from '@/lib/search/prebuilt-index';
import { docsDataFile } from '@/lib/docs-source/docs-data';
import { client } from '../helpers/http';
import { repoRoot, startNextServer } from '../helpers/next-server';

/**
 * The search index made before the build (scripts/build-search-data.mjs):
 * it is the index the server would make from its own compiled pages (the
 * export /api/search serves, read the way the core reads it), and a server
 * uses it: its first search loads no pages and logs no fallback.
 */
const get = client(inject('baseUrl'), '127.0.0.122');

describe('the search index made before the build', () => {
  it('equals the index made from the export the server serves, byte for byte', async () => {
    const file = readFileSync(path.join(repoRoot, prebuiltSearchFile));
    const meta = searchDataMeta(file);
    expect(meta?.contentHash).toMatch(/./);
    const res = await get('/api/search');
    expect(res.status).toBe(200);
    expect(Buffer.from(encodeSearchData(await buildSearchData(res.json()), meta)).equals(file)).toBe(true);
  });

  it('is in this search core’s format, and the docs data beside it is ASCII, for a fast read (lib/platform/ascii-json.ts)', () => {
    expect(readFileSync(path.join(repoRoot, prebuiltSearchFile)).subarray(0, searchDataFormat.length + 1).toString('latin1')).toBe(`${searchDataFormat}\n`);
    expect(isAscii(readFileSync(path.join(repoRoot, docsDataFile))), docsDataFile).toBe(true);
  });

  it('a fresh server answers its first search from it, with no fallback warning', async () => {
    const server = await startNextServer({});
    try {
      const res = await client(server.url, '127.0.0.123')('/v1/search?q=wallpaper');
      expect(res.status).toBe(200);
      expect(res.json<{ results: { url: string }[] }>().results[0]?.url).toBe('/docs/rooms/appearance#wallpaper');
      expect(server.output()).not.toMatch(/search index:/);
    } finally {
      await server.stop();
    }
  });
});
