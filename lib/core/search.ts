import { count, create, insertMultiple, load, search as searchEngine, type RawData } from 'zbsearch';
import { identifiers, phrases, plainWords, stopWords, synonyms, tokenize, withinOneEdit } from './search-terms';
import { z } from 'zod';
import { maxQueryLength, type SearchHit, type SearchResponse } from '@/lib/core/schemas';
import { ApiError } from '@/lib/http/problem';
import type { Log } from '@/lib/store/types';
import { nextCursor, resolvePagePosition, type CursorCodec, type CursorScope } from './cursor';
import { err, ok, type Result } from './result';
import { withEncodedFragment } from '@/lib/routes';

/**
 * Documentation search for /v1/search, the MCP tool `search_docs` and /ask
 * (spec "Versioned REST": "Scores the same index as /api/search, one entry
 * per page section").
 *
 * The index is the one /api/search serves: Fumadocs' `createFromSource`
 * export, a zbsearch (Orama fork) database with one row per page (its title
 * and breadcrumbs), per heading and per block of text, each with a
 * `page_id` back to its page. Its rows are read the way Fumadocs' static
 * client loads the export, then indexed again in the same engine, one
 * document per section (markdown escapes removed, `unescapeMarkdown`), with
 * the tokenizer and query reading of lib/core/search-terms.ts: the same
 * sections, ranked by the engine's BM25 over fields (option name, heading,
 * text, page title), raised when the section's name or heading holds every
 * word of the query, and first when the query is an option's full name.
 *
 * `zbsearch` is the engine fumadocs-core depends on (and pins); this module
 * imports it directly to load and score the export.
 */

export interface SearchInput {
  q?: string | null;
  limit?: number | null;
  cursor?: string | null;
}

export interface DocsSearch {
  search(input: SearchInput): Promise<Result<SearchResponse, ApiError>>;
}

export interface DocsSearchOptions {
  /** Resolves the exported index, e.g. `() => searchServer.export()` (lib/docs/search-index.ts). */
  loadIndex: () => Promise<unknown>;
  cursors: CursorCodec;
  log?: Log;
}

const excerptLength = 200;
/** How much text before the first match the excerpt keeps. */
const excerptLead = 60;

/** The fields of a row of Fumadocs' advanced index that search reads. */
const indexRowSchema = z.object({
  page_id: z.string(),
  type: z.enum(['page', 'heading', 'text']),
  url: z.string(),
  content: z.string(),
  breadcrumbs: z.array(z.string()).optional(),
});

/**
 * One document per section: the option it documents (`name`, when its
 * heading is an option's full name), its heading, its text, and its page's
 * title. Field boosts rank a section whose option name matches above one
 * whose heading matches, above one whose text mentions the words.
 */
const databaseSchema = { name: 'string', heading: 'string', body: 'string', page: 'string' } as const;
type SearchDatabase = ReturnType<typeof create<typeof databaseSchema>>;
const fieldBoosts = { name: 4, heading: 2.5, body: 1, page: 0.5 } as const;
/** How much a section gains when its name or heading holds every word of the query (relative). */
const coverageWeight = 2;
/** A query that is an option's full name puts that option first. */
const exactNameBonus = 1_000;

const optionHeading = /^layer\.[\p{L}\p{N}_.<>*]+$/u;

interface Section {
  url: string;
  pageId: string;
  heading: string | null;
  texts: string[];
  /** Stemmed tokens of the name and heading, for coverage. */
  titleTokens: Set<string>;
}

interface PageInfo {
  title: string;
  breadcrumbs: string[];
}

interface LoadedIndex {
  db: SearchDatabase;
  sections: Map<string, Section>;
  pages: Map<string, PageInfo>;
  /** Plain words of the index with their counts, for typo correction. */
  vocabulary: Map<string, number>;
  /** Lowercased option name → its section URL. */
  byOption: Map<string, string>;
}

function isExportedAdvancedIndex(value: unknown): value is RawData & { type: 'advanced' } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.type === 'advanced' && 'index' in record && 'docs' in record && 'internalDocumentIDStore' in record;
}

/**
 * Fumadocs stores each row as markdown, escapes included: a dot after a
 * `w` becomes `\.` (GFM autolink protection), so the export holds
 * `layer.wallpaper.glow\.spread`, which would split in two.
 * Rows are indexed and quoted without the escapes.
 */
export const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

// The engine's tokenizer for this database: the one lib/core/search-terms.ts defines.
const engineTokenizer = {
  language: 'english',
  normalizationCache: new Map<string, string>(),
  tokenize: (raw: string, _language?: string, property?: string) => tokenize(raw, { runs: property === 'name' }),
};

/**
 * Reads every row of the export (loaded the way Fumadocs' static client
 * loads it), groups the rows into sections, and indexes one document per
 * section, so scoring is the engine's BM25 over the same sections
 * /api/search serves.
 */
