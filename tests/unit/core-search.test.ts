import { describe, expect, it } from 'vitest';
import { structure } from 'fumadocs-core/mdx-plugins/remark-structure';
import { initAdvancedSearch } from 'fumadocs-core/search/server';
import { createCursorCodec } from '@/lib/core/cursor';
import { createDocsSearch, type DocsSearch } from '@/lib/core/search';
import { excerptAround } from '@/lib/search/excerpt';
import { buildSearchData } from '@/lib/search/index-data';
import { searchDataFormat } from '@/lib/search/index-format';
import { openSearchData, searchDataMeta } from '@/lib/search/index-reader';
import { encodeSearchData } from '@/lib/search/index-writer';
import type { SearchHit } from '@/lib/core/schemas';

/**
 * The index is built the way `createFromSource` builds the one /api/search
 * serves: remark-structure over markdown, then Fumadocs' advanced zbsearch
 * server, exported and sent through JSON like the HTTP response.
 */
const pages = [
  {
    url: '/docs/rooms/windows',
    title: 'Windows',
    description: 'Window layout, the desktop and hot corners.',
    breadcrumbs: ['Rooms'],
    markdown: `
The Windows room arranges windows.

## layer.windows.enable

Turns on the tiling window manager. Default false.

## layer.windows.layout

Picks the layout. In accordion layout, neighbouring windows peek out by
\`layer.windows.accordionPadding\` points on each side; set accordionPadding to 0
to hide them, or see layer.windows.accordionPadding for its range. The accordion
layout suits small laptop panels where tiles would be cramped.

## layer.windows.accordionPadding

Unsigned integer, points; default 80. Read only in accordion layout; 0 hides neighbours; needs layer.windows.enable.
`,
  },
  {
    url: '/docs/rooms/appearance',
    title: 'Appearance',
    description: 'Palette and accent, wallpaper and fonts.',
    breadcrumbs: ['Rooms'],
    // The layout of the real option pages: one heading per option, with its full name as id.
    markdown: `
## Wallpaper

### layer.wallpaper.glow.color [#layer.wallpaper.glow.color]

**Type:** null or hex string · **Default:** \`null\`

The colour of the glow. \`null\` takes the accent colour, unlike layer.wallpaper.glow.spread which is a size.

### layer.wallpaper.glow.spread [#layer.wallpaper.glow.spread]

**Type:** number · **Range:** 0.2 to 4.0 · **Default:** \`1.15\`

The diameter of the glow, as a multiple of the picture's long edge.

### layer.theme.accent [#layer.theme.accent]

Accent colour of themed tools. The wallpaper glow takes it when layer.wallpaper.glow.color is null.
`,
  },
  {
    url: '/docs/reference/wallpaper',
    title: 'Wallpaper table',
    description: 'Every wallpaper option in one table.',
    breadcrumbs: ['Reference'],
    markdown: `
## layer.wallpaper

| Option | Type | Default | Rules |
|---|---|---|---|
| style | enum | none | applied at each activation |
| glow.enable | boolean | true | |
| glow.spread | number 0.2-4.0 | 1.15 | diameter as a multiple of the long edge |
| glow.strength | integer 0-100 | 3 | percent mixed into the field |
`,
  },
  {
    url: '/docs/installation',
    title: 'Installation',
    description: 'Install the layer on a Mac.',
    breadcrumbs: [],
    markdown: Array.from(
      { length: 24 },
      (_, i) => `## Step ${i + 1}\n\nInstall step ${i + 1}: ${'run the installer and wait. '.repeat((i % 4) + 1)}\n`,
    ).join('\n'),
  },
];

async function exportedIndex(order: readonly (typeof pages)[number][] = pages): Promise<unknown> {
  const server = initAdvancedSearch({
    indexes: order.map((page) => ({
      id: page.url,
      url: page.url,
      title: page.title,
      description: page.description,
      breadcrumbs: page.breadcrumbs,
      structuredData: structure(page.markdown),
    })),
  });
  // Through JSON, as GET /api/search serves it.
  return JSON.parse(JSON.stringify(await server.export()));
}

const cursors = createCursorCodec('test-cursor-secret-0123456789');

function makeSearch(loadIndex: () => Promise<unknown> = exportedIndex): DocsSearch {
  return createDocsSearch({ loadIndex, cursors });
}

async function searchOk(search: DocsSearch, input: Parameters<DocsSearch['search']>[0]) {
  const result = await search.search(input);
  if (!result.ok) throw new Error(`expected a result, got ${result.error.code}: ${result.error.detail}`);
  return result.value;
}

