import { findToken, indexOfSorted, optionHeading, scoredFields, unpackAscending, type PackedPostings, type SearchData } from './search-data';

/**
 * Scoring of lib/core/search-data.ts's index: the engine's BM25 over fields
 * (zbsearch's formula and defaults, k 1.2, b 0.75, d 0.5, with the field
 * boosts below), scaled by the share of the query's words the section holds
 * in any field (the coordination factor of Lucene's classic similarity),
 * raised when the section's name or heading holds every word of the query,
 * and first when the query is an option's full name.
 *
 * Each (field, token) posting carries its BM25 contribution, computed the
 * first time a query asks for the token and kept, so loading the index
 * reads no posting and a query adds numbers instead of walking an engine's
 * trees: a broad query's cost is one addition per matching (section, token)
 * and a bounded heap of the page asked for, never a sort of every match or
 * an object per match. The sums are made in the engine's order (field by
 * field, token by token).
 *
 * A query of one token (most broad ones: `layer`, `enable`) reads that
 * token's list of sections best first (its sums over the fields, made once,
 * in the same order): the sections past the point where even a full
 * coverage bonus cannot reach the k-th best are never read, so its cost
 * goes with the sections near the top, not with every match.
 *
 * One departure from the engine: a field's average length is taken over
 * the sections that have the field, as Lucene's BM25 does (its avgdl
 * counts the documents with the field), not over every section. Most
 * sections have no option name, so the engine's average shrank or grew with
 * the share of option sections, and with it every option's score: as the
 * docs grew, option entries overtook the section headings a question asks
 * for.
 *
 * The coordination factor: per-field BM25 sums one rare word's weight in a
 * short field (an option named `…install`) past a section that holds every
 * word of the question in its text, and more content makes that word rarer
 * still. A section holding two of three words scores two thirds of its sum.
 */

export interface Section {
  url: string;
  pageId: string;
  heading: string | null;
  /** The section's text rows joined, or null when it has none. */
  text: string | null;
}

export interface PageInfo {
  title: string;
  breadcrumbs: string[];
}

interface Posting {
  sections: Int32Array;
  /** Field boost × BM25 of the token in each of those sections. */
  impacts: Float64Array;
}

/** Token → a value made from the token's packed posting list the first time it is asked for, then kept. */
class LazyPostings<T> {
  private readonly made = new Map<string, T | undefined>();
  private readonly raw: PackedPostings;
  private readonly make: (list: Int32Array) => T;
  constructor(raw: PackedPostings, make: (list: Int32Array) => T) {
    this.raw = raw;
    this.make = make;
  }

  get(token: string): T | undefined {
    if (this.made.has(token)) return this.made.get(token);
    const at = findToken(this.raw.tokens, token);
    const value = at >= 0 ? this.make(unpackAscending(this.raw.lists[at]!)) : undefined;
    this.made.set(token, value);
    return value;
  }
}

type FieldIndex = LazyPostings<Posting>;

/**
 * A token's sections in any field, by descending sum of its impacts over
 * the fields (added in field order, as `accumulate` adds them for a query
 * of this token alone), ties in section order.
 */
interface TokenList {
  sections: Int32Array;
  sums: Float64Array;
}

export interface LoadedIndex {
  /** The data's columns, read per hit (see `sectionAt`). */
  sections: SearchData['sections'];
  pages: Map<string, PageInfo>;
  /** Plain words of the index with their counts, for typo correction. */
  vocabulary: Map<string, number>;
  /** The section of the option with this lowercased full name, if any (the table is made on first use). */
  optionSection(name: string): number | undefined;
  /** Per scored field, in the engine's property order. */
  fields: FieldIndex[];
  /** Tokens of the name or heading → sections, for coverage (read on first use). */
  title: LazyPostings<Int32Array>;
  /** A token's sections best first (made on first use), for queries of that token alone. */
  tokenList(token: string): TokenList | undefined;
  scratch: Scratch;
}

interface Scratch {
  /** Marks of the current query and of the current concept (stamps, so nothing is cleared between queries). */
  generation: number;
  conceptGeneration: number;
  stamp: Int32Array;
  conceptStamp: Int32Array;
  scores: Float64Array;
  covered: Float64Array;
  matched: Int32Array;
  /** Bits of the query's words each section holds, in any field. */
  words: Int32Array;
  /** The kept keys of the best `k` (see `rankKey`). */
  heap: Float64Array;
}

