import { count, create, insertMultiple, load, search as searchEngine, type RawData } from 'zbsearch';
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
 * client loads the export, then indexed again in the same engine with the
 * same tokenizer, minus markdown escapes (`unescapeMarkdown`): the same
 * sections, ranked by the engine's BM25 with heading matches boosted.
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

/** Heading and page-title rows count this much more than body text. */
export const headingBoost = 2;
/** Each further matching row of a section adds this share of its score (the best row decides). */
const extraRowWeight = 0.1;
const excerptLength = 200;
/** How much text before the first match the excerpt keeps. */
const excerptLead = 60;
/** Upper bound on the dotted option names one query word expands to. */
const maxExpansionsPerWord = 32;

/** The fields of a row of Fumadocs' advanced index that search reads. */
const indexRowSchema = z.object({
  page_id: z.string(),
  type: z.enum(['page', 'heading', 'text']),
  url: z.string(),
  content: z.string(),
  breadcrumbs: z.array(z.string()).optional(),
});

interface Section {
  url: string;
  pageId: string;
  heading: string | null;
  texts: string[];
}

interface PageInfo {
  title: string;
  breadcrumbs: string[];
}

interface IndexRow {
  type: 'page' | 'heading' | 'text';
  url: string;
}

interface LoadedIndex {
  db: SearchDatabase;
  rows: Map<string, IndexRow>;
  sections: Map<string, Section>;
  pages: Map<string, PageInfo>;
  vocabulary: Set<string>;
  /** A dotted run such as `glow.spread` → the full option names containing it. */
  dottedRuns: Map<string, Set<string>>;
}

// The properties this module names when it searches (Fumadocs' advanced schema has more).
const databaseSchema = { content: 'string', page_id: 'string', type: 'string', url: 'string' } as const;
type SearchDatabase = ReturnType<typeof create<typeof databaseSchema>>;

function isExportedAdvancedIndex(value: unknown): value is RawData & { type: 'advanced' } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.type === 'advanced' && 'index' in record && 'docs' in record && 'internalDocumentIDStore' in record;
}

/**
 * Fumadocs stores each row as markdown, escapes included: a dot after a
 * `w` becomes `\.` (GFM autolink protection), so the export holds
 * `layer.wallpaper.glow\.spread`, which the tokenizer would split in two.
 * Rows are indexed and quoted without the escapes.
 */
export const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

const tokenize = (db: SearchDatabase, text: string) => db.tokenizer.tokenize(text, undefined, 'content');

// Option paths such as `layer.windows.accordionpadding`: every segment starts with a letter.
const identifierSegment = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const dottedSegments = (token: string): string[] | null => {
  if (!token.includes('.')) return null;
  const segments = token.split('.');
  return segments.every((segment) => identifierSegment.test(segment)) ? segments : null;
};

/**
 * Reads every row of the export (loaded the way Fumadocs' static client
 * loads it) and indexes the same rows, unescaped, in a database that
 * shares the export's tokenizer, so scoring is the engine's BM25 over the
 * same sections /api/search serves.
 */
async function loadIntoEngine(exported: unknown): Promise<LoadedIndex> {
  if (!isExportedAdvancedIndex(exported)) {
    throw new Error('the search export is not a Fumadocs advanced (zbsearch) index');
  }
  const served = create({ schema: databaseSchema });
  load(served, exported);
  // A search without a term lists every row, in index order.
  const all = await searchEngine(served, { limit: Math.max(1, count(served)) });

  const db = create({ schema: databaseSchema, components: { tokenizer: served.tokenizer } });
  const rows = new Map<string, IndexRow>();
  const sections = new Map<string, Section>();
  const pages = new Map<string, PageInfo>();
  const vocabulary = new Set<string>();
  const dottedRuns = new Map<string, Set<string>>();
  const documents: Array<{ id: string; content: string; page_id: string; type: string; url: string }> = [];

  for (const hit of all.hits) {
    const parsed = indexRowSchema.safeParse(hit.document);
    if (!parsed.success) continue;
    const row = parsed.data;
    const content = unescapeMarkdown(row.content);
    documents.push({ id: hit.id, content, page_id: row.page_id, type: row.type, url: row.url });
    rows.set(hit.id, { type: row.type, url: row.url });
    let section = sections.get(row.url);
    if (!section) {
      section = { url: row.url, pageId: row.page_id, heading: null, texts: [] };
      sections.set(row.url, section);
    }
    if (row.type === 'page') pages.set(row.page_id, { title: content, breadcrumbs: row.breadcrumbs ?? [] });
    else if (row.type === 'heading') section.heading = content;
    else section.texts.push(content);

    for (const token of tokenize(db, content)) {
      vocabulary.add(token);
      const segments = dottedSegments(token);
      if (!segments) continue;
      for (let start = 0; start < segments.length; start += 1) {
        for (let end = start + 1; end <= segments.length; end += 1) {
          if (start === 0 && end === segments.length) continue;
          const run = segments.slice(start, end).join('.');
          let names = dottedRuns.get(run);
          if (!names) dottedRuns.set(run, (names = new Set()));
          names.add(token);
        }
      }
    }
  }
  await insertMultiple(db, documents);
  return { db, rows, sections, pages, vocabulary, dottedRuns };
}

