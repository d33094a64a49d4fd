import {
  bitCount,
  coverageSum,
  maxShareFactor,
  rankKey,
  synonymCoverage,
  thousandthsOf,
  type Posting,
  type Scratch,
  type TokenList,
  type WordHolders,
} from './scoring';

/**
 * The loops that find a query's best `k` sections (lib/search/ranking.ts
 * chooses one): a kept set of the best keys, fed from a token's list best
 * first or from the accumulated sums of several tokens.
 * Each gives the same `k` sections with the same scores as scoring every
 * matched section would (tests/unit/search-ranking.test.ts holds that).
 */

/** Columns the accumulating path fills: every matched section's sum and the bits of the words it holds. */
export interface Sums {
  scores: Float64Array;
  words: Int32Array;
  /** The matched sections, in the order first met. */
  matched: Int32Array;
}

/**
 * The `k` best keys so far, in `heap`: a min-heap whose root is the worst
 * kept, so each further section costs one comparison unless it enters.
 * `floor` is the worst kept score in thousandths once `k` are kept: a
 * section whose unrounded score is a whole thousandth below it cannot
 * enter and need not be keyed (rounding is monotonic).
 */
class KeptKeys {
  size = 0;
  floor = -Infinity;
  private readonly heap: Float64Array;
  private readonly k: number;
  private readonly count: number;

  constructor(heap: Float64Array, k: number, count: number) {
    this.heap = heap;
    this.k = k;
    this.count = count;
  }

  offer(thousandths: number, section: number): void {
    if (thousandths < this.floor - 1) return;
    const { heap } = this;
    const key = rankKey(thousandths, section, this.count);
    if (this.size < this.k) {
      // Sift up: a parent is never greater than its children.
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! <= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
    } else if (key > heap[0]!) {
      // Replace the worst kept and sift down.
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= this.size) break;
        const right = left + 1;
        const child = right < this.size && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= key) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = key;
    } else return;
    if (this.size === this.k) this.floor = Math.floor(heap[0]! / this.count);
  }
}

/** Adds one (field, token) posting's impacts to the sections it lists; answers the count of sections matched so far. */
export function accumulate(scratch: Scratch, sums: Sums, generation: number, posting: Posting, bits: number, matchedSoFar: number): number {
  const { stamp, covered } = scratch;
  const { scores, words, matched } = sums;
  const { sections, impacts } = posting;
  let total = matchedSoFar;
  for (let i = 0; i < sections.length; i += 1) {
    const section = sections[i]!;
    if (stamp[section] !== generation) {
      stamp[section] = generation;
      scores[section] = 0;
      covered[section] = 0;
      words[section] = 0;
      matched[total++] = section;
    }
    scores[section]! += impacts[i]!;
    words[section]! |= bits;
  }
  return total;
}

/** Adds `share` to the coverage of each matched section of `holders` not yet counted for the current word. */
function cover(scratch: Scratch, generation: number, conceptGeneration: number, holders: Int32Array, share: number): void {
  const { stamp, conceptStamp, covered } = scratch;
  for (let i = 0; i < holders.length; i += 1) {
    const section = holders[i]!;
    if (stamp[section] !== generation || conceptStamp[section] === conceptGeneration) continue;
    conceptStamp[section] = conceptGeneration;
    covered[section]! += share;
  }
}

/**
 * Every matched section's coverage, by marking each word's holders once
 * (the sections of `list` are marked matched first: its path does not
 * accumulate).
 */
function coverAll(scratch: Scratch, generation: number, holders: readonly WordHolders[], list: TokenList | undefined): void {
  if (list) for (const section of list.sections) (scratch.stamp[section] = generation), (scratch.covered[section] = 0);
  for (const word of holders) {
    const conceptGeneration = ++scratch.conceptGeneration;
    for (const own of word.own) cover(scratch, generation, conceptGeneration, own, 1);
    for (const other of word.others) cover(scratch, generation, conceptGeneration, other, synonymCoverage);
  }
}

/**
 * About how many holders marking once costs as much as one section's
 * lookup (a binary search per list, Int32Array of up to a few thousand).
 */
const lookupCost = 16;

/** What a query's sections are scored with, besides their sums. */
export interface QueryShares {
  wordCount: number;
  holders: readonly WordHolders[];
  /** The section of the option the query names in full, or -1. */
  exact: number;
}

/**
 * The matched sections as `keepBest` reads them: a token's list, best
 * first, with its sums and the bits of the words its token stands for; or
 * the accumulated sections, in no order, with their sums and bits.
 */
export type Candidates = { list: TokenList; bits: number } | { sums: Sums };

/**
 * The best `k` of `total` candidates into `scratch.heap`; answers how many
 * were kept. A section that could not reach the floor even with every word
 * held in its name or heading is passed over before its shares are read,
 * and when the candidates come best first, so are all after it (but the
 * exact name's). Coverage is looked up per section read until the lookups
 * would cost about as much as marking every holder once.
 */
export function keepBest(scratch: Scratch, generation: number, candidates: Candidates, total: number, k: number, shares: QueryShares): number {
  const { covered } = scratch;
  const { holders, wordCount, exact } = shares;
  const list = 'list' in candidates ? candidates.list : undefined;
  const sections = list ? list.sections : (candidates as { sums: Sums }).sums.matched;
  const kept = new KeptKeys(scratch.heap, k, scratch.stamp.length);
  const exactAt = list && exact >= 0 ? sections.indexOf(exact) : -1;
  const holderCount = holders.reduce((sum, word) => sum + [...word.own, ...word.others].reduce((n, own) => n + own.length, 0), 0);
  let lookupsLeft = holderCount / lookupCost;
  for (let i = 0; i < total; i += 1) {
    const section = sections[i]!;
    const sum = list ? list.sums[i]! : (candidates as { sums: Sums }).sums.scores[section]!;
    if (sum * maxShareFactor * 1000 < kept.floor - 1 && exact !== section) {
      if (!list) continue;
      // Best first, and the floor only rises: no later section can enter but the exact name's.
      if (exactAt <= i) break;
      i = exactAt - 1;
      continue;
    }
    let coveredSum: number;
    // No name or heading holds a word of the query (`covered` is only reset by marking).
    if (holderCount === 0) coveredSum = 0;
    else if (lookupsLeft > 0) {
      lookupsLeft -= 1;
      if (lookupsLeft > 0) coveredSum = coverageSum(holders, section);
      else (coverAll(scratch, generation, holders, list), (coveredSum = covered[section]!));
    } else coveredSum = covered[section]!;
    const bits = list ? (candidates as { bits: number }).bits : (candidates as { sums: Sums }).sums.words[section]!;
    kept.offer(thousandthsOf(sum, bitCount(bits), wordCount, coveredSum, holders.length, exact === section), section);
  }
  return kept.size;
}