async function walk(search: DocsSearch, q: string, limit: number): Promise<{ hits: SearchHit[]; totals: number[]; pages: number }> {
  const hits: SearchHit[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let count = 0;
  do {
    const page = await searchOk(search, { q, limit, cursor });
    hits.push(...page.results);
    totals.push(page.total);
    expect(page.results.length).toBeLessThanOrEqual(limit);
    cursor = page.next_cursor;
    count += 1;
  } while (cursor && count < 100);
  return { hits, totals, pages: count };
}

describe('docs search: ranking', () => {
  it('ranks the section of layer.windows.accordionPadding first for `accordionPadding`', async () => {
    const page = await searchOk(makeSearch(), { q: 'accordionPadding' });
    expect(page.results[0]).toMatchObject({
      url: '/docs/rooms/windows#layerwindowsaccordionpadding',
      breadcrumbs: ['Rooms', 'Windows', 'layer.windows.accordionPadding'],
    });
    // The layout section mentions it too, further down.
    expect(page.results.map((hit) => hit.url)).toContain('/docs/rooms/windows#layerwindowslayout');
    expect(page.query).toBe('accordionPadding');
  });

  it('finds layer.wallpaper.glow.spread for `glow.spread`, in its section', async () => {
    const page = await searchOk(makeSearch(), { q: 'glow.spread' });
    expect(page.results[0]).toMatchObject({
      url: '/docs/rooms/appearance#layer.wallpaper.glow.spread',
      breadcrumbs: ['Rooms', 'Appearance', 'layer.wallpaper.glow.spread'],
    });
    expect(page.results[0]!.excerpt).toContain('The diameter of the glow');
    // The table row and the prose mention are found too, below the option's own section.
    const urls = page.results.map((hit) => hit.url);
    expect(urls).toContain('/docs/reference/wallpaper#layerwallpaper');
    expect(urls).toContain('/docs/rooms/appearance#layer.wallpaper.glow.color');
  });

  it('reads option names the index stores escaped (`glow\\.spread`) as whole names', async () => {
    // The premise: Fumadocs escapes the dot after a `w`, and JSON escapes that backslash.
    expect(JSON.stringify(await exportedIndex())).toContain('layer.wallpaper.glow\\\\.spread');
    const page = await searchOk(makeSearch(), { q: 'layer.wallpaper.glow.spread' });
    expect(page.results[0]!.url).toBe('/docs/rooms/appearance#layer.wallpaper.glow.spread');
    const table = page.results.find((hit) => hit.url === '/docs/reference/wallpaper#layerwallpaper');
    expect(table?.excerpt).toContain('glow.spread number 0.2-4.0');
    for (const hit of page.results) expect(hit.excerpt).not.toContain('\\');
  });

  it('joins adjacent words, so `accordion padding` meets accordionPadding', async () => {
    const page = await searchOk(makeSearch(), { q: 'accordion padding' });
    expect(page.results[0]!.url).toBe('/docs/rooms/windows#layerwindowsaccordionpadding');
  });

  it('answers one hit per section with integer scores, best first, ties by URL', async () => {
    const page = await searchOk(makeSearch(), { q: 'accordion', limit: 50 });
    const urls = page.results.map((hit) => hit.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const hit of page.results) expect(Number.isInteger(hit.score)).toBe(true);
    for (let i = 1; i < page.results.length; i += 1) {
      const [a, b] = [page.results[i - 1]!, page.results[i]!];
      expect(a.score > b.score || (a.score === b.score && a.url < b.url)).toBe(true);
    }
  });

  it('keeps the best k as the full ranking orders them, for every k (the heap and its cut-off)', async () => {
    const search = makeSearch();
    for (const q of ['accordion', 'layer', 'windows', 'wallpaper glow', 'default']) {
      const full = await searchOk(search, { q, limit: 50 });
      expect(full.total).toBeLessThanOrEqual(50);
      for (let k = 1; k <= full.results.length; k += 1) {
        const page = await searchOk(search, { q, limit: k });
        expect(page.results, `${q}, limit ${k}`).toEqual(full.results.slice(0, k));
      }
    }
  });

  it('answers a repeat with the same excerpts (flattened texts of shown sections are kept)', async () => {
    const search = makeSearch();
    for (const q of ['accordion', 'glow colour', 'layer']) {
      const first = await searchOk(search, { q, limit: 50 });
      expect(await searchOk(search, { q, limit: 50 }), q).toEqual(first);
      for (const hit of first.results) expect(hit.excerpt, q).not.toMatch(/\*\*|`|\s\s/);
    }
  });

  it('gives a page-level hit the page breadcrumbs and title', async () => {
    const page = await searchOk(makeSearch(), { q: 'Installation' });
    expect(page.results[0]).toMatchObject({ url: '/docs/installation', breadcrumbs: ['Installation'] });
  });

  it('answers nothing for a query with no words', async () => {
    const page = await searchOk(makeSearch(), { q: '?!' });
    expect(page).toEqual({ query: '?!', results: [], next_cursor: null, total: 0 });
  });

  it('searches a query of filler words as written, matching only the sections that hold them', async () => {
    // "by" is a filler word; only the accordion layout's text says it.
    const page = await searchOk(makeSearch(), { q: 'by', limit: 50 });
    expect(page.results.map((hit) => hit.url)).toEqual(['/docs/rooms/windows#layerwindowslayout']);
    expect(page.total).toBe(1);
  });

  it('puts a section holding every word of a question above an option named for one of them', async () => {
    // Many option sections make the one named `…install` rare in names: summed per field, that one word
    // outweighed a section whose text holds all three words (the share of words held now scales each sum).
    const server = initAdvancedSearch({
      indexes: [
        {
          id: '/docs/desktops',
          url: '/docs/desktops',
          title: 'Desktops',
          description: 'Desktops bundle rooms.',
          structuredData: structure(
            [
              '## Hacker',
              'The hacker desktop. Its installer, /hacker.sh, installs the layer with this desktop pinned: curl -fsSL https://example.com/hacker.sh | sh',
              '## Studio',
              'The studio desktop, for designers.',
            ].join('\n\n'),
          ),
        },
        {
          id: '/docs/rooms/apps',
          url: '/docs/rooms/apps',
          title: 'Apps',
          description: 'Apps from the store.',
          structuredData: structure(
            Array.from({ length: 100 }, (_, i) => `## layer.apps.option${i}\n\nA setting of the apps room that a desktop may also set, number ${i}.`)
              .concat('## layer.appStore.install\n\nInstalls the roster entries from the store during activation, skipping installed ones.')
              .join('\n\n'),
          ),
        },
      ],
    });
    const exported = JSON.parse(JSON.stringify(await server.export())) as unknown;
    const page = await searchOk(makeSearch(async () => exported), { q: 'How do I install the hacker desktop?' });
    expect(page.results.map((hit) => hit.url).slice(0, 2)).toEqual(['/docs/desktops#hacker', '/docs/rooms/apps#layerappstoreinstall']);
  });

  it('finds a word the stemmer would shorten again if its stem were read as a word (`release`, `mouse`)', async () => {
    const server = initAdvancedSearch({
      indexes: [
        {
          id: '/docs/releases',
          url: '/docs/releases',
          title: 'Releases',
          description: 'How the layer ships.',
          structuredData: structure('## Signing\n\nEach release is signed.\n\n## Pointer\n\nThe mouse pointer grows when shaken.'),
        },
      ],
    });
    const exported = JSON.parse(JSON.stringify(await server.export())) as unknown;
    const search = makeSearch(async () => exported);
    // Stemmed once, `release` is `releas` as in the index; stemmed again it would be `relea`.
    expect((await searchOk(search, { q: 'release' })).results.map((hit) => hit.url)).toContain('/docs/releases#signing');
    expect((await searchOk(search, { q: 'mouse' })).results.map((hit) => hit.url)).toEqual(['/docs/releases#pointer']);
  });

  it('is deterministic', async () => {
    const search = makeSearch();
    const first = await searchOk(search, { q: 'install layer', limit: 5 });
    const second = await searchOk(makeSearch(), { q: 'install layer', limit: 5 });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });
});

