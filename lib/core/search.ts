import { contentTokens, queryWords, synonyms, tokenize, withinOneEdit } from './search-terms';
import { maxQueryLength, type SearchHit, type SearchResponse } from '@/lib/core/schemas';
import { CoreError } from './core-error';
import { BoundedMap } from '@/lib/platform/bounded-map';
import type { Log } from '@/lib/platform/log';
import { nextCursor, resolvePagePosition, type CursorCodec, type CursorScope } from './cursor';
import { err, ok, type Result } from './result';
import { withEncodedFragment } from '@/lib/routes';
import { buildSearchData, unescapeMarkdown } from './search-data';
import { encodeSearchData, openSearchData } from './search-data-binary';
import { loadSearchData, rankSections, sectionAt, type LoadedIndex, type RankedSection } from './search-ranking';

export { unescapeMarkdown };

/**
 * Documentation search for /v1/search, the MCP tool `search_docs` and /ask
 * (spec "Versioned REST": "Scores the same index as /api/search, one entry
 * per page section").
 *
 * The index is the one /api/search serves: Fumadocs' `createFromSource`
 * export, a zbsearch (Orama fork) database with one row per page (its title
 * and breadcrumbs), per heading and per block of text, each with a
 * `page_id` back to its page. lib/core/search-data.ts reads its rows into
 * one document per section (markdown escapes removed), tokenized the way
 * lib/core/search-terms.ts reads words; lib/core/search-ranking.ts scores
 * them with the engine's BM25 over fields (option name, heading, text, page
 * title), scaled by the share of the query's words the section holds,
 * raised when the section's name or heading holds every word of the query,
 * and first when the query is an option's full name.
 *
 * The loader answers either that export or the bytes of the section index
 * already made from it (lib/core/search-data-binary.ts; scripts/build-search-data.mjs
 * makes it before the build, so a server starts without reading the docs).
 */

