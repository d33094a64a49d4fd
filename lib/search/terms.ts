import { stem } from './stem';

/**
 * How the documentation search reads words, on both sides of the index:
 * option names are split at dots, hyphens, underscores and camelCase humps
 * (`reduceTransparency` is also `reduce` and `transparency`), every word is
 * stemmed (English, by the engine's own stemmer), and a query drops the words
 * of a question that say nothing about the topic ("how do I …"), corrects
 * one typo in a word of five letters or more, and adds the reference's word
 * for what a Mac user types ("bigger" → large, "folder" → directory).
 *
 * The tables below are search tuning, not facts: they change which sections
 * rank first, never what a section says.
 *
 * Pure and small on purpose: the search dialog reads its results' words with
 * it in the browser (lib/search/highlight.ts), so that what it marks is
 * what the ranking matched.
 */

export { stem };

/** Identifiers and words: `layer.displays.<name>.uiScale`, `larger-text`, `don't`. */
const identifier = /[\p{L}\p{N}_<>*]+(?:[.\-'][\p{L}\p{N}_<>*]+)*/gu;
const camelHumps = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\p{N}+/gu;

/** The identifiers and words of a text, as written (the query parser and the tokenizer read the same ones). */
export const identifiers = (text: string): string[] => text.match(identifier) ?? [];

/** The segments of an identifier: what stands between its dots, hyphens, apostrophes, underscores and brackets. */
const segmentPattern = /[^.\-'_<>*]+/g;

/** The parts of one identifier, lowercased and unstemmed: each segment, then its camelCase humps. */
function identifierParts(match: string): string[] {
  const parts: string[] = [];
  for (const segment of match.match(segmentPattern) ?? []) {
    parts.push(segment.toLowerCase());
    for (const hump of segment.match(camelHumps) ?? []) parts.push(hump.toLowerCase());
  }
  return parts;
}

/** A stretch of a text as written, with where it starts and ends (UTF-16 offsets into the text). */
export interface Span {
  text: string;
  start: number;
  end: number;
}

/** An identifier or word of a text, with its segments and their camelCase humps, read as `tokenize` reads them. */
export interface IdentifierSpan extends Span {
  segments: (Span & { humps: Span[] })[];
}

function spansOf(text: string, pattern: RegExp, offset: number): Span[] {
  return [...text.matchAll(pattern)].map((match) => ({ text: match[0], start: offset + match.index, end: offset + match.index + match[0].length }));
}

/**
 * Where the identifiers and words of a text stand, and their parts: what
 * the search highlights is found in the same pieces the index was made of.
 */
export function identifierSpans(text: string): IdentifierSpan[] {
  return spansOf(text, identifier, 0).map((whole) => ({
    ...whole,
    segments: spansOf(whole.text, segmentPattern, whole.start).map((segment) => ({ ...segment, humps: spansOf(segment.text, camelHumps, segment.start) })),
  }));
}

/** The plain words of a text, lowercased and unstemmed, split like the tokens (for typo correction). */
export function plainWords(text: string): string[] {
  return identifiers(text).flatMap(identifierParts);
}

/** A plain lowercase word: its tokens are its stem alone (see `tokenize`). */
const plainWord = /^[a-z]+$/;

/**
 * Tokens of a text: each identifier whole (lowercased), its dot-separated
 * runs (`glow.spread` of `layer.wallpaper.glow.spread`) when `runs` is set,
 * and every segment and camelCase hump, stemmed.
 */
export function tokenize(text: string, options: { runs?: boolean } = {}): string[] {
  // A plain lowercase word, most of what a query holds, is its own one part: the same token the general path
  // below makes, without its four expressions.
  if (plainWord.test(text)) return [stem(text)];
  const tokens = new Set<string>();
  for (const match of identifiers(text)) {
    const lower = match.toLowerCase();
    const segments = lower.split('.').filter(Boolean);
    if (segments.length > 1 || /[-_']/.test(lower)) tokens.add(lower);
    if (options.runs && segments.length > 2) {
      for (let start = 0; start < segments.length; start += 1) {
        for (let end = start + 2; end <= segments.length; end += 1) tokens.add(segments.slice(start, end).join('.'));
      }
    }
    for (const part of identifierParts(match)) tokens.add(stem(part));
  }
  return [...tokens];
}

/** Words of a question or a query that name no topic. */
export const stopWords = new Set(
  (
    'a an the and or but of to in on at by for from with without into onto about as is are was were be been being am ' +
    'can could should would will shall may might must do does did doing done have has had ' +
    'i me my mine we us our you your it its they them their this that these those there here ' +
    'how what which where when why who whom whose ' +
    'make makes made get gets got set use using used want wants need needs please tell show way ' +
    'switch turn change add put ' +
    'some any so just also if then than such very much more most same other only own too'
  ).split(' '),
);

/**
 * The reference's words for what a reader types. A query word also searches
 * these (the original word still counts most).
 */
export const synonyms: Readonly<Record<string, readonly string[]>> = {
  bigger: ['large', 'larger', 'size'],
  big: ['large'],
  larger: ['large'],
  enlarge: ['large', 'larger'],
  text: ['print'],
  mouse: ['pointer', 'cursor'],
  pointer: ['cursor'],
  colour: ['color'],
  color: ['colour'],
  folder: ['directory', 'location'],
  saved: ['location', 'directory'],
  remove: ['cleanup', 'uninstall'],
  delete: ['cleanup', 'uninstall'],
  uninstall: ['cleanup'],
  monitor: ['display'],
  screen: ['display'],
  laptop: ['internal'],
  tile: ['tiles'],
  tiling: ['tiles'],
  dark: ['mocha'],
  light: ['latte'],
  right: ['right-of'],
  left: ['left-of'],
  second: ['arrangement'],
  mode: ['appearance'],
  theme: ['flavor', 'palette'],
  update: ['upgrade', 'autoupdate'],
  brew: ['homebrew'],
  webhooks: ['github', 'webhook'],
  sound: ['chime'],
  magnify: ['zoom', 'closeview'],
  https: ['portless'],
  browser: ['zen'],
  font: ['fonts'],
  login: ['startup'],
};

/** Phrases that say one thing ("turn on" is "enable"). */
const phrases: Readonly<Record<string, string>> = {
  'turn on': 'enable',
  'switch on': 'enable',
  'turn off': 'off',
  'switch off': 'off',
  'vs code': 'vscode',
  'app store': 'appstore app store',
};

/** Each phrase and what it says, as they stand between spaces in a query read by `queryWords`. */
const phraseSpellings = Object.entries(phrases).map(([phrase, meaning]) => [` ${phrase} `, ` ${meaning} `] as const);

/**
 * How a query is read into words: lowercased, punctuation of a sentence
 * dropped, `phrases` replaced by what they say, then its identifiers, less
 * the filler words (all of them when nothing else is left). `text` is the
 * query as read, before it is split.
 */
export function queryWords(q: string): { text: string; words: string[] } {
  let text = ` ${q.toLowerCase().replace(/[?!,;:()"]+/g, ' ')} `.replace(/\s+/g, ' ');
  for (const [phrase, meaning] of phraseSpellings) if (text.includes(phrase)) text = text.replaceAll(phrase, meaning);
  const raw = identifiers(text);
  const content = raw.filter((word) => !stopWords.has(word));
  return { text, words: [...new Set(content.length > 0 ? content : raw)] };
}

const withRuns = { runs: true };

/** Tokens of words, without filler words (`right-of` brings `right`, not `of`). */
export function contentTokens(words: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const word of words) {
    for (const token of tokenize(word, withRuns)) if (!stopWords.has(token)) tokens.push(token);
  }
  return tokens;
}

/** Edit distance at most one (substitution, insertion or deletion), the typo tolerance. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}
