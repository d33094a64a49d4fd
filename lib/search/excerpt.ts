/**
 * The excerpt of a hit: about 200 characters of a section's text, plain and
 * on one line, around the first word of the query it holds.
 */

const excerptLength = 200;
/** How much text before the first match the excerpt keeps. */
const excerptLead = 60;

/** Markdown emphasis and code marks read as noise in a plain-text excerpt (the live one and the sandbox's). */
export const plainText = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

/** A text as an excerpt reads it: plain, on one line, and lowercased to find the words in. */
export interface FlatText {
  flat: string;
  lower: string;
}

export function flatten(text: string): FlatText {
  const flat = plainText(text).replace(/\s+/g, ' ').trim();
  return { flat, lower: flat.toLowerCase() };
}

/** About `excerptLength` characters of `text` around the first of `words` it contains. */
export function excerptAround(text: string, words: readonly string[]): string {
  return excerptOf(flatten(text), anyOf(words));
}

/**
 * A pattern for the first place any of `words` stands in a lowercased
 * text, made once per search. One pass finds it: a word at a time read a
 * long section once per word, all of it for a word it lacks, and that was
 * the largest cost of a search of several words.
 */
export const anyOf = (words: readonly string[]) => new RegExp(words.map((word) => word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|'));

export function excerptOf({ flat, lower }: FlatText, words: RegExp): string {
  if (flat.length <= excerptLength) return flat;
  // -1 when no word stands in the text (the section matched by its name or heading).
  const first = lower.search(words);
  let start = Math.max(0, first - excerptLead);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < Math.max(first, start + 1)) start = space + 1;
  }
  let end = Math.min(flat.length, start + excerptLength);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + excerptLength / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

