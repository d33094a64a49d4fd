import { scoredFields } from './index-data';
import type { SectionRecord } from './index-format';
import type { PostingsColumn, SearchDataView } from './index-reader';
import { fieldBoosts, type Posting, type Scratch, type TokenList, type WordHolders } from './scoring';
import { accumulate, keepBest, type Sums } from './top-k';

/**
 * Scoring of lib/search/index-data.ts's index: the engine's BM25 over fields
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
 * goes with the sections near the top, not with every match. A query of
 * several tokens adds up every posting of its tokens: the threshold
 * algorithm over the tokens' lists (read best first, each new section
 * scored by a binary search per posting) was tried and measured slower on
 * broad queries of several words (its bound, three times the lists' next
 * sums, lets too many sections through; figures: scripts/bench/README.md,
 * "Search core"), so it is not used.
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

export type Section = SectionRecord;

interface PageInfo {
  title: string;
  breadcrumbs: string[];
}


/** Token → a value made from the token's posting list the first time it is asked for, then kept. */
class LazyPostings<T> {
  private readonly made = new Map<string, T | undefined>();
  private readonly raw: PostingsColumn;
  private readonly make: (list: Int32Array) => T;
  constructor(raw: PostingsColumn, make: (list: Int32Array) => T) {
    this.raw = raw;
    this.make = make;
  }

  get(token: string): T | undefined {
    if (this.made.has(token)) return this.made.get(token);
    const list = this.raw.get(token);
    const value = list ? this.make(list) : undefined;
    this.made.set(token, value);
    return value;
  }
}

type FieldIndex = LazyPostings<Posting>;


export interface LoadedIndex {
  /** The index's bytes, whose sections are read per hit (see `sectionAt`). */
  data: SearchDataView;
  /** A page's title and breadcrumbs, by its id. */
  page(id: string): PageInfo | undefined;
  /** Whether the index has this plain word. */
  hasWord(word: string): boolean;
  /** Plain words of the index with their counts, in the index's order, for typo correction and completions (made on first use). */
  vocabulary(): ReadonlyMap<string, number>;
  /** The section of the option with this lowercased full name, if any (a table made with the index). */
  optionSection(name: string): number | undefined;
  /** Per scored field, in the engine's property order. */
  fields: FieldIndex[];
  /** Tokens of the name or heading → sections, for coverage (read on first use). */
  title: LazyPostings<Int32Array>;
  /** A token's sections best first (made on first use), for queries of that token alone. */
  tokenList(token: string): TokenList | undefined;
  scratch: Scratch & { sums: Sums };
}


// zbsearch's BM25 defaults (search-fulltext.js `defaultBM25Params`) and formula (algorithms.js `BM25`).
const bm25 = { k: 1.2, b: 0.75, d: 0.5 };
function bm25Score(tf: number, matchingCount: number, docsCount: number, fieldLength: number, averageFieldLength: number): number {
  const { k, b, d } = bm25;
  const idf = Math.log(1 + (docsCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * fieldLength) / averageFieldLength));
}

/** A section of the index. */
export function sectionAt(index: LoadedIndex, section: number): Section {
  return index.data.section(section);
}

/**
 * Loads the index: no text is read or tokenized, no posting decoded (a
 * token's list is decoded when a query first asks for it).
 */
export function loadSearchData(data: SearchDataView): LoadedIndex {
  const { count } = data;
  const pages = new Map<string, PageInfo | undefined>();
  const page = (id: string) => {
    if (!pages.has(id)) {
      const found = data.page(id);
      pages.set(id, found && { title: found[0], breadcrumbs: found[1] });
    }
    return pages.get(id);
  };
  let vocabulary: Map<string, number> | undefined;
  // Every option's full name starts so (lib/search/index-data.ts optionHeading).
  const optionSection = (name: string) => (name.startsWith('layer.') ? data.optionSection(name) : undefined);

  const fields = scoredFields.map((field) => {
    // Over the sections that have the field (see above), worked out when the index was written.
    const { postings, lengths, averageLength: mean } = data.fields[field];
    const boost = fieldBoosts[field];
    return new LazyPostings<Posting>(postings, (list) => {
      const impacts = new Float64Array(list.length);
      // Tokens are unique per field (tokenize answers a set), so the term frequency is 1.
      for (let i = 0; i < list.length; i += 1) impacts[i] = bm25Score(1, list.length, count, lengths[list[i]!]!, mean) * boost;
      return { sections: list, impacts };
    });
  });
  const title = new LazyPostings(data.title, (list) => list);
  const tokenLists = new Map<string, TokenList | undefined>();
  const tokenList = (token: string) => {
    if (!tokenLists.has(token)) tokenLists.set(token, mergeFields(fields, token, count));
    return tokenLists.get(token);
  };

  return {
    data,
    page,
    hasWord: (word) => data.hasWord(word),
    vocabulary() {
      if (!vocabulary) {
        const { words, counts } = data.vocabulary();
        vocabulary = new Map(words.map((word, index) => [word, counts[index]!]));
      }
      return vocabulary;
    },
    optionSection,
    fields,
    title,
    tokenList,
    scratch: {
      generation: 0,
      conceptGeneration: 0,
      stamp: new Int32Array(count),
      conceptStamp: new Int32Array(count),
      covered: new Float64Array(count),
      heap: new Float64Array(count),
      sums: { scores: new Float64Array(count), matched: new Int32Array(count), words: new Int32Array(count) },
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
  // Coverage: each word of the query counts once per section, fully when the name or heading holds
  // one of its own tokens, half when it holds only a synonym's (or a correction's).
  const holders: WordHolders[] = concepts.map((concept) => ({
    own: [...concept.own].map((token) => title.get(token)).filter((list) => list !== undefined),
    // An own token's holders already count for this word.
    others: [...concept.tokens].filter((token) => !concept.own.has(token)).map((token) => title.get(token)).filter((list) => list !== undefined),
  }));
  const shares = { wordCount, holders, exact: exact ?? -1 };
  let total: number;
  let size: number;
  if (queryTokens.length === 1) {
    // One token: its list, best first, whose sums are those `accumulate` would make.
    const list = index.tokenList(queryTokens[0]!);
    total = list?.sections.length ?? 0;
    size = list && k > 0 ? keepBest(scratch, generation, { list, bits: conceptBits[0]! }, total, Math.min(k, total), shares) : 0;
  } else {
    // Every (field, token) posting added up, each matched section once.
    total = 0;
    for (const field of fields) {
      for (let t = 0; t < queryTokens.length; t += 1) {
        const posting = field.get(queryTokens[t]!);
        if (posting) total = accumulate(scratch, scratch.sums, generation, posting, conceptBits[t]!, total);
      }
    }
    size = k > 0 && total > 0 ? keepBest(scratch, generation, { sums: scratch.sums }, total, Math.min(k, total), shares) : 0;
  }
  // Only the kept ones are sorted, best first (keys are distinct: each holds its section).
  const best = scratch.heap.slice(0, size).sort().reverse();
  const count = scratch.stamp.length;
  return {
    total,
    top: Array.from(best, (key) => {
      const place = key % count;
      return { section: count - 1 - place, score: (key - place) / count };
    }),
  };
}

