import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loader, type StaticSource } from 'fumadocs-core/source';
import { server } from 'fumadocs-mdx/runtime/server';
import { datedDocsData, docsDataFile, docsDataOf, docsDatesOf, docsLlmsOf, docsSourceOf, fileDates, pageFinder, readDocsData, type CompiledDocs } from '@/lib/docs-source/docs-data';
import { exportSourceIndex, sourceSearchRows } from '@/lib/search/fumadocs-export';
import { buildSearchData, searchDataOfRows } from '@/lib/search/index-data';
import { docsRoute } from '@/lib/routes';

/**
 * lib/docs-source/docs-data.ts: the docs as data, which the production routes read
 * instead of the compiled collection, give the same source as the
 * collection (URLs, tree, text views, search index).
 */
const page = (title: string, description: string, markdown: string, heading: string) => ({
  default: () => null,
  toc: [],
  frontmatter: { title, description },
  structuredData: { headings: [{ id: heading.toLowerCase(), content: heading }], contents: [{ heading: heading.toLowerCase(), content: `${title} text` }] },
  _markdown: markdown,
});

/** Fumadocs MDX's server runtime, as .source/server.ts calls it (its types come from the generated config). */
interface Runtime {
  docs(name: string, base: string, metas: Record<string, unknown>, pages: Record<string, unknown>): Promise<CompiledDocs & { toFumadocsSource(): StaticSource }>;
}

async function collection() {
  return (server() as unknown as Runtime).docs(
    'docs',
    'content/docs',
    { 'meta.json': { title: 'Docs', pages: ['index', 'rooms'] }, 'rooms/meta.json': { title: 'Rooms', pages: ['windows', 'appearance'] } },
    {
      'index.mdx': page('Home', 'Start here', 'Welcome.\n', 'Start'),
      'rooms/appearance.mdx': page('Appearance', 'Wallpaper and fonts', '## Wallpaper\n\nA picture.\n', 'Wallpaper'),
      'rooms/windows.mdx': page('Windows', 'Accordion padding', '## Padding\n\n`layer.windows.accordionPadding`\n', 'Padding'),
    },
  );
}

/** Each file's last-changed date, as scripts/build-search-data.mjs finds them (lib/docs-source/last-modified.ts). */
const dates = new Map([
  ['index.mdx', '2026-11-01T09:00:00Z'],
  ['rooms/appearance.mdx', '2026-11-20T14:03:11Z'],
  ['rooms/windows.mdx', '2026-11-18T23:59:59Z'],
  ['meta.json', '2026-10-30T00:00:00Z'],
  ['rooms/meta.json', '2026-11-21T08:00:00Z'],
]);
const datesNow = () => Promise.resolve(docsDatesOf(dates));

describe('the docs as data', () => {
  it('make the source the collection makes', async () => {
    const docs = await collection();
    const compiled = loader({ baseUrl: docsRoute, source: docs.toFumadocsSource() });
    const fromData = docsSourceOf(JSON.parse(JSON.stringify(datedDocsData(await docsDataOf(docs, 'hash'), dates))));

    const facts = (pages: { url: string; slugs: string[]; path: string; data: { title?: string; description?: string } }[]) =>
      pages.map(({ url, slugs, path, data }) => ({ url, slugs, path, title: data.title, description: data.description }));
    expect(facts(fromData.getPages())).toEqual(facts(compiled.getPages()));
    expect(fromData.getPageTree()).toEqual(compiled.getPageTree());

    const [ours, theirs] = [docsLlmsOf(fromData, datesNow), docsLlmsOf(compiled, datesNow)];
    expect(await ours.index()).toBe(await theirs.index());
    expect(await ours.full()).toBe(await theirs.full());
    // The twin's header: the title and URL, then the page's last-changed day (UTC); then its text as it was,
    // and how to say whether the page helped (POST /api/feedback).
    expect(await ours.page(pageFinder(fromData.getPages())(['rooms', 'appearance'])!)).toBe(
      '# Appearance (/docs/rooms/appearance)\n\nLast updated: 2026-11-20\n\n## Wallpaper\n\nA picture.\n\n---\n\n' +
        'Was this page helpful? `POST /api/feedback` with `{"page": "/docs/rooms/appearance", "helpful": true}` (or `false`, and an optional `"comment"` of at most 500 characters); /openapi.json describes it.\n',
    );
    expect(await exportSourceIndex(fromData)).toEqual(await exportSourceIndex(compiled));
    // The build makes the search core's index from the source's rows, without Fumadocs' index: the same data.
    expect(searchDataOfRows(await sourceSearchRows(fromData))).toEqual(await buildSearchData(await exportSourceIndex(compiled)));
  });

  it('hold each page\'s and meta.json\'s date, and the newest of them', async () => {
    const file = datedDocsData(await docsDataOf(await collection(), 'hash'), dates);
    expect(file.pages.map((page) => [page.info.path, page.lastModified])).toEqual([
      ['index.mdx', '2026-11-01T09:00:00Z'],
      ['rooms/appearance.mdx', '2026-11-20T14:03:11Z'],
      ['rooms/windows.mdx', '2026-11-18T23:59:59Z'],
    ]);
    const read = fileDates(JSON.parse(JSON.stringify(file)));
    expect(read.of('rooms/windows.mdx')).toBe('2026-11-18T23:59:59Z');
    // A meta.json orders and names the pages of /llms.txt: its change is the docs' newest here.
    expect(read.newest).toBe('2026-11-21T08:00:00Z');
    expect(() => read.of('rooms/gone.mdx')).toThrow(/No last-changed date/);
    const undated = await docsDataOf(await collection(), 'hash');
    expect(() => datedDocsData(undated, new Map())).toThrow(/index.mdx has no last-changed date/);
  });

  it('find a page by its exact slugs only', async () => {
    const find = pageFinder(docsSourceOf(datedDocsData(await docsDataOf(await collection(), 'hash'), dates)).getPages());
    expect(find(['rooms', 'windows'])?.url).toBe('/docs/rooms/windows');
    expect(find(undefined)?.url).toBe('/docs');
    expect(find(['rooms/windows'])).toBeUndefined();
  });

  it('are read only when made from the content this build compiled', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docs-data-'));
    try {
      mkdirSync(path.join(root, path.dirname(docsDataFile)), { recursive: true });
      writeFileSync(path.join(root, docsDataFile), JSON.stringify({ contentHash: 'a', pages: [], metas: [] }));
      await expect(readDocsData(root, 'a')).resolves.toMatchObject({ contentHash: 'a' });
      await expect(readDocsData(root, 'b')).rejects.toThrow(/other content/);
      await expect(readDocsData(root, undefined)).rejects.toThrow(/other content/);
      // A file an older build wrote, with no dates, is made again rather than read.
      writeFileSync(path.join(root, docsDataFile), JSON.stringify({ contentHash: 'a', pages: [{ info: { path: 'index.mdx' } }], metas: [] }));
      await expect(readDocsData(root, 'a')).rejects.toThrow(/no last-changed dates.*run scripts\/build-search-data.mjs/);
      rmSync(path.join(root, docsDataFile));
      await expect(readDocsData(root, 'a')).rejects.toThrow(/cannot be read: run scripts\/build-search-data.mjs/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
