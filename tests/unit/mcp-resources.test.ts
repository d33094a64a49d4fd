import { describe, expect, it } from 'vitest';
import type { DocsReader, DocsReaderPage } from '@/lib/core/docs-reader';
import { sectionsOf } from '@/lib/agents/docs-sections';
import { hitResourceUri, listResources, readResource, resourcePageSize } from '@/lib/agents/mcp-resources';

/** The documentation as MCP resources (lib/agents/mcp-resources.ts), over a reader of made-up pages. */
const twin = [
  '# Appearance (/docs/rooms/appearance)',
  '',
  'Last updated: 2026-11-23',
  '',
  'Intro.',
  '',
  '## Theme',
  '',
  '### `layer.theme.flavor`',
  '',
  '**Type:** enum',
  '',
  '```sh',
  '# not a heading',
  '## nor this',
  '```',
  '',
  '### layer.theme.accent',
  '',
  'Accent.',
  '',
  '## Sound',
  '',
  'Quiet.',
  '',
].join('\n');
const headings = [
  { id: 'theme', content: 'Theme' },
  { id: 'layer.theme.flavor', content: 'layer.theme.flavor' },
  { id: 'layer.theme.accent', content: 'layer.theme.accent' },
  { id: 'sound', content: 'Sound' },
];

describe('sections of a twin', () => {
  it('names a section by the anchor the twin writes after its heading', () => {
    const written = '# T (/docs/t)\n\n## Shortcuts [#shortcuts]\n\nA.\n\n### layer.x.y [#layer.x.y]\n\nB.\n';
    expect([...sectionsOf(written, []).entries()]).toEqual([
      ['shortcuts', '## Shortcuts [#shortcuts]\n\nA.\n\n### layer.x.y [#layer.x.y]\n\nB.\n'],
      ['layer.x.y', '### layer.x.y [#layer.x.y]\n\nB.\n'],
    ]);
  });

  it('cuts at the next heading of the same or a higher level, skips code, and names each by its anchor', () => {
    const sections = sectionsOf(twin, headings);
    expect([...sections.keys()]).toEqual(['theme', 'layer.theme.flavor', 'layer.theme.accent', 'sound']);
    expect(sections.get('layer.theme.flavor')).toBe('### `layer.theme.flavor`\n\n**Type:** enum\n\n```sh\n# not a heading\n## nor this\n```\n');
    expect(sections.get('theme')).toContain('### layer.theme.accent');
    expect(sections.get('theme')).not.toContain('## Sound');
    expect(sections.get('sound')).toBe('## Sound\n\nQuiet.\n');
  });
});

function page(slugs: string[], text = twin): DocsReaderPage {
  return { slugs, title: slugs.join(' ') || 'Intro', headings, lastModified: '2026-11-23T12:00:00Z', markdown: async () => text };
}
const reader = (pages: DocsReaderPage[]): DocsReader => {
  const list = pages; // one list: the catalog is made once for it
  return { pages: async () => list };
};
const origin = 'https://layer.example';

describe('MCP resources', () => {
  it('lists pages by their twin URL, with size and date, paged by an opaque cursor', async () => {
    const pages = [page([]), ...Array.from({ length: resourcePageSize + 3 }, (_, i) => page(['p', String(i)]))];
    const docs = reader(pages);
    const first = await listResources(docs, origin, undefined);
    expect(first.resources).toHaveLength(resourcePageSize);
    expect(first.resources[0]).toEqual({
      uri: 'https://layer.example/docs.md',
      name: 'index',
      title: 'Intro',
      mimeType: 'text/markdown',
      size: Buffer.byteLength(twin),
      annotations: { lastModified: '2026-11-23T12:00:00Z' },
    });
    expect(first.resources[1]!.uri).toBe('https://layer.example/docs/p/0.md');
    const second = await listResources(docs, origin, first.nextCursor);
    expect(second.resources).toHaveLength(4);
    expect(second.nextCursor).toBeUndefined();
    for (const bad of ['', 'x', Buffer.from('p0').toString('base64url'), Buffer.from('p999').toString('base64url'), '!!']) {
      await expect(listResources(docs, origin, bad)).rejects.toMatchObject({ code: -32602 });
    }
  });

  it('reads a page, a section, and refuses what is not there as resource-not-found', async () => {
    const docs = reader([page(['rooms', 'appearance'])]);
    const uri = 'https://layer.example/docs/rooms/appearance.md';
    expect(await readResource(docs, origin, uri)).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text: twin }] });
    expect((await readResource(docs, origin, `${uri}#sound`)).contents[0]!.text).toBe('## Sound\n\nQuiet.\n');
    expect((await readResource(docs, origin, `${uri}#layer%2Etheme%2Eaccent`)).contents[0]!.text).toContain('Accent.');
    for (const missing of [`${uri}#nope`, 'https://layer.example/docs/nope.md', 'https://other.example/docs/rooms/appearance.md']) {
      await expect(readResource(docs, origin, missing)).rejects.toMatchObject({ uri: missing });
    }
  });

  it("links a search hit to its section's resource", () => {
    expect(hitResourceUri(origin, '/docs/rooms/appearance#layer.theme.flavor')).toBe('https://layer.example/docs/rooms/appearance.md#layer.theme.flavor');
    expect(hitResourceUri(origin, '/docs')).toBe('https://layer.example/docs.md');
    expect(hitResourceUri(origin, '/v1/search')).toBeUndefined();
  });
});