/** Field boosts: a section whose option name matches ranks above one whose heading matches, above one whose text mentions the words. */
export const fieldBoosts = { name: 4, heading: 2.5, body: 1, page: 0.5 } as const;
/** How much a section gains when its name or heading holds every word of the query (relative). */
const coverageWeight = 2;
/** A query that is an option's full name puts that option first. */
const exactNameBonus = 1_000;
/** A section whose name or heading holds only a synonym of a word earns this share of a full match. */
const synonymCoverage = 0.5;

// zbsearch's BM25 defaults (search-fulltext.js `defaultBM25Params`) and formula (algorithms.js `BM25`).
const bm25 = { k: 1.2, b: 0.75, d: 0.5 };
function bm25Score(tf: number, matchingCount: number, docsCount: number, fieldLength: number, averageFieldLength: number): number {
  const { k, b, d } = bm25;
  const idf = Math.log(1 + (docsCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * fieldLength) / averageFieldLength));
}

/** A section of the index. */
export function sectionAt(index: LoadedIndex, section: number): Section {
  const { urls, pageIds, headings, texts } = index.sections;
  return { url: urls[section]!, pageId: pageIds[section]!, heading: headings[section] ?? null, text: texts[section] ?? null };
}

/**
 * Loads the index: no text is read or tokenized, no posting decoded (a
 * token's list is decoded when a query first asks for it).
 */
export function loadSearchData(data: SearchData): LoadedIndex {
  const { urls, pageIds, headings } = data.sections;
  const count = urls.length;
  const pages = new Map(Object.entries(data.pages).map(([id, [title, breadcrumbs]]) => [id, { title, breadcrumbs }]));
  let byOption: Map<string, number> | undefined;
  const optionSection = (name: string) => {
    // Every option's full name starts so (optionHeading).
    if (!name.startsWith('layer.')) return undefined;
    if (!byOption) {
      byOption = new Map();
      for (let section = 0; section < count; section += 1) {
        const title = headings[section] ?? (urls[section] === pageIds[section] ? (pages.get(pageIds[section]!)?.title ?? '') : '');
        if (optionHeading.test(title)) byOption.set(title.toLowerCase(), section);
      }
    }
    return byOption.get(name);
  };

  const fields = scoredFields.map((field) => {
    const { postings, lengths } = data.fields[field];
    let average: number | undefined;
    const averageLength = () => {
      if (average !== undefined) return average;
      // Over the sections that have the field (see above).
      let total = 0;
      let present = 0;
      for (const length of lengths) if (length > 0) (total += length), (present += 1);
      return (average = total / Math.max(1, present));
    };
    const boost = fieldBoosts[field];
    return new LazyPostings<Posting>(postings, (list) => {
      const mean = averageLength();
      const impacts = new Float64Array(list.length);
      // Tokens are unique per field (tokenize answers a set), so the term frequency is 1.
      for (let i = 0; i < list.length; i += 1) impacts[i] = bm25Score(1, list.length, count, lengths[list[i]!]!, mean) * boost;
      return { sections: list, impacts };
    });
  });
  const title = new LazyPostings(data.title, (list) => list);
  const { words, counts } = data.vocabulary;
  const tokenLists = new Map<string, TokenList | undefined>();
  const tokenList = (token: string) => {
    if (!tokenLists.has(token)) tokenLists.set(token, mergeFields(fields, token, count));
    return tokenLists.get(token);
  };

  return {
    sections: data.sections,
    pages,
    vocabulary: new Map(words.map((word, index) => [word, counts[index]!])),
    optionSection,
    fields,
    title,
    tokenList,
    scratch: {
      generation: 0,
      conceptGeneration: 0,
      stamp: new Int32Array(count),
      conceptStamp: new Int32Array(count),
      scores: new Float64Array(count),
      covered: new Float64Array(count),
      matched: new Int32Array(count),
      words: new Int32Array(count),
      heap: new Float64Array(count),
    },
  };
}

/** `token`'s postings in every field as one list, best first (see `TokenList`). */
function mergeFields(fields: readonly FieldIndex[], token: string, count: number): TokenList | undefined {
  const postings = fields.map((field) => field.get(token)).filter((posting) => posting !== undefined);
  if (postings.length === 0) return undefined;
  const sums = new Float64Array(count);
  const held = new Uint8Array(count);
  const members = new Int32Array(postings.reduce((sum, posting) => sum + posting.sections.length, 0));
  let size = 0;
  for (const { sections, impacts } of postings) {
    for (let i = 0; i < sections.length; i += 1) {
      const section = sections[i]!;
      if (held[section] === 0) (held[section] = 1), (members[size++] = section);
      sums[section]! += impacts[i]!;
    }
  }
  const order = members.slice(0, size).sort((a, b) => sums[b]! - sums[a]! || a - b);
  return { sections: order, sums: Float64Array.from(order, (section) => sums[section]!) };
}

