// The three pieces of the search engine's English tokenizer, each a small
// module of its own. The package's exports map offers them only through its
// `zbsearch/components` barrel, which brings the engine's error table and
// more into a bundle (scripts/bench/README.md, "Search core"); the search dialog stems in the
// browser, so these are imported by path. The version is pinned in
// package.json; tests/unit/search-stem.test.ts checks these paths give what
// the engine's own tokenizer gives.
import { stemmer as englishStemmer } from '../../node_modules/zbsearch/dist/esm/components/tokenizer/english-stemmer.js';
import { replaceDiacritics } from '../../node_modules/zbsearch/dist/esm/components/tokenizer/diacritics.js';
import { SPLITTERS } from '../../node_modules/zbsearch/dist/esm/components/tokenizer/languages.js';

function firstStem(word: string): string {
  for (const piece of word.toLowerCase().split(SPLITTERS.english)) {
    const stemmed: string = piece ? englishStemmer(replaceDiacritics(piece)) : '';
    if (stemmed) return stemmed;
  }
  return word;
}

const stemCache = new Map<string, string>();

/**
 * A word's English stem, as the engine's tokenizer makes it (`language:
 * 'english', stemming: true`): lowercased, cut at what is not a letter of
 * the English splitter, diacritics folded, stemmed; the first piece's stem,
 * or the word itself when nothing is left. Both sides of the documentation
 * search stem with it: the index (lib/search/terms.ts) and the search
 * dialog's highlight (lib/search/highlight.ts).
 */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = firstStem(word);
    if (stemCache.size < 50_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}
