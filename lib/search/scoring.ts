import { indexOfSorted } from './index-data';

/**
 * The scoring formula's parts (lib/search/ranking.ts states it whole):
 * its constants, one section's coverage and final key, and the shapes the
 * ranking loops (lib/search/top-k.ts) share with the index load.
 */

/** Field boosts: a section whose option name matches ranks above one whose heading matches, above one whose text mentions the words. */
export const fieldBoosts = { name: 4, heading: 2.5, body: 1, page: 0.5 } as const;
/** How much a section gains when its name or heading holds every word of the query (relative). */
const coverageWeight = 2;
/** A query that is an option's full name puts that option first. */
const exactNameBonus = 1_000;
/** A section whose name or heading holds only a synonym of a word earns this share of a full match. */
export const synonymCoverage = 0.5;
/** The factor of a section holding every word, with every word in its name or heading: the most coverage and coordination make of a sum. */
export const maxShareFactor = 1 + coverageWeight;

export interface Posting {
  sections: Int32Array;
  /** Field boost × BM25 of the token in each of those sections. */
  impacts: Float64Array;
}

/**
 * A token's sections in any field, by descending sum of its impacts over
 * the fields (added in field order), ties in section order.
 */
export interface TokenList {
  sections: Int32Array;
  sums: Float64Array;
}

/** Per word of the query, the title postings of its own tokens and of its other tokens. */
export interface WordHolders {
  own: Int32Array[];
  others: Int32Array[];
}

/** Marks and columns reused by every query (stamps, so nothing is cleared between queries). */
export interface Scratch {
  generation: number;
  conceptGeneration: number;
  stamp: Int32Array;
  conceptStamp: Int32Array;
  covered: Float64Array;
  /** The kept keys of the best `k` (see `rankKey`). */
  heap: Float64Array;
}

/**
 * One section's coverage sum as `cover` makes it for every matched section
 * (the same shares, added in the same order): each word counts once, fully
 * when the name or heading holds one of its own tokens, by
 * `synonymCoverage` when it holds only another of its tokens.
 */
export function coverageSum(holders: readonly WordHolders[], section: number): number {
  let sum = 0;
  for (const word of holders) {
    if (word.own.some((list) => indexOfSorted(list, section) >= 0)) sum += 1;
    else if (word.others.some((list) => indexOfSorted(list, section) >= 0)) sum += synonymCoverage;
  }
  return sum;
}

/**
 * A section's final score, in thousandths (unrounded): its sum, times the
 * share of the query's words it holds (coordination), raised by its
 * coverage, and first when it is the option the query names.
 */
export function thousandthsOf(sum: number, wordsHeld: number, wordCount: number, coveredSum: number, conceptCount: number, exact: boolean): number {
  const coverage = conceptCount > 0 ? coveredSum / conceptCount : 0;
  const coord = wordCount > 0 ? wordsHeld / wordCount : 1;
  return (sum * coord * (1 + coverageWeight * coverage) + (exact ? exactNameBonus : 0)) * 1000;
}

/**
 * A section's final score (thousandths, rounded) and its place in one
 * number, so the best is the greatest key: score × count plus the
 * section's distance from the end (sections are stored in URL order: ties
 * go to the lower index). Exact while score × count stays below 2^53: a
 * score is about 10^6 thousandths at most (the exact-name bonus and a BM25
 * sum), and count is the section count.
 */
export const rankKey = (thousandths: number, section: number, count: number) => Math.round(thousandths) * count + (count - 1 - section);

/** Set bits of a 32-bit integer (the classic SWAR count, no loop). */
export function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
