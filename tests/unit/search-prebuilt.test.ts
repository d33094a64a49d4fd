import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash } from '@/lib/docs-build/content-hash.mjs';
import { prebuiltSearchFile, readPrebuiltSearch } from '@/lib/docs/search-prebuilt';

/**
 * lib/docs/search-prebuilt.ts: the index made before the build is used only
 * when it was made from the build's content; otherwise the server makes it
 * from the pages, and says why. And the content fingerprint it is matched by.
 */
function project(file?: unknown): string {
  const root = mkdtempSync(path.join(tmpdir(), 'prebuilt-'));
  if (file !== undefined) {
    mkdirSync(path.join(root, path.dirname(prebuiltSearchFile)), { recursive: true });
    writeFileSync(path.join(root, prebuiltSearchFile), JSON.stringify(file));
  }
  return root;
}

describe('readPrebuiltSearch', () => {
  it('answers the data when the fingerprints match', async () => {
    expect(await readPrebuiltSearch(project({ contentHash: 'abc', data: { sections: [] } }), 'abc')).toEqual({ found: true, data: { sections: [] } });
  });

  it('refuses a file made from other content, a missing file, and a build without a fingerprint', async () => {
    expect(await readPrebuiltSearch(project({ contentHash: 'old', data: {} }), 'new')).toMatchObject({ found: false, why: expect.stringContaining('other content') });
    expect(await readPrebuiltSearch(project(), 'abc')).toMatchObject({ found: false, why: expect.stringContaining('is missing') });
    expect(await readPrebuiltSearch(project({ contentHash: 'abc', data: {} }), undefined)).toMatchObject({ found: false, why: expect.stringContaining('no content fingerprint') });
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
