import { describe, expect, it } from 'vitest';
import { plainWords, stem, stopWords, synonyms, tokenize, withinOneEdit } from '@/lib/search/terms';

describe('search terms', () => {
  it('splits option names at dots and camelCase humps, keeping the whole name and its runs', () => {
    const tokens = tokenize('layer.accessibility.reduceTransparency', { runs: true });
    expect(tokens).toEqual(
      expect.arrayContaining(['layer.accessibility.reducetransparency', 'accessibility.reducetransparency', stem('reduce'), stem('transparency')]),
    );
    expect(tokenize('layer.displays.<name>.uiScale')).toEqual(expect.arrayContaining(['layer.displays.<name>.uiscale', stem('scale'), 'ui']));
    expect(tokenize('larger-text')).toEqual(expect.arrayContaining(['larger-text', stem('larger'), 'text']));
  });

  it('stems words so forms of one word meet', () => {
    expect(stem('transparent')).toBe(stem('transparency'));
    expect(stem('installed')).toBe(stem('install'));
    expect(stem('animations')).toBe(stem('animation'));
  });

  it('keeps plain words for typo correction', () => {
    expect(plainWords('layer.windows.accordionPadding')).toEqual(expect.arrayContaining(['accordionpadding', 'accordion', 'padding']));
  });

  it('tolerates exactly one edit', () => {
    expect(withinOneEdit('wallpapr', 'wallpaper')).toBe(true);
    expect(withinOneEdit('wallpaper', 'wallpaper')).toBe(true);
    expect(withinOneEdit('walpapr', 'wallpaper')).toBe(false);
    expect(withinOneEdit('acordion', 'accordion')).toBe(true);
    expect(withinOneEdit('theme', 'theme2')).toBe(true);
  });

  it('drops question words, and synonyms point at the reference’s words', () => {
    for (const word of ['how', 'do', 'i', 'the', 'which', 'what']) expect(stopWords.has(word)).toBe(true);
    for (const word of ['wallpaper', 'hide', 'editor', 'default', 'off', 'enable']) expect(stopWords.has(word)).toBe(false);
    for (const [word, alternatives] of Object.entries(synonyms)) {
      expect(stopWords.has(word), word).toBe(false);
      expect(alternatives.length, word).toBeGreaterThan(0);
    }
  });
});
