import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash, contentStamp } from '@/lib/platform/content-hash.mjs';
import type { SearchData } from '@/lib/search/index-data';
import { searchDataFormat } from '@/lib/search/index-format';
import { openSearchData } from '@/lib/search/index-reader';
import { encodeSearchData } from '@/lib/search/index-writer';
import { prebuiltSearchFile, prebuiltSearchMeta, productionSearchIndex, readPrebuiltSearch } from '@/lib/search/prebuilt-index';

/**
 * lib/search/prebuilt-index.ts: the index made before the build is used only
 * when it was made from the build's content, in this search core's format;
 * otherwise the server makes it from the pages, and says why. And the
 * content fingerprint it is matched by.
 */
function project(file?: Uint8Array | string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'prebuilt-'));
  if (file !== undefined) {
    mkdirSync(path.join(root, path.dirname(prebuiltSearchFile)), { recursive: true });
    writeFileSync(path.join(root, prebuiltSearchFile), file);
  }
  return root;
}

const data: SearchData = {
  sections: { urls: ['/docs/a'], pageIds: ['/docs/a'], headings: [null], texts: ['Text.'] },
  pages: { '/docs/a': ['A', []] },
  vocabulary: { words: ['text'], counts: [1] },
  fields: {
    name: { lengths: [0], postings: { tokens: [], lists: [] } },
    heading: { lengths: [0], postings: { tokens: [], lists: [] } },
    body: { lengths: [1], postings: { tokens: ['text'], lists: [[0]] } },
    page: { lengths: [1], postings: { tokens: ['a'], lists: [[0]] } },
  },
  title: { tokens: ['a'], lists: [[0]] },
};

describe('readPrebuiltSearch', () => {
  it('answers the file’s bytes when the fingerprints match', async () => {
    const bytes = encodeSearchData(data, prebuiltSearchMeta('abc'));
    const read = await readPrebuiltSearch(project(bytes), 'abc');
    expect(read).toEqual({ found: true, data: new Uint8Array(bytes) });
    // Memory V8 does not count towards its next collection (lib/search/prebuilt-index.ts readWhole says why).
    expect(read.found && read.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(read.found && openSearchData(read.data).section(0)).toEqual({ url: '/docs/a', pageId: '/docs/a', heading: null, text: 'Text.' });
  });

  it('refuses a file made from other content, a missing file, and a build without a fingerprint', async () => {
    expect(await readPrebuiltSearch(project(encodeSearchData(data, prebuiltSearchMeta('old'))), 'new')).toMatchObject({ found: false, why: expect.stringContaining('other content') });
    expect(await readPrebuiltSearch(project(), 'abc')).toMatchObject({ found: false, why: expect.stringContaining('is missing') });
    expect(await readPrebuiltSearch(project(encodeSearchData(data, prebuiltSearchMeta('abc'))), undefined)).toMatchObject({ found: false, why: expect.stringContaining('no content fingerprint') });
  });

  it('refuses a file in another format, such as the JSON an older search core wrote for the same content', async () => {
    const older = JSON.stringify({ contentHash: 'abc', data: { format: 'layer-site-search/2' } });
    expect(await readPrebuiltSearch(project(older), 'abc')).toEqual({ found: false, why: `${prebuiltSearchFile} is not in this search core's format (${searchDataFormat})` });
    expect(await readPrebuiltSearch(project(''), 'abc')).toMatchObject({ found: false, why: expect.stringContaining(searchDataFormat) });
  });
});

describe('productionSearchIndex', () => {
  const fromPages = () => Promise.reject(new Error('not made from the pages in this test'));
  it('says whether it answers the build’s file, which a starting server then waits for, read once', async () => {
    const bytes = encodeSearchData(data, prebuiltSearchMeta('abc'));
    const withIndex = project(bytes);
    try {
      const index = productionSearchIndex(fromPages, withIndex, 'abc');
      expect(await index.fromFile).toBe(true);
      // Read as it was made: the file gone since, the index is still the build's.
      rmSync(path.join(withIndex, prebuiltSearchFile));
      expect(await index.load()).toEqual(new Uint8Array(bytes));
    } finally {
      rmSync(withIndex, { recursive: true, force: true });
    }
  });

  it('does not, so a starting server does not wait, when the file is missing or was made from other content', async () => {
    const stale = project(encodeSearchData(data, prebuiltSearchMeta('old')));
    const without = project();
    try {
      expect(await productionSearchIndex(fromPages, stale, 'new').fromFile).toBe(false);
      expect(await productionSearchIndex(fromPages, without, 'abc').fromFile).toBe(false);
      expect(await productionSearchIndex(fromPages, stale, undefined).fromFile).toBe(false);
    } finally {
      rmSync(stale, { recursive: true, force: true });
      rmSync(without, { recursive: true, force: true });
    }
  });
});

describe('contentHash', () => {
  it('changes with a file’s bytes, its name, and an added file; not with nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'rooms'));
    writeFileSync(path.join(dir, 'index.mdx'), 'a');
    writeFileSync(path.join(dir, 'rooms', 'x.mdx'), 'b');
    const first = contentHash(dir);
    expect(contentHash(dir)).toBe(first);
    writeFileSync(path.join(dir, 'rooms', 'x.mdx'), 'c');
    const edited = contentHash(dir);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(dir, 'rooms', 'y.mdx'), '');
    expect(contentHash(dir)).not.toBe(edited);
  });
});

describe('contentStamp', () => {
  it('changes with a file’s time, its size, a rename, an added and a removed file; not with nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'rooms'));
    writeFileSync(path.join(dir, 'index.mdx'), 'a');
    writeFileSync(path.join(dir, 'rooms', 'x.mdx'), 'b');
    const file = path.join(dir, 'rooms', 'x.mdx');
    // Times set, not waited for: the stamp must not depend on the clock's resolution.
    utimesSync(file, 1_000, 1_000);
    const first = contentStamp(dir);
    expect(contentStamp(dir)).toBe(first);
    // Same size, another time (an editor's save).
    writeFileSync(file, 'c');
    utimesSync(file, 2_000, 2_000);
    const saved = contentStamp(dir);
    expect(saved).not.toBe(first);
    // Same time, another size.
    writeFileSync(file, 'cc');
    utimesSync(file, 2_000, 2_000);
    const grown = contentStamp(dir);
    expect(grown).not.toBe(saved);
    renameSync(file, path.join(dir, 'rooms', 'y.mdx'));
    const renamed = contentStamp(dir);
    expect(renamed).not.toBe(grown);
    writeFileSync(path.join(dir, 'rooms', 'z.mdx'), '');
    const added = contentStamp(dir);
    expect(added).not.toBe(renamed);
    rmSync(path.join(dir, 'rooms', 'z.mdx'));
    expect(contentStamp(dir)).toBe(renamed);
  });
});