async function loadIntoEngine(exported: unknown): Promise<LoadedIndex> {
  if (!isExportedAdvancedIndex(exported)) {
    throw new Error('the search export is not a Fumadocs advanced (zbsearch) index');
  }
  const served = create({ schema: { content: 'string', page_id: 'string', type: 'string', url: 'string' } as const });
  load(served, exported);
  // A search without a term lists every row, in index order.
  const all = await searchEngine(served, { limit: Math.max(1, count(served)) });

  const sections = new Map<string, Section>();
  const pages = new Map<string, PageInfo>();
  const vocabulary = new Map<string, number>();
  const byOption = new Map<string, string>();
  for (const hit of all.hits) {
    const parsed = indexRowSchema.safeParse(hit.document);
    if (!parsed.success) continue;
    const row = parsed.data;
    const content = unescapeMarkdown(row.content);
    let section = sections.get(row.url);
    if (!section) {
      section = { url: row.url, pageId: row.page_id, heading: null, texts: [], titleTokens: new Set() };
      sections.set(row.url, section);
    }
    if (row.type === 'page') pages.set(row.page_id, { title: content, breadcrumbs: row.breadcrumbs ?? [] });
    else if (row.type === 'heading') section.heading = content;
    else section.texts.push(content);
    for (const word of plainWords(content)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  }

  const documents: Array<{ id: string } & Record<keyof typeof databaseSchema, string>> = [];
  for (const section of sections.values()) {
    const page = pages.get(section.pageId);
    // A page's own section (its introduction) is titled by the page.
    const heading = section.heading ?? (section.url === section.pageId ? (page?.title ?? '') : '');
    const option = optionHeading.test(heading) ? heading : null;
    if (option) byOption.set(option.toLowerCase(), section.url);
    for (const token of tokenize(heading, { runs: true })) section.titleTokens.add(token);
    documents.push({
      id: section.url,
      name: option ?? '',
      heading: option ? '' : heading,
      body: section.texts.join(' '),
      page: page?.title ?? '',
    });
  }
  const db = create({ schema: databaseSchema, components: { tokenizer: engineTokenizer } });
  await insertMultiple(db, documents);
  return { db, sections, pages, vocabulary, byOption };
}

/** A word of the query and the words it also searches (its synonyms, a typo's correction). */
interface Concept {
  word: string;
  /** The word's own tokens. */
  own: Set<string>;
  /** Its own tokens and those of what it also searches. */
  tokens: Set<string>;
}

/** A section whose name or heading holds only a synonym of a word earns this share of a full match. */
const synonymCoverage = 0.5;

/** Tokens of words, without filler words (`right-of` brings `right`, not `of`). */
const contentTokens = (words: readonly string[]) =>
  words.flatMap((word) => tokenize(word, { runs: true })).filter((token) => !stopWords.has(token));

/** The most frequent word of the index one edit away, for a long word the index does not have. */
function correctTypo(index: LoadedIndex, word: string): string | undefined {
  if (word.length < 5 || index.vocabulary.has(word) || !/^\p{L}+$/u.test(word)) return undefined;
  let best: string | undefined;
  let bestCount = 0;
  for (const [candidate, frequency] of index.vocabulary) {
    if (frequency > bestCount && withinOneEdit(word, candidate)) {
      best = candidate;
      bestCount = frequency;
    }
  }
  return best;
}

/** Most completions a last, unfinished word expands to (search as you type). */
const maxCompletions = 8;

/** Indexed words that start with `prefix`, most frequent first. */
function completions(index: LoadedIndex, prefix: string): string[] {
  if (prefix.length < 2) return [];
  return [...index.vocabulary]
    .filter(([word]) => word.length > prefix.length && word.startsWith(prefix))
    .sort((a, b) => b[1] - a[1])
    .slice(0, maxCompletions)
    .map(([word]) => word);
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
  let text = ` ${q.toLowerCase().replace(/[?!,;:()"]+/g, ' ')} `.replace(/\s+/g, ' ');
  for (const [phrase, meaning] of Object.entries(phrases)) text = text.replaceAll(` ${phrase} `, ` ${meaning} `);
  const raw = identifiers(text);
  const content = raw.filter((word) => !stopWords.has(word));
  const words = [...new Set(content.length > 0 ? content : raw)];
  const concepts = words.map((word, position) => {
    const alternatives = [word, ...(synonyms[word] ?? [])];
    const corrected = correctTypo(index, word);
    if (corrected) alternatives.push(corrected);
    else if (position === words.length - 1 && !index.vocabulary.has(word)) alternatives.push(...completions(index, word));
    return { word, own: new Set(contentTokens([word])), tokens: new Set(contentTokens(alternatives)) };
  });
  // "Which editor …", "what font …": the answer is often an option named for it (`editorName`, `mono.name`).
  const extra = /^\s*(which|what)\b/.test(text) ? ['name'] : [];
  return { concepts, extra };
}

interface RankedSection {
  section: Section;
  score: number;
}

async function rankSections(index: LoadedIndex, q: string, { concepts, extra }: ParsedQuery): Promise<RankedSection[]> {
  const term = [...new Set([...concepts.flatMap((concept) => [...concept.tokens]), ...extra])].join(' ');
  const result = await searchEngine(index.db, {
    term,
    properties: ['name', 'heading', 'body', 'page'],
    boost: fieldBoosts,
    // Whole tokens only: an unfinished last word is expanded to whole words above, with a
    // bound, rather than letting every token of every option name that starts with it count.
    prefix: false,
    limit: Math.max(1, index.sections.size),
  });
  const exact = index.byOption.get(q.trim().toLowerCase());
  const ranked: RankedSection[] = [];
  for (const hit of result.hits) {
    const section = index.sections.get(hit.id);
    if (!section) continue;
    let covered = 0;
    for (const concept of concepts) {
      if ([...concept.own].some((token) => section.titleTokens.has(token))) covered += 1;
      else if ([...concept.tokens].some((token) => section.titleTokens.has(token))) covered += synonymCoverage;
    }
    const coverage = concepts.length > 0 ? covered / concepts.length : 0;
    const score = hit.score * (1 + coverageWeight * coverage) + (exact === section.url ? exactNameBonus : 0);
    ranked.push({ section, score: Math.round(score * 1000) });
  }
  // Deterministic order: score, then URL, so walking the pages yields every hit once.
  ranked.sort((a, b) => b.score - a.score || (a.section.url < b.section.url ? -1 : a.section.url > b.section.url ? 1 : 0));
  return ranked;
}

/** Markdown emphasis and code marks read as noise in a plain-text excerpt (the live one and the sandbox's). */
export const plainText = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

/** About `excerptLength` characters of `text` around the first of `words` it contains. */
export function excerptAround(text: string, words: readonly string[]): string {
  const flat = plainText(text).replace(/\s+/g, ' ').trim();
  if (flat.length <= excerptLength) return flat;
  const lower = flat.toLowerCase();
  let first = -1;
  for (const word of words) {
    const at = lower.indexOf(word);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
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

function toHit(index: LoadedIndex, ranked: RankedSection, words: readonly string[]): SearchHit {
  const { section } = ranked;
  const page = index.pages.get(section.pageId);
  const breadcrumbs = [...(page?.breadcrumbs ?? [])];
  // A folder's index page often shares the folder's name (`Rooms › Rooms`); say it once.
  for (const crumb of [page?.title, section.heading]) {
    if (crumb && crumb !== breadcrumbs.at(-1)) breadcrumbs.push(crumb);
  }
  const text = section.texts.length > 0 ? section.texts.join(' ') : (section.heading ?? page?.title ?? '');
  return { url: withEncodedFragment(section.url), breadcrumbs, excerpt: excerptAround(text, words), score: ranked.score };
}

export const missingQueryError = () =>
  new ApiError('missing_query', 'Pass a search query in `q` (at least one character).');

/** The query every door validates the same way: present, and at most `maxQueryLength` characters. */
export function checkQuery(q: string | null | undefined): Result<string, ApiError> {
  const query = q ?? '';
  if (query.trim().length === 0) return err(missingQueryError());
  if (query.length > maxQueryLength) {
    return err(new ApiError('invalid_parameter', `The query is longer than ${maxQueryLength} characters.`));
  }
  return ok(query);
}

export function createDocsSearch(options: DocsSearchOptions): DocsSearch {
  const { loadIndex, cursors, log } = options;
  let loading: Promise<LoadedIndex> | undefined;

  /** Loads the index once; a failed load is forgotten so a later call retries. */
  function loadedIndex(): Promise<LoadedIndex> {
    if (!loading) {
      const attempt = Promise.resolve()
        .then(loadIndex)
        .then(loadIntoEngine);
      loading = attempt;
      attempt.catch((error: unknown) => {
        if (loading === attempt) loading = undefined;
        log?.('error', 'search index could not be loaded', {
          cause: error instanceof Error ? error.message : String(error),
        });
      });
    }
    return loading;
  }

  return {
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
          new ApiError('index_unavailable', 'The documentation search index could not be loaded. Retry later; `sandbox=true` answers from fixtures meanwhile.'),
        );
      }

      const parsed = parseQuery(index, q);
      const words = parsed.concepts.map((concept) => concept.word);
      // A query of no words (only punctuation) matches nothing; the engine would otherwise list every row.
      const ranked = parsed.concepts.length > 0 ? await rankSections(index, q, parsed) : [];
      const { offset, limit } = position.value;
      return ok({
        query: q,
        results: ranked.slice(offset, offset + limit).map((entry) => toHit(index, entry, words)),
        next_cursor: nextCursor(cursors, scope, position.value, ranked.length),
        total: ranked.length,
      });
    },
  };
}
