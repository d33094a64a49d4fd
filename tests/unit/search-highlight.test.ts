import { describe, expect, it } from 'vitest';
import { highlightParts, highlightTerms, markedRuns } from '@/lib/search/highlight';
import { stem, stopWords } from '@/lib/search/terms';

/**
 * The search dialog's highlight: whole words of a result whose stem is the
 * stem of a word of the query, read as the index reads them; never a filler
 * word, never a few letters inside a longer word.
 */

/** The text with its marked runs in brackets. */
const shown = (query: string, text: string) =>
  highlightParts(text, highlightTerms(query))
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join('');

const example = 'how do I install the hacker desktop';

const table: [query: string, text: string, marked: string][] = [
  // Result rows the example query brings (titles and excerpts of the install and desktops pages).
  [example, 'Desktops', '[Desktops]'],
  [example, 'Install', '[Install]'],
  [
    example,
    'The hacker desktop. Its installer, /hacker.sh, installs the layer with this desktop pinned.',
    'The [hacker] [desktop]. Its [installer], /[hacker].sh, [installs] the layer with this [desktop] pinned.',
  ],
  [
    example,
    'Ready-made sets of choices. Three install by URL; a desktop in its own repository installs with a flag.',
    'Ready-made sets of choices. Three [install] by URL; a [desktop] in its own repository [installs] with a flag.',
  ],
  [example, 'Desktops in their own repository', '[Desktops] in their own repository'],
  [example, 'How a desktop is pinned', 'How a [desktop] is pinned'],
  [example, 'get_install_command', 'get_[install]_command'],
  [example, 'Installing, installed, INSTALL', '[Installing], [installed], [INSTALL]'],
  // Option names split as the index splits them: at dots, and an ASCII camelCase segment into its humps.
  ['reduce motion', 'layer.appearance.reduceMotion', 'layer.appearance.[reduceMotion]'],
  ['reduce motion', 'Reduced motion: fewer animations.', '[Reduced] [motion]: fewer animations.'],
  ['reduce motion', 'layer.accessibility.reduceTransparency', 'layer.accessibility.[reduce]Transparency'],
  ['wallpaper glow', 'layer.wallpaper.glow.spread', 'layer.[wallpaper].[glow].spread'],
  ['wallpaper glow', 'The glowing wallpapers', 'The [glowing] [wallpapers]'],
  ['layer.wallpaper.glow.spread', 'layer.wallpaper.glow.spread', '[layer.wallpaper.glow.spread]'],
  ['layer.wallpaper.glow.spread', 'How far the glow spreads', 'How far the [glow] [spreads]'],
  ['reduceMotion', 'layer.appearance.reduceMotion', 'layer.appearance.[reduceMotion]'],
  ['ui scale', 'layer.displays.<name>.uiScale', 'layer.displays.<name>.[uiScale]'],
  ['scale', 'layer.displays.<name>.uiScale', 'layer.displays.<name>.ui[Scale]'],
  // A hump of one or two letters is too small to mark inside a longer word; standing alone it is a word.
  ['ui', 'layer.bar.showUi, layer.ui.scale, uiScale', 'layer.bar.showUi, layer.[ui].scale, uiScale'],
  ['larger-text', 'Turn on larger-text here', 'Turn on [larger-text] here'],
  // Filler words and words whose stem is one never mark anything.
  ['the', 'The theme of the layer', 'The theme of the layer'],
  ['how do I', 'How do I pin it?', 'How do I pin it?'],
  ['settings', 'Display settings', 'Display settings'],
  ['display settings', 'Display settings', '[Display] settings'],
  // Phrases are read as the ranking reads them ("turn on" is "enable").
  ['turn on glow', 'Enable the glow; turn it on', '[Enable] the [glow]; turn it on'],
  // A word is marked whole or not at all: no prefixes, no letters inside a longer word.
  ['desk', 'Desktops', 'Desktops'],
  ['pin', 'spinning pins', 'spinning [pins]'],
  ['in', 'pinned in the window', 'pinned in the window'],
  // The letters after an apostrophe belong to the word before it.
  ["it's glow", "Layer's glow isn't", "Layer's [glow] isn't"],
];

describe('search highlight', () => {
  it.each(table)('%s  in  %s', (query, text, marked) => {
    expect(shown(query, text)).toBe(marked);
  });

  it('marks the example query as whole words only (before: every "i" inside choices, with, pinned; "Desktop" of "Desktops")', () => {
    const text = 'Ready-made sets of choices. Three install by URL; a desktop in its own repository installs with a flag. A desktop is a shared, data-only preset.';
    const runs = markedRuns(text, highlightTerms(example)).map(({ start, end }) => text.slice(start, end));
    expect(runs).toEqual(['install', 'desktop', 'installs', 'desktop']);
  });

  it('never marks a filler word, and marks nothing inside a word, whatever the query', () => {
    const text =
      'How do I install the hacker desktop? Desktops, installs, layer.appearance.reduceMotion, layer.bar.showUi, with choices pinned in its own repository; it is on by default.';
    const queries = [example, 'reduce motion', 'wallpaper glow', 'layer.appearance.reduceMotion', 'ui', 'i', 'in', 'on it', 'is the'];
    for (const query of queries) {
      for (const { start, end } of markedRuns(text, highlightTerms(query))) {
        const run = text.slice(start, end);
        expect(stopWords.has(run.toLowerCase()), `${query}: ${run}`).toBe(false);
        // A run starts and ends at a word's edge, or at a camelCase hump's (`reduce|Motion`).
        const before = text[start - 1] ?? ' ';
        const after = text[end] ?? ' ';
        expect(/[a-z]/.test(before) && /[a-z]/.test(run[0]!), `${query}: ${run} starts inside a word`).toBe(false);
        expect(/[\p{L}\p{N}]/u.test(after) && !/[A-Z]/.test(after), `${query}: ${run} ends inside a word`).toBe(false);
        // Inside a longer word (a camelCase hump), never fewer than three letters.
        if (/[\p{L}\p{N}]/u.test(before + after)) expect(run.length, `${query}: ${run} inside a word`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('marks for the stems of the query\'s own words, as the ranking reads the query', () => {
    expect([...highlightTerms(example)].sort()).toEqual([stem('desktop'), stem('hacker'), stem('install')].sort());
    expect([...highlightTerms('turn on glow')].sort()).toEqual([stem('enable'), stem('glow')].sort());
    expect(highlightTerms('how do I').size).toBe(0);
  });

  it('leaves a text whole when nothing is marked', () => {
    expect(highlightParts('Desktops', new Set())).toEqual([{ text: 'Desktops', marked: false }]);
    expect(highlightParts('', highlightTerms(example))).toEqual([{ text: '', marked: false }]);
  });
});
