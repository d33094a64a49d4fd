import { describe, expect, it } from 'vitest';
import { scoredFields, type SearchData, type TokenPostings } from '@/lib/search/index-data';
import { searchDataFormat } from '@/lib/search/index-format';
import { openSearchData, searchDataMeta, type SearchDataView } from '@/lib/search/index-reader';
import { encodeSearchData } from '@/lib/search/index-writer';

/**
 * lib/search/index-format.ts: the index's bytes read back column by
 * column as they were written, whatever the text, the widths the integers
 * need or where the bytes sit in their buffer; and bytes of another format
 * refused.
 */

// Sorted in code-unit order, as buildSearchData sorts them: an astral character (a surrogate pair, D83D …) before U+FFFF.
const sortedTokens = (tokens: string[]) => [...tokens].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const postings = (entries: Record<string, number[]>): TokenPostings => {
  const tokens = sortedTokens(Object.keys(entries));
  return { tokens, lists: tokens.map((token) => entries[token]!) };
};

/** Six sections with every kind of entry: null and empty headings and texts, text beyond ASCII, URLs that are their page's id, that id and a fragment, that id and the heading, and none of these. */
function sample(): SearchData {
  const pages = Object.create(null) as SearchData['pages'];
  pages['/docs/a'] = ['Apérçu 中文', ['Rooms', 'Ünïcode 😀']];
  pages['/docs/b'] = ['layer.b.page', []];
  pages['__proto__'] = ['A page named like a property', ['x']];
  const bigGaps = [0, 5, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 300_000_000];
  return {
    sections: {
      urls: ['/docs/a', '/docs/a#layer.Wallpaper.Glow', '/docs/a#na%C3%AFve', '/docs/b', '/elsewhere#x', '__proto__'],
      pageIds: ['/docs/a', '/docs/a', '/docs/a', '/docs/b', '/docs/b', '__proto__'],
      headings: [null, 'layer.Wallpaper.Glow', 'Naïve – “quoted” 😀', null, '', 'constructor'],
      texts: ['Intro text.', null, 'Text with 中文 and 😀 and \u0000 and a\nnewline.', '', null, 'hasOwnProperty'],
    },
    pages,
    vocabulary: { words: ['glow', 'naïve', '中文', '__proto__'], counts: [3, 1, 2, 70_000] },
    fields: {
      name: { lengths: [0, 3, 0, 0, 0, 0], postings: postings({ layer: [1], 'layer.wallpaper.glow': [1], glow: [1] }) },
      heading: { lengths: [0, 0, 4, 0, 0, 1], postings: postings({ naïve: [2], quot: [2], '😀': [2], '\uffff': [2], constructor: [5] }) },
      body: { lengths: [2, 0, 70_000, 0, 0, 1], postings: postings({ intro: [0], text: [0, 2], 中文: [2], hasownproperti: [5], wide: bigGaps }) },
      page: { lengths: [2, 2, 2, 1, 1, 300], postings: postings({ aperçu: [0, 1, 2], page: [3, 4, 5], empty: [] }) },
    },
    title: postings({ layer: [1], glow: [1], naïve: [2], '😀': [2], constructor: [5] }),
  };
}

function expectSameIndex(view: SearchDataView, data: SearchData): void {
  const { urls, pageIds, headings, texts } = data.sections;
  expect(view.count).toBe(urls.length);
  urls.forEach((url, section) => {
    expect(view.section(section)).toEqual({ url, pageId: pageIds[section], heading: headings[section], text: texts[section] });
  });
  for (const id of new Set(pageIds)) expect(view.page(id), id).toEqual(Object.hasOwn(data.pages, id) ? data.pages[id] : undefined);
  for (const id of ['', '/docs', 'constructor', 'toString']) expect(view.page(id), id).toBeUndefined();
  expect(view.vocabulary()).toEqual(data.vocabulary);
  for (const word of data.vocabulary.words) expect(view.hasWord(word), word).toBe(true);
  for (const word of ['', 'glo', 'glows', 'naive', 'constructor', '\uffff']) expect(view.hasWord(word), word).toBe(false);
  const lists = (column: SearchDataView['title'], { tokens }: TokenPostings) => tokens.map((token) => Array.from(column.get(token)!));
  for (const field of scoredFields) {
    expect(Array.from(view.fields[field].lengths)).toEqual(data.fields[field].lengths);
    expect(lists(view.fields[field].postings, data.fields[field].postings)).toEqual(data.fields[field].postings.lists);
  }
  expect(lists(view.title, data.title)).toEqual(data.title.lists);
}