describe('docs search: excerpts', () => {
  it('keeps about 200 characters around the first match', () => {
    const text = `${'lorem ipsum '.repeat(40)}the accordionPadding option ${'dolor sit '.repeat(40)}`;
    const excerpt = excerptAround(text, ['accordionpadding']);
    expect(excerpt).toContain('accordionPadding');
    expect(excerpt.length).toBeLessThanOrEqual(202);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('starts at the first place any word stands, each word read as written (a dot or a star is no pattern)', () => {
    const filler = 'lorem ipsum '.repeat(40);
    const text = `${filler}layerXwallpaper glow${filler}the layer.wallpaper option${filler}cache${filler}`;
    const excerpt = excerptAround(text, ['cache', 'layer.wallpaper', 'latency']);
    expect(excerpt).toContain('layer.wallpaper option');
    expect(excerpt).not.toContain('layerXwallpaper');
    expect(excerptAround(text, ['glow*'])).toBe(excerptAround(text, ['absent']));
    expect(excerptAround(text, ['absent']).startsWith('lorem')).toBe(true);
  });

  it('returns short text whole', () => {
    expect(excerptAround('  short   text ', ['x'])).toBe('short text');
  });

  it('quotes the section text in a hit', async () => {
    const page = await searchOk(makeSearch(), { q: 'accordionPadding' });
    expect(page.results[0]!.excerpt).toContain('Unsigned integer, points; default 80.');
  });
});

describe('docs search: paging', () => {
  it('walks every hit exactly once, in rank order, with a stable total', async () => {
    const search = makeSearch();
    const all = await searchOk(search, { q: 'install', limit: 50 });
    expect(all.total).toBeGreaterThan(20);
    expect(all.next_cursor).toBeNull();

    const walked = await walk(search, 'install', 7);
    expect(walked.hits.map((hit) => hit.url)).toEqual(all.results.map((hit) => hit.url));
    expect(new Set(walked.totals)).toEqual(new Set([all.total]));
    expect(walked.pages).toBe(Math.ceil(all.total / 7));
  });

  it('defaults to 10 per page and keeps the page size of the walk when only a cursor is passed', async () => {
    const search = makeSearch();
    const first = await searchOk(search, { q: 'install' });
    expect(first.results).toHaveLength(10);
    const small = await searchOk(search, { q: 'install', limit: 3 });
    const next = await searchOk(search, { q: 'install', cursor: small.next_cursor });
    expect(next.results).toHaveLength(3);
    expect(next.results[0]!.url).toBe(first.results[3]!.url);
  });

  it('treats an empty cursor as the first page', async () => {
    const search = makeSearch();
    const a = await searchOk(search, { q: 'install', cursor: '' });
    const b = await searchOk(search, { q: 'install' });
    expect(a).toEqual(b);
  });

  it('refuses a limit outside 1–50', async () => {
    for (const limit of [0, 51, 2.5]) {
      const result = await makeSearch().search({ q: 'install', limit });
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_parameter');
    }
  });
});

describe('docs search: failures', () => {
  it('answers missing_query for a missing or blank q', async () => {
    for (const q of [undefined, null, '', '   ']) {
      const result = await makeSearch().search({ q });
      expect(result.ok ? 'ok' : result.error.code).toBe('missing_query');
    }
  });

  it('refuses malformed, forged and other-query cursors with invalid_cursor', async () => {
    const search = makeSearch();
    const page = await searchOk(search, { q: 'install', limit: 5 });
    const cursor = page.next_cursor!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ q: 'install', offset: 0, limit: 50 })).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const listCursor = cursors.encode({ kind: 'list', list: 'desktops' }, { offset: 5, limit: 5 });
    const cases: Array<[string, { q: string; cursor: string }]> = [
      ['garbage', { q: 'install', cursor: 'not-a-cursor' }],
      ['three parts', { q: 'install', cursor: `${cursor}.x` }],
      ['bad base64', { q: 'install', cursor: `${payload}.%%%` }],
      ['forged payload', { q: 'install', cursor: `${forgedPayload}.${mac}` }],
      ['altered mac', { q: 'install', cursor: `${payload}.${flipped}` }],
      ['other secret', { q: 'install', cursor: createCursorCodec('another-secret-0123456789').encode({ kind: 'search', q: 'install' }, { offset: 5, limit: 5 }) }],
      ['other query', { q: 'layer', cursor }],
      ['list cursor', { q: 'install', cursor: listCursor }],
      ['sandbox cursor', { q: 'install', cursor: cursors.encode({ kind: 'search', q: 'install', sandbox: true }, { offset: 5, limit: 5 }) }],
    ];
    for (const [name, input] of cases) {
      const result = await search.search(input);
      expect(result.ok ? `${name}: ok` : `${name}: ${result.error.code}`).toBe(`${name}: invalid_cursor`);
    }
  });

  it('answers index_unavailable when the index cannot be loaded, and recovers on a later call', async () => {
    let calls = 0;
    const search = makeSearch(async () => {
      calls += 1;
      if (calls === 1) throw new Error('export failed');
      return exportedIndex();
    });
    const failed = await search.search({ q: 'accordionPadding' });
    expect(failed.ok ? 'ok' : failed.error.code).toBe('index_unavailable');
    const recovered = await searchOk(search, { q: 'accordionPadding' });
    expect(recovered.total).toBeGreaterThan(0);
    expect(calls).toBe(2);
  });

  it('answers index_unavailable for something that is not an advanced index', async () => {
    const search = makeSearch(async () => ({ type: 'simple', docs: {} }));
    const result = await search.search({ q: 'x' });
    expect(result.ok ? 'ok' : result.error.code).toBe('index_unavailable');
  });

  it('loads the index once for concurrent and later searches', async () => {
    let calls = 0;
    const search = makeSearch(async () => {
      calls += 1;
      return exportedIndex();
    });
    await Promise.all(Array.from({ length: 10 }, () => search.search({ q: 'glow' })));
    await search.search({ q: 'install' });
    expect(calls).toBe(1);
  });

  it('preload loads the index ahead of the first search, once, and settles when it has (a failed preload too); a failed preload is retried by the search', async () => {
    let calls = 0;
    const search = createDocsSearch({
      loadIndex: async () => {
        calls += 1;
        if (calls === 1) throw new Error('not yet');
        return exportedIndex();
      },
      cursors,
    });
    await expect(search.preload()).resolves.toBeUndefined();
    expect(calls).toBe(1);
    const first = await search.search({ q: 'glow' });
    expect(first.ok).toBe(true);
    expect(calls).toBe(2);
    await search.preload();
    await search.search({ q: 'install' });
    expect(calls).toBe(2);
  });

  it('a query word that names a property of every object (`constructor`, `__proto__`) is a word like any other', async () => {
    const search = makeSearch();
    for (const q of ['constructor', '__proto__', 'hasOwnProperty toString']) {
      const result = await search.search({ q });
      expect(result.ok, q).toBe(true);
    }
  });

  it('the same pages make the same index whatever order the source lists them in', async () => {
    // The build and scripts/build-search-data.mjs may list pages in different orders.
    const forward = await buildSearchData(await exportedIndex(pages));
    const backward = await buildSearchData(await exportedIndex([...pages].reverse()));
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward));
    expect(encodeSearchData(backward)).toEqual(encodeSearchData(forward));
  });
});

