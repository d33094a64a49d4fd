import { BoundedMap } from '@/lib/platform/bounded-map';
import { rankSections, type LoadedIndex } from './ranking';
import { contentTokens, queryWords, synonyms, tokenize, withinOneEdit } from './terms';

/** A word of the query and the words it also searches (its synonyms, a typo's correction). */
export interface Concept {
  word: string;
  /** The word's own tokens. */
  own: Set<string>;
  /** Its own tokens and those of what it also searches. */
  tokens: Set<string>;
  /** The tokens that answer the word as written: its own, its synonyms' and, for an unfinished last word, the words it begins; not a typo's correction. */
  direct: Set<string>;
}

/**
 * A word's correction and completions read the whole vocabulary, which
 * grows with the docs (at 100× the content they were most of a query of
 * several words): each is worked out once per index and word, and kept
 * (a bounded memory per index; the index itself never changes).
 */
const wordMemos = new WeakMap<LoadedIndex, { corrections: BoundedMap<string, string | null>; completions: BoundedMap<string, string[]> }>();
const memosOf = (index: LoadedIndex) => {
  let memos = wordMemos.get(index);
  if (!memos) wordMemos.set(index, (memos = { corrections: new BoundedMap(4096), completions: new BoundedMap(4096) }));
  return memos;
};

/** The most frequent word of the index one edit away, for a long word the index does not have. */
function correctTypo(index: LoadedIndex, word: string): string | undefined {
  if (word.length < 5 || index.hasWord(word) || !/^\p{L}+$/u.test(word)) return undefined;
  const { corrections } = memosOf(index);
  const known = corrections.get(word);
  if (known !== undefined) return known ?? undefined;
  let best: string | undefined;
  let bestCount = 0;
  for (const [candidate, frequency] of index.vocabulary()) {
    if (frequency > bestCount && withinOneEdit(word, candidate)) {
      best = candidate;
      bestCount = frequency;
    }
  }
  corrections.set(word, best ?? null);
  return best;
}

/** Most completions a last, unfinished word expands to (search as you type). */
const maxCompletions = 8;

/** Indexed words that start with `prefix`, most frequent first. */
function completions(index: LoadedIndex, prefix: string): string[] {
  if (prefix.length < 2) return [];
  const memo = memosOf(index).completions;
  const known = memo.get(prefix);
  if (known) return known;
  const found = [...index.vocabulary()]
    .filter(([word]) => word.length > prefix.length && word.startsWith(prefix))
    .sort((a, b) => b[1] - a[1])
    .slice(0, maxCompletions)
    .map(([word]) => word);
  memo.set(prefix, found);
  return found;
}

export interface ParsedQuery {
  concepts: Concept[];
  /** Tokens searched without counting as a word of the query ("which …" also searches names). */
  extra: string[];
}

/**
 * The concepts of a query: its words without the question's filler words
 * (all of them when nothing else is left), each with its synonyms and, for a
 * long word the index lacks, the word one typo away; the last word, when the
 * index has no such word, also stands for the words it begins (a reader still
 * typing).
 */
export function parseQuery(index: LoadedIndex, q: string): ParsedQuery {
  const { text, words } = queryWords(q);
  const concepts = words.map((word, position) => {
    // Own keys only: `constructor` is a word a reader may search for, not a property of every object.
    const alternatives = [word, ...(Object.hasOwn(synonyms, word) ? synonyms[word]! : [])];
    const corrected = correctTypo(index, word);
    if (!corrected && position === words.length - 1 && !index.hasWord(word)) alternatives.push(...completions(index, word));
    const direct = new Set(contentTokens(alternatives));
    return { word, own: new Set(contentTokens([word])), tokens: corrected ? new Set(contentTokens([...alternatives, corrected])) : direct, direct };
  });
  // "Which editor …", "what font …": the answer is often an option named for it (`editorName`, `mono.name`).
  const extra = /^\s*(which|what)\b/.test(text) ? ['name'] : [];
  return { concepts, extra };
}

/**
 * The best `k` sections for a parsed query and the count of all it matches.
 * Every word's tokens (and those of its synonyms and corrections) are
 * searched as whole tokens: an unfinished last word is expanded to whole
 * words above, with a bound, rather than letting every token that starts
 * with it count. The tokens are searched as they are, not tokenized again:
 * the stemmer is not idempotent (`release` → `releas` → `relea`), and the
 * index holds each word stemmed once.
 */
export function rank(index: LoadedIndex, q: string, { concepts, extra }: ParsedQuery, k: number) {
  const tokens = [...new Set([...concepts.flatMap((concept) => [...concept.tokens]), ...extra])];
  // Words that are all filler ("the", "settings", whose stem is `set`) are searched as written.
  const searched = concepts.some((concept) => concept.tokens.size > 0) ? tokens : tokenize(concepts.map((concept) => concept.word).join(' '));
  return rankSections(index, searched, concepts, index.optionSection(q.trim().toLowerCase()), k);
}

/** Whether a field of the index holds `token` in `section`. */
function holds(index: LoadedIndex, token: string, section: number): boolean {
  return index.fields.some((field) => field.get(token)?.sections.includes(section) === true);
}

/**
 * A best hit is weak when its section holds fewer than half of the query's
 * words (each as written, by a synonym or, for a last word, by a word it
 * begins), or holds them only through typo corrections. Half, because a
 * right answer often lacks a word of the question ("turn off", "my
 * laptop"): the bench's query sets are the calibration, and
 * tests/server/insights.test.ts ("calibration") holds that none of them whose answer is
 * found counts as weak. A query of filler words only is never weak.
 */
export function weakAnswer(index: LoadedIndex, concepts: readonly Concept[], section: number): boolean {
  const counted = concepts.filter((concept) => concept.tokens.size > 0);
  if (counted.length === 0) return false;
  let direct = 0;
  let corrected = 0;
  for (const concept of counted) {
    if ([...concept.direct].some((token) => holds(index, token, section))) direct += 1;
    else if ([...concept.tokens].some((token) => holds(index, token, section))) corrected += 1;
  }
  return direct + corrected < counted.length / 2 || direct === 0;
}

