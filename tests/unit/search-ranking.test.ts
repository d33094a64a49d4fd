import { describe, expect, it } from 'vitest';
import { structure } from 'fumadocs-core/mdx-plugins/remark-structure';
import { initAdvancedSearch } from 'fumadocs-core/search/server';
import { buildSearchData } from '@/lib/search/index-data';
import { openSearchData } from '@/lib/search/index-reader';
import { encodeSearchData } from '@/lib/search/index-writer';
import { loadSearchData, rankSections, type ConceptTokens, type LoadedIndex } from '@/lib/search/ranking';
import { tokenize } from '@/lib/search/terms';

/**
 * rankSections against the scoring its comment states, computed plainly for
 * every matched section and sorted whole: on an index of some hundreds of
 * option sections, so a broad query's cut-off, its coverage looked up per
 * section and its fall-back to marking every holder all run.
 */
const words = ['glow', 'accent', 'padding', 'colour', 'window', 'corner', 'spread', 'shadow', 'margin', 'opacity'];
const pick = (seed: number, n: number) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]!);

function roomMarkdown(room: number): string {
  const sections = Array.from({ length: 150 }, (_, i) => {
    const seed = room * 150 + i;
    const name = `layer.room${room}.${pick(seed, 1 + (seed % 3)).join('')}${i}`;
    const body = `${pick(seed + 1, 2 + (seed % 5)).join(' ')} for ${name}. ${'More words about the option. '.repeat(seed % 4)}`;
    return `### ${name} [#${name}]\n\n${body}\n`;
  });
  return `## The ${pick(room, 2).join(' ')} room\n\nIntroduction of ${pick(room + 3, 3).join(' ')}.\n\n${sections.join('\n')}`;
}

async function loadedIndex(): Promise<LoadedIndex> {
  const server = initAdvancedSearch({
    indexes: [0, 1, 2].map((room) => ({
      id: `/docs/room${room}`,
      url: `/docs/room${room}`,
      title: `Room ${room}`,
      description: `The options of room ${room}.`,
      breadcrumbs: ['Rooms'],
      structuredData: structure(roomMarkdown(room)),
    })),
  });
  return loadSearchData(openSearchData(encodeSearchData(await buildSearchData(JSON.parse(JSON.stringify(await server.export()))))));
}

/** A word of the query: its own tokens, and those of its synonyms. */
const concept = (word: string, ...synonyms: string[]): ConceptTokens => ({
  own: new Set(tokenize(word)),
  tokens: new Set(tokenize([word, ...synonyms].join(' '))),
});

/** Every matched section scored as the formula reads, best first (rounded thousandths, then the lower index). */
function plainRanking(index: LoadedIndex, tokens: readonly string[], concepts: readonly ConceptTokens[], exact?: number) {
  const counted = concepts.filter((c) => c.tokens.size > 0);
  const sums = new Map<number, number>();
  const held = new Map<number, Set<number>>();
  // Field by field, token by token: the order the sums are made in.
  for (const field of index.fields) {
    for (const token of tokens) {
      const posting = field.get(token);
      if (!posting) continue;
      posting.sections.forEach((section, i) => {
        sums.set(section, (sums.get(section) ?? 0) + posting.impacts[i]!);
        const wordsHeld = held.get(section) ?? new Set<number>();
        counted.forEach((c, at) => c.tokens.has(token) && wordsHeld.add(at));
        held.set(section, wordsHeld);
      });
    }
  }
  const holds = (token: string, section: number) => index.title.get(token)?.includes(section) ?? false;
  return [...sums]
    .map(([section, sum]) => {
      let covered = 0;
      for (const c of concepts) {
        if ([...c.own].some((token) => holds(token, section))) covered += 1;
        else if ([...c.tokens].some((token) => !c.own.has(token) && holds(token, section))) covered += 0.5;
      }
      const coverage = concepts.length > 0 ? covered / concepts.length : 0;
      const coord = counted.length > 0 ? held.get(section)!.size / counted.length : 1;
      return { section, score: Math.round((sum * coord * (1 + 2 * coverage) + (section === exact ? 1000 : 0)) * 1000) };
    })
    .sort((a, b) => b.score - a.score || a.section - b.section);
}

describe('search ranking: the best k', () => {
  const queries: [string, ConceptTokens[]][] = [
    ['layer', [concept('layer')]],
    ['glow', [concept('glow')]],
    ['glow, or halo for shadow', [concept('glow', 'shadow')]],
    ['accent padding', [concept('accent'), concept('padding')]],
    ['window corner margin', [concept('window', 'room'), concept('corner'), concept('margin', 'padding')]],
    // A word no name or heading holds, after the others: no coverage is left over from them.
    ['words', [concept('words')]],
  ];

  it('keeps the sections and scores of the full ranking, for small and large k', async () => {
    const index = await loadedIndex();
    for (const [label, concepts] of queries) {
      const tokens = [...new Set(concepts.flatMap((c) => [...c.tokens]))];
      const plain = plainRanking(index, tokens, concepts);
      expect(plain.length, label).toBeGreaterThan(20);
      for (const k of [1, 2, 5, 10, 40, 200, plain.length]) {
        const { total, top } = rankSections(index, tokens, concepts, undefined, k);
        expect(total, label).toBe(plain.length);
        expect(top, `${label}, k ${k}`).toEqual(plain.slice(0, k));
      }
    }
  });

  it('puts the option a query names in full first, wherever its sum ranks', async () => {
    const index = await loadedIndex();
    for (const [label, concepts] of [queries[0]!, queries[3]!]) {
      const tokens = [...new Set(concepts.flatMap((c) => [...c.tokens]))];
      // The section that ranks last without the bonus, and one in the middle.
      const plain = plainRanking(index, tokens, concepts);
      for (const exact of [plain.at(-1)!.section, plain[Math.floor(plain.length / 2)]!.section]) {
        const named = plainRanking(index, tokens, concepts, exact);
        expect(named[0]!.section, label).toBe(exact);
        for (const k of [1, 2, 5, named.length]) expect(rankSections(index, tokens, concepts, exact, k).top, `${label}, k ${k}`).toEqual(named.slice(0, k));
      }
    }
  });
});