describe('docs search: the index format', () => {
  it('lists, per token in code-unit order, the ascending sections that hold it, and reads the same through its bytes', async () => {
    const data = await buildSearchData(await exportedIndex());
    const { urls, texts } = data.sections;
    expect([...urls].sort()).toEqual(urls);
    const { tokens, lists } = data.fields.body.postings;
    expect([...tokens].sort()).toEqual(tokens);
    const sections = lists[tokens.indexOf('diamet')]!;
    expect(sections.map((section) => urls[section])).toEqual(['/docs/reference/wallpaper#layerwallpaper', '/docs/rooms/appearance#layer.wallpaper.glow.spread']);
    for (const section of sections) expect(texts[section]).toMatch(/diameter/);
    const view = openSearchData(encodeSearchData(data));
    expect(Array.from(view.fields.body.postings.get('diamet')!)).toEqual(sections);
    for (const section of sections) expect(view.section(section).text).toMatch(/diameter/);
  });

  it('answers every query from the bytes of the index exactly as from the export it was made from', async () => {
    const bytes = encodeSearchData(await buildSearchData(await exportedIndex()));
    const fromExport = makeSearch();
    const fromBytes = makeSearch(async () => bytes);
    for (const q of ['glow', 'layer.wallpaper.glow.spread', 'LAYER.WINDOWS.ENABLE', 'accordion padding', 'which font', 'wallpaperr', 'acc', 'diameter of the glow', 'nothing-like-this']) {
      expect(await fromBytes.search({ q, limit: 20 }), q).toEqual(await fromExport.search({ q, limit: 20 }));
    }
  });

  it('is not mistaken for the earlier formats, whose file a server may still hold', () => {
    const earlier = new TextEncoder().encode(JSON.stringify({ contentHash: 'abc', data: { format: 'layer-site-search/2', sections: {}, pages: {}, vocabulary: {}, fields: {}, title: {} } }));
    expect(searchDataMeta(earlier)).toBeUndefined();
    expect(() => openSearchData(earlier)).toThrow(searchDataFormat);
  });
});