/** A word of the query: its own tokens, and its own tokens with those of what it also searches. */
export interface ConceptTokens {
  own: ReadonlySet<string>;
  tokens: ReadonlySet<string>;
}

export interface RankedSection {
  section: number;
  score: number;
}

export interface Ranking {
  /** Every section the query matches. */
  total: number;
  /** The best `k` of them, best first: score, then URL. */
  top: RankedSection[];
}

/**
 * The best `k` sections for the query's tokens (the engine's reading of
 * them, in its order) and concepts, and how many sections match in all.
 * `exact` is the section of the option the query names in full, if any.
 */
export function rankSections(index: LoadedIndex, queryTokens: readonly string[], concepts: readonly ConceptTokens[], exact: number | undefined, k: number): Ranking {
  const { scratch, fields, title } = index;
  if (scratch.generation > 1e9 || scratch.conceptGeneration > 1e9) {
    scratch.generation = 0;
    scratch.conceptGeneration = 0;
    scratch.stamp.fill(0);
    scratch.conceptStamp.fill(0);
  }
  const generation = ++scratch.generation;
  // Which words of the query each token stands for: a bit per word that has tokens (a query of filler
  // words only is searched as written and has none); words past the 31st share the last bit.
  const counted = concepts.filter((concept) => concept.tokens.size > 0);
  const conceptBits = queryTokens.map((token) => {
    let bits = 0;
    counted.forEach((concept, at) => {
      if (concept.tokens.has(token)) bits |= 1 << Math.min(at, 30);
    });
    return bits;
  });
  const wordCount = Math.min(counted.length, 31);
  // One token: its list, best first, whose sums are those `accumulate` would make; more: every
  // (field, token) posting added up, each matched section once in `scratch.matched`.
  const list = queryTokens.length === 1 ? index.tokenList(queryTokens[0]!) : undefined;
  let total = 0;
  if (list) total = list.sections.length;
  else {
    for (const field of fields) {
      for (let t = 0; t < queryTokens.length; t += 1) {
        const posting = field.get(queryTokens[t]!);
        if (posting) total = accumulate(scratch, generation, posting, conceptBits[t]!, total);
      }
    }
  }

  // Coverage: each word of the query counts once per section, fully when the name or heading holds
  // one of its own tokens, half when it holds only a synonym's (or a correction's).
  const holders = concepts.map((concept) => ({
    own: [...concept.own].map((token) => title.get(token)).filter((list) => list !== undefined),
    // An own token's holders already count for this word.
    others: [...concept.tokens].filter((token) => !concept.own.has(token)).map((token) => title.get(token)).filter((list) => list !== undefined),
  }));
  const coverAll = () => {
    // Marking counts matched sections only: a list's sections are marked here, not by `accumulate`.
    if (list) for (const section of list.sections) (scratch.stamp[section] = generation), (scratch.covered[section] = 0);
    for (const word of holders) {
      const conceptGeneration = ++scratch.conceptGeneration;
      for (const list of word.own) cover(scratch, generation, conceptGeneration, list, 1);
      for (const list of word.others) cover(scratch, generation, conceptGeneration, list, synonymCoverage);
    }
  };
  const keep = Math.min(k, total);
  const candidates: Candidates = list ? { sections: list.sections, sums: list.sums, bits: conceptBits[0]! } : { sections: scratch.matched, sums: undefined, bits: -1 };
  const size = keep > 0 ? keepBest(scratch, candidates, total, keep, wordCount, exact ?? -1, holders, coverAll) : 0;
  // Only the kept ones are sorted, best first.
  const best = Array.from(scratch.heap.subarray(0, size)).sort((a, b) => b - a);
  const count = scratch.stamp.length;
  return {
    total,
    top: best.map((key) => {
      const place = key % count;
      return { section: count - 1 - place, score: (key - place) / count };
    }),
  };
}