describe('the search index as bytes', () => {
  it('reads back every column as written: sections, pages, vocabulary, field lengths and postings, title postings', () => {
    const data = sample();
    const bytes = encodeSearchData(data, { contentHash: 'abc' });
    const view = openSearchData(bytes);
    expectSameIndex(view, data);
    expect(view.meta).toEqual({ contentHash: 'abc' });
    expect(searchDataMeta(bytes)).toEqual({ contentHash: 'abc' });
  });

  it('keeps each field’s mean length over the sections that have it', () => {
    const view = openSearchData(encodeSearchData(sample()));
    expect(view.fields.name.averageLength).toBe(3);
    expect(view.fields.heading.averageLength).toBe(5 / 2);
    expect(view.fields.body.averageLength).toBe(70_003 / 3);
    expect(view.fields.page.averageLength).toBe(308 / 6);
  });

  it('reads an empty posting list and an index of no sections', () => {
    expect(Array.from(openSearchData(encodeSearchData(sample())).fields.page.postings.get('empty')!)).toEqual([]);
    const empty: SearchData = {
      sections: { urls: [], pageIds: [], headings: [], texts: [] },
      pages: {},
      vocabulary: { words: [], counts: [] },
      fields: Object.fromEntries(scoredFields.map((field) => [field, { lengths: [] as number[], postings: { tokens: [] as string[], lists: [] as number[][] } }])) as SearchData['fields'],
      title: { tokens: [], lists: [] },
    };
    const view = openSearchData(encodeSearchData(empty));
    expectSameIndex(view, empty);
    expect(view.fields.body.postings.get('')).toBeUndefined();
    expect(view.title.get('glow')).toBeUndefined();
    expect(view.optionSection('layer.a')).toBeUndefined();
  });

  it('finds a token at either end of the token list and none before, after or between, in code-unit order', () => {
    const view = openSearchData(encodeSearchData(sample()));
    const { heading, body, page } = view.fields;
    // The index's tokens run from `aperçu` to U+FFFF (after the astral 😀, as code units order them).
    expect(Array.from(page.postings.get('aperçu')!)).toEqual([0, 1, 2]);
    expect(Array.from(heading.postings.get('\uffff')!)).toEqual([2]);
    expect(Array.from(heading.postings.get('😀')!)).toEqual([2]);
    for (const absent of ['', 'a', 'aperç', 'aperçus', 'layer.wallpaper', 'zzz', '\uffff\uffff', 'toString', '__proto__']) {
      for (const field of scoredFields) expect(view.fields[field].postings.get(absent), `${field} ${absent}`).toBeUndefined();
    }
    // A token of another field only.
    expect(body.postings.get('naïve')).toBeUndefined();
    expect(Array.from(body.postings.get('wide')!)).toEqual(sample().fields.body.postings.lists[sample().fields.body.postings.tokens.indexOf('wide')]);
  });

  it('finds each of many tokens sharing prefixes, across the blocks its token list is written in, and none between them', () => {
    // Dotted names and their runs, as the name field holds them, with characters of two, three and four UTF-8 bytes
    // beside ASCII ones that share their prefixes (an ASCII token is looked up by its bytes, any other by its text).
    const tokens = sortedTokens(
      Array.from({ length: 700 }, (_, i) => [
        `layer.room${i % 37}.glow${i}`,
        `room${i % 37}.é${i}`,
        `room${i % 37}.e${i}`,
        `room${i % 37}.f`,
        `${'中'.repeat(1 + (i % 3))}${i}`,
        `😀${i}`,
      ]).flat(),
    ).filter((token, i, all) => token !== all[i - 1]);
    const data = sample();
    data.fields.name.postings = { tokens, lists: tokens.map((_, i) => [i % 6]) };
    const view = openSearchData(encodeSearchData(data));
    tokens.forEach((token, i) => expect(Array.from(view.fields.name.postings.get(token) ?? []), token).toEqual([i % 6]));
    for (const absent of [
      'layer.room1', 'layer.room1.glow', 'layer.room36.glow699x', 'room0.é', 'room0.e', 'room0.e0x', 'room0.ez', 'room0.f0', 'room0.g', 'room99.e0',
      '中', '😀', '😀7000', '\u0000', '\u007f', '\uffff',
    ]) {
      expect(view.fields.name.postings.get(absent), absent).toBeUndefined();
    }
  });

  it('finds an option’s section by its lowercased full name: a heading, or a page’s title on its own section', () => {
    const view = openSearchData(encodeSearchData(sample()));
    expect(view.optionSection('layer.wallpaper.glow')).toBe(1);
    expect(view.optionSection('layer.b.page')).toBe(3);
    expect(view.optionSection('layer.Wallpaper.Glow')).toBeUndefined();
    expect(view.optionSection('layer.wallpaper')).toBeUndefined();
    expect(view.optionSection('constructor')).toBeUndefined();
  });

  it('reads bytes that do not start at a multiple of 4 in their buffer', () => {
    const bytes = encodeSearchData(sample());
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expectSameIndex(openSearchData(shifted.subarray(3)), sample());
  });

  it('refuses bytes in another format, the JSON of the earlier one included, or cut short', () => {
    const bytes = encodeSearchData(sample(), { contentHash: 'abc' });
    const encoder = new TextEncoder();
    const others = {
      'the earlier JSON': encoder.encode(JSON.stringify({ contentHash: 'abc', data: { format: 'layer-site-search/2' } })),
      'a later format': encoder.encode(new TextDecoder('latin1').decode(bytes).replace(searchDataFormat, 'layer-site-search/4')),
      'no bytes': new Uint8Array(0),
      'the name alone': encoder.encode(`${searchDataFormat}\n`),
      'a header cut short': bytes.subarray(0, 40),
    };
    for (const [what, other] of Object.entries(others)) {
      expect(searchDataMeta(other), what).toBeUndefined();
      expect(() => openSearchData(other), what).toThrow(`not in this search core's format (${searchDataFormat})`);
    }
  });
});
