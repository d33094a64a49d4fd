import { contentTokens, identifierSpans, queryWords, stem, stopWords, type Span } from './terms';

/**
 * What the search dialog marks in a result: the words of the text that the
 * query's words match in the index, read by lib/search/terms.ts as the
 * index and the ranking read them, so what is marked is what was matched.
 *
 * - A query is read as the ranking reads it (`queryWords`): phrases replaced,
 *   filler words ("how do I …") dropped; its tokens are each word's own, so a
 *   filler word, or a word whose stem is one ("settings" is `set`), marks
 *   nothing. Synonyms, typo corrections and completions are left out: they
 *   come from the index's vocabulary, which the page does not have.
 * - A text is read in the index's pieces: identifiers and words, split at
 *   dots, hyphens and underscores (`layer.appearance.reduceMotion`), and an
 *   ASCII camelCase segment into its humps (`reduce`, `Motion`). A piece is
 *   marked whole when its stem is one of the query's tokens (`Desktops` for
 *   "desktop", `installing` for "install"), never a few letters of it. A
 *   whole option name typed in full marks the whole name.
 * - The letters after an apostrophe (`'s`, `'t`) are part of the word
 *   before it: never marked alone; nor is a run of one or two letters
 *   inside a longer word (the `Ui` of `showUi` for "ui"): too small to
 *   read as a word.
 */

/** The index tokens a query's words stand for, without filler words. */
export function highlightTerms(query: string): ReadonlySet<string> {
  return new Set(contentTokens(queryWords(query).words));
}

/** The shortest run marked inside a longer word (a camelCase hump). */
const minRunInWord = 3;

function matches(piece: Span, terms: ReadonlySet<string>): boolean {
  const lower = piece.text.toLowerCase();
  return !stopWords.has(lower) && terms.has(stem(lower));
}

/** The stretches of `text` to mark for `terms` (from `highlightTerms`), in order; touching ones are joined. */
export function markedRuns(text: string, terms: ReadonlySet<string>): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  if (terms.size === 0) return runs;
  const mark = ({ start, end }: Span) => {
    const last = runs.at(-1);
    if (last && last.end === start) last.end = end;
    else runs.push({ start, end });
  };
  for (const word of identifierSpans(text)) {
    // An option name or hyphenated word the query names whole (tokenize keeps these whole too).
    if (word.segments.length > 1 && terms.has(word.text.toLowerCase())) {
      mark(word);
      continue;
    }
    for (const segment of word.segments) {
      if (text[segment.start - 1] === "'") continue;
      if (matches(segment, terms)) mark(segment);
      else if (segment.humps.length > 1 && /^[A-Za-z0-9]+$/.test(segment.text)) {
        for (const hump of segment.humps) if (matches(hump, terms)) mark(hump);
      }
    }
  }
  const inWord = (at: number) => /[\p{L}\p{N}]/u.test(text[at] ?? '');
  return runs.filter(({ start, end }) => end - start >= minRunInWord || !(inWord(start - 1) || inWord(end)));
}

/** `text` cut into its runs, each with whether it is marked (what the dialog renders). */
export function highlightParts(text: string, terms: ReadonlySet<string>): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of markedRuns(text, terms)) {
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