/** Adds one (field, token) posting's impacts to the sections it lists; answers the count of sections matched so far. */
function accumulate(scratch: Scratch, generation: number, posting: Posting, bits: number, matchedSoFar: number): number {
  const { stamp, scores, covered, words, matched } = scratch;
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

/** Per word of the query, the title postings of its own tokens and of its other tokens. */
interface WordHolders {
  own: Int32Array[];
  others: Int32Array[];
}

/**
 * About how many holders marking once costs as much as one section's
 * lookup (a binary search per list, Int32Array of up to a few thousand).
 */
const lookupCost = 16;

/**
 * One section's coverage sum as `cover` makes it for every matched section
 * (the same shares, added in the same order): for the few sections a
 * broad query reads past the cut-off, instead of marking every holder.
 */
function coverageSum(holders: readonly WordHolders[], section: number): number {
  let sum = 0;
  for (const word of holders) {
    if (word.own.some((list) => indexOfSorted(list, section) >= 0)) sum += 1;
    else if (word.others.some((list) => indexOfSorted(list, section) >= 0)) sum += synonymCoverage;
  }
  return sum;
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

/** The factor of a section holding every word, with every word in its name or heading. */
const maxShareFactor = 1 + coverageWeight;

/**
 * A section's final score (thousandths, rounded) and its place in one
 * number, so the best is the greatest key: score × count plus the
 * section's distance from the end (sections are stored in URL order: ties
 * go to the lower index). Exact while score × count stays below 2^53: a
 * score is about 10^6 thousandths at most (the exact-name bonus and a BM25
 * sum), and count is the section count.
 */
const rankKey = (thousandths: number, section: number, count: number) => Math.round(thousandths) * count + (count - 1 - section);

/**
 * The matched sections as `keepBest` reads them: a token's list, best
 * first, with its sums and the bits of the words its token stands for; or
 * `scratch.matched`, in no order, with the sums and bits `accumulate` left.
 */
interface Candidates {
  sections: Int32Array;
  sums: Float64Array | undefined;
  /** -1: read `scratch.words`. */
  bits: number;
}

/**
 * The final scores of the `total` matched sections, keeping the `k` best
 * keys in `scratch.heap`: a min-heap whose root is the worst kept, so each
 * further section costs one comparison unless it enters (O(total log k)).
 * A section whose unrounded score is a whole thousandth below the worst
 * kept cannot enter and is not keyed; one that could not even with
 * every word held in its name or heading is passed over before its
 * shares are read, and when the candidates come best first, so are all
 * after it (but the exact name's). Answers how many were kept.
 */
function keepBest(
  scratch: Scratch,
  candidates: Candidates,
  total: number,
  k: number,
  wordCount: number,
  exact: number,
  holders: readonly WordHolders[],
  coverAll: () => void,
): number {
  const { scores, covered, words, heap } = scratch;
  const { sections, sums, bits } = candidates;
  const count = scratch.stamp.length;
  const conceptCount = holders.length;
  // Best first: where the exact name's section is, to read it when the rest are passed over.
  const exactAt = sums && exact >= 0 ? sections.indexOf(exact) : -1;
  // Coverage is looked up per section read until the lookups would cost
  // about as much as marking every holder once (see `coverageSum`).
  const holderCount = holders.reduce((sum, word) => sum + [...word.own, ...word.others].reduce((n, list) => n + list.length, 0), 0);
  let lookupsLeft = holderCount / lookupCost;
  let size = 0;
  // The worst kept score, in thousandths, once the heap is full.
  let floor = -Infinity;
  for (let i = 0; i < total; i += 1) {
    const section = sections[i]!;
    const sum = sums ? sums[i]! : scores[section]!;
    // The most the shares can make of the sum (both at most 1): a section
    // that cannot reach the floor even so is passed over before they are
    // read. Rounding is monotonic, so this bound is never below the score.
    if (sum * maxShareFactor * 1000 < floor - 1 && exact !== section) {
      if (!sums) continue;
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
      else (coverAll(), (coveredSum = covered[section]!));
    } else coveredSum = covered[section]!;
    const coverage = conceptCount > 0 ? coveredSum / conceptCount : 0;
    const coord = wordCount > 0 ? bitCount(bits >= 0 ? bits : words[section]!) / wordCount : 1;
    const thousandths = (sum * coord * (1 + coverageWeight * coverage) + (exact === section ? exactNameBonus : 0)) * 1000;
    if (thousandths < floor - 1) continue;
    const key = rankKey(thousandths, section, count);
    if (size < k) {
      // Sift up: a parent is never greater than its children.
      let at = size++;
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
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= key) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = key;
    } else continue;
    if (size === k) floor = Math.floor(heap[0]! / count);
  }
  return size;
}

/** Set bits of a 32-bit integer (the classic SWAR count, no loop). */
function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