export interface SearchInput {
  q?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

export interface DocsSearch {
  search(input: SearchInput): Promise<Result<SearchResponse, CoreError>>;
}

/** The search a runtime holds: it can also load its index ahead of the first search. */
export interface PreloadableDocsSearch extends DocsSearch {
  /**
   * Loads the index now, so the first search does not wait for it (a
   * server calls it at start); settles once it is loaded or has failed. A
   * failure is logged and retried by the next search.
   */
  preload(): Promise<void>;
}

export interface DocsSearchOptions {
  /**
   * Resolves the index: Fumadocs' export (e.g. `() => searchServer.export()`,
   * lib/docs/search-index.ts) or the bytes of the section index made from
   * it (lib/core/search-data-binary.ts).
   */
  loadIndex: () => Promise<unknown>;
  /**
   * The version of the content the index is made from, asked on every
   * search; when it differs from the one the loaded index was made from,
   * the index is loaded again (the dev server, where pages change while it
   * runs). Without it the index is loaded once.
   */
  contentVersion?: () => unknown | Promise<unknown>;
  cursors: CursorCodec;
  log?: Log;
}

const excerptLength = 200;
/** How much text before the first match the excerpt keeps. */
const excerptLead = 60;

/** An export is indexed, then encoded: every index is read through the one reader the prebuilt file is. */
async function loadIndexData(loaded: unknown): Promise<LoadedIndex> {
  return loadSearchData(openSearchData(loaded instanceof Uint8Array ? loaded : encodeSearchData(await buildSearchData(loaded))));
}

/** A word of the query and the words it also searches (its synonyms, a typo's correction). */
interface Concept {
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

interface ParsedQuery {
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
function parseQuery(index: LoadedIndex, q: string): ParsedQuery {
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
function rank(index: LoadedIndex, q: string, { concepts, extra }: ParsedQuery, k: number) {
  const tokens = [...new Set([...concepts.flatMap((concept) => [...concept.tokens]), ...extra])];
  // Words that are all filler ("the", "settings", whose stem is `set`) are searched as written.
  const searched = concepts.some((concept) => concept.tokens.size > 0) ? tokens : tokenize(concepts.map((concept) => concept.word).join(' '));
  return rankSections(index, searched, concepts, index.optionSection(q.trim().toLowerCase()), k);
}

/** Markdown emphasis and code marks read as noise in a plain-text excerpt (the live one and the sandbox's). */
export const plainText = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

/** A text as an excerpt reads it: plain, on one line, and lowercased to find the words in. */
interface FlatText {
  flat: string;
  lower: string;
}

function flatten(text: string): FlatText {
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
const anyOf = (words: readonly string[]) => new RegExp(words.map((word) => word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|'));

function excerptOf({ flat, lower }: FlatText, words: RegExp): string {
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

/**
 * What a hit shows of a section, per index: its link, breadcrumbs and
 * flattened text. Reading a section decodes its strings from the index's
 * bytes, and flattening its text (two expressions over all of it, which can
 * run to kilobytes) cost more than ranking did; together with the link's
 * encoding they were half of a search's own time. Sections recur across
 * queries (a page's popular sections answer many), so they are kept,
 * bounded; the index never changes, so an entry never goes stale.
 */
interface SectionParts {
  url: string;
  breadcrumbs: readonly string[];
  flat: FlatText;
}

const maxSectionParts = 2048;
const sectionPartsHeld = new WeakMap<LoadedIndex, BoundedMap<number, SectionParts>>();

function sectionParts(index: LoadedIndex, id: number): SectionParts {
  let held = sectionPartsHeld.get(index);
  if (!held) sectionPartsHeld.set(index, (held = new BoundedMap(maxSectionParts)));
  let parts = held.get(id);
  if (!parts) {
    const section = sectionAt(index, id);
    const page = index.page(section.pageId);
    const breadcrumbs = [...(page?.breadcrumbs ?? [])];
    // A folder's index page often shares the folder's name (`Rooms › Rooms`); say it once.
    for (const crumb of [page?.title, section.heading]) {
      if (crumb && crumb !== breadcrumbs.at(-1)) breadcrumbs.push(crumb);
    }
    const text = section.text ?? section.heading ?? page?.title ?? '';
    held.set(id, (parts = { url: withEncodedFragment(section.url), breadcrumbs, flat: flatten(text) }));
  }
  return parts;
}

function toHit(index: LoadedIndex, ranked: RankedSection, words: RegExp): SearchHit {
  const { url, breadcrumbs, flat } = sectionParts(index, ranked.section);
  return { url, breadcrumbs: [...breadcrumbs], excerpt: excerptOf(flat, words), score: ranked.score };
}

/**
 * What a search's answer does not show (lib/insights reads it, after the
 * answer is sent): whether its best hit is weak. Worked out only when
 * asked, so a search pays nothing for it.
 */
export interface SearchSignal {
  weak(): boolean;
}
const signals = new WeakMap<SearchResponse, SearchSignal>();
export const searchSignal = (response: SearchResponse): SearchSignal | undefined => signals.get(response);

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
 * tests/unit/search-weak.test.ts holds that none of them whose answer is
 * found counts as weak. A query of filler words only is never weak.
 */
function weakAnswer(index: LoadedIndex, concepts: readonly Concept[], section: number): boolean {
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

/**
 * The query rule every door applies (spec "Errors": `missing_query` when
 * `q`, or `query`, is missing): present and not blank, and at most
 * `maxQueryLength` characters (this site's cap; longer is
 * `invalid_parameter`). `field` is the name the door reads it from.
 */
export function checkQuery(q: unknown, field = 'q'): Result<string, CoreError> {
  const query = typeof q === 'string' ? q : '';
  if (query.trim().length === 0) {
    return err(new CoreError('missing_query', `Pass what to search for in \`${field}\` (1–${maxQueryLength} characters).`));
  }
  if (query.length > maxQueryLength) {
    return err(new CoreError('invalid_parameter', `\`${field}\` is longer than ${maxQueryLength} characters.`));
  }
  return ok(query);
}

export function createDocsSearch(options: DocsSearchOptions): PreloadableDocsSearch {
  const { loadIndex, contentVersion, cursors, log } = options;
  let loading: { version: unknown; index: Promise<LoadedIndex> } | undefined;

  /**
   * Loads the index once per content version (once in all without
   * `contentVersion`); a failed load is forgotten so a later call retries.
   */
  async function loadedIndex(): Promise<LoadedIndex> {
    const version = contentVersion ? await contentVersion() : undefined;
    if (!loading || !Object.is(loading.version, version)) {
      const attempt = { version, index: Promise.resolve().then(loadIndex).then(loadIndexData) };
      loading = attempt;
      attempt.index.catch((error: unknown) => {
        if (loading === attempt) loading = undefined;
        log?.('error', 'search index could not be loaded', {
          cause: error instanceof Error ? error.message : String(error),
        });
      });
    }
    return loading.index;
  }

  return {
    async preload() {
      // A failure is logged where the load is made, and tried again by the next search.
      await loadedIndex().catch(() => undefined);
    },
    async search(input) {
      const checked = checkQuery(input.q);
      if (!checked.ok) return checked;
      const q = checked.value;
      const scope: CursorScope = { kind: 'search', q };
      const position = resolvePagePosition(cursors, scope, input);
      if (!position.ok) return position;

      let index: LoadedIndex;
      try {
        index = await loadedIndex();
      } catch {
        return err(
          new CoreError('index_unavailable', 'The documentation search index could not be loaded. Retry later; `sandbox=true` answers from fixtures meanwhile.'),
        );
      }

      const parsed = parseQuery(index, q);
      const words = anyOf(parsed.concepts.map((concept) => concept.word));
      const { offset, limit } = position.value;
      // A query of no words (only punctuation) matches nothing; the engine would otherwise list every row.
      const { total, top } = parsed.concepts.length > 0 ? rank(index, q, parsed, offset + limit) : { total: 0, top: [] };
      const response: SearchResponse = {
        query: q,
        results: top.slice(offset).map((entry) => toHit(index, entry, words)),
        next_cursor: nextCursor(cursors, scope, position.value, total),
        total,
      };
      const best = top[0];
      if (best) signals.set(response, { weak: () => weakAnswer(index, parsed.concepts, best.section) });
      return ok(response);
    },
  };
}
