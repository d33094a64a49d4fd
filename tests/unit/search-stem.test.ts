import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizer } from 'zbsearch/components';
import { stem } from '@/lib/search/stem';
import { identifiers, plainWords } from '@/lib/search/terms';

/**
 * lib/search/stem.ts reaches the engine's English stemmer, diacritics
 * folding and splitter by path, to keep the engine's barrel out of the
 * browser. It must stem as the engine's own tokenizer does, for every word
 * of the docs and for the odd ones.
 */
const engine = tokenizer.createTokenizer({ language: 'english', stemming: true, stopWords: false });
const engineStem = (word: string) => engine.tokenize(word, 'english', 'text')[0] ?? word;

const root = path.resolve(import.meta.dirname, '../..');
function docsFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? docsFiles(`${dir}/${entry.name}`) : /\.mdx?$/.test(entry.name) ? [`${dir}/${entry.name}`] : [],
  );
}

describe('search stem', () => {
  it('stems as the engine’s tokenizer does, for odd words', () => {
    const odd = ['', 'a', 'I', 'Desktops', 'installing', 'café', 'naïve', 'Größe', 'µs', 'α', '日本語', 'x86', '2x', "don't", 'rock-n-roll', 'ÆON', 'gâteau', 'over×under'];
    for (const word of odd) expect(stem(word), word).toBe(engineStem(word));
  });

  it('stems as the engine’s tokenizer does, for every word of the docs', () => {
    const words = new Set<string>();
    for (const file of docsFiles('content/docs')) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const word of plainWords(text)) words.add(word);
      for (const word of identifiers(text)) words.add(word);
    }
    expect(words.size).toBeGreaterThan(1000);
    const differ = [...words].filter((word) => stem(word) !== engineStem(word));
    expect(differ).toEqual([]);
  });
});