/**
 * The words to score. The tokenizer keeps a dotted option name as one
 * word, so `accordionPadding` alone would never meet
 * `layer.windows.accordionPadding`; each query word therefore also
 * searches the indexed option names that contain it as whole segments,
 * and a dotted query word also searches its shorter tails (`glow.spread`
 * for `layer.wallpaper.glow.spread`). Adjacent words are also tried
 * joined, so `accordion padding` meets `accordionPadding`.
 */
function searchWords(index: LoadedIndex, q: string): string[] {
  const words = new Set<string>();
  const addWord = (word: string) => {
    words.add(word);
    const names = index.dottedRuns.get(word);
    if (names) {
      for (const name of [...names].sort().slice(0, maxExpansionsPerWord)) words.add(name);
    }
    const segments = dottedSegments(word);
    if (segments) {
      for (let start = 1; start < segments.length; start += 1) {
        const tail = segments.slice(start).join('.');
        if (index.vocabulary.has(tail)) words.add(tail);
      }
    }
  };
  const tokens = tokenize(index.db, q);
  tokens.forEach((token, i) => {
    addWord(token);
    for (let length = 2; length <= 3 && i + length <= tokens.length; length += 1) {
      const joined = tokens.slice(i, i + length).join('');
      if (index.vocabulary.has(joined) || index.dottedRuns.has(joined)) addWord(joined);
    }
  });
  return [...words];
}

interface RankedSection {
  section: Section;
  score: number;
}

async function rankSections(index: LoadedIndex, words: string[]): Promise<RankedSection[]> {
  const result = await searchEngine(index.db, {
    term: words.join(' '),
    properties: ['content'],
    limit: Math.max(1, index.rows.size),
  });
  const rowScores = new Map<string, number[]>();
  for (const hit of result.hits) {
    const row = index.rows.get(hit.id);
    if (!row) continue;
    const weighted = hit.score * (row.type === 'text' ? 1 : headingBoost);
    const scores = rowScores.get(row.url);
    if (scores) scores.push(weighted);
    else rowScores.set(row.url, [weighted]);
  }
  const ranked: RankedSection[] = [];
  for (const [url, scores] of rowScores) {
    const section = index.sections.get(url);
    if (!section) continue;
    const best = scores.reduce((max, score) => Math.max(max, score), 0);
    const rest = scores.reduce((sum, score) => sum + score, 0) - best;
    ranked.push({ section, score: Math.round((best + extraRowWeight * rest) * 1000) });
  }
  // Deterministic order: score, then URL, so walking the pages yields every hit once.
  ranked.sort((a, b) => b.score - a.score || (a.section.url < b.section.url ? -1 : a.section.url > b.section.url ? 1 : 0));
  return ranked;
}

/** About `excerptLength` characters of `text` around the first of `words` it contains. */
/** Markdown emphasis and code marks read as noise in a plain-text excerpt. */
export const plainText = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

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

      const words = searchWords(index, q);
      // A query of no words (only punctuation) matches nothing; the engine would otherwise list every row.
      const ranked = words.length > 0 ? await rankSections(index, words) : [];
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
