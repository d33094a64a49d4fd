import { count, create, load, search as searchEngine, type RawData } from 'zbsearch';
import { z } from 'zod';
import { plainWords, tokenize } from './terms';

/**
 * The documentation search's own index, made once from Fumadocs' exported
 * index (the one /api/search serves), so a server loads it without reading
 * or tokenizing any text: in production it is made before the build
 * (scripts/build-search-data.mjs) and written in the binary form of
 * lib/search/index-format.ts, which every server (the dev server's
 * index, made here at run time, included) reads it through.
 *
 * One section per heading URL of the export (a page's introduction is the
 * section at the page's own URL, titled by the page), in URL order. Each
 * section has four scored fields: `name` (the option it documents, when its
 * heading is an option's full name), `heading` (any other heading), `body`
 * (its text) and `page` (its page's title), each stored as postings (token →
 * the sections holding it) and the field's token count per section, which
 * is all BM25 reads. `title` postings hold the tokens of each section's name
 * or heading, for the coverage bonus.
 */

export const scoredFields = ['name', 'heading', 'body', 'page'] as const;
export type ScoredField = (typeof scoredFields)[number];

/** Token → ascending section indexes, as two columns: tokens in code-unit order, and each one's list. */
export interface TokenPostings {
  tokens: string[];
  lists: number[][];
}

interface FieldData {
  /** Token count of the field per section (the engine's field length). */
  lengths: number[];
  postings: TokenPostings;
}

/** The index in memory, as it is made; lib/search/index-format.ts writes it as bytes. */
export interface SearchData {
  /** One entry per section in each column, sections in URL order. */
  sections: {
    urls: string[];
    pageIds: string[];
    headings: Array<string | null>;
    /** The section's text rows joined by a space, or null when it has none. */
    texts: Array<string | null>;
  };
  /** Page id → [title, breadcrumbs]. */
  pages: Record<string, [string, string[]]>;
  /** Plain words of the index and their counts, for typo correction and completions. */
  vocabulary: { words: string[]; counts: number[] };
  fields: Record<ScoredField, FieldData>;
  /** Tokens of each section's name or heading (runs of dotted names included). */
  title: TokenPostings;
}

/** Where `value` is in the ascending `list` (strings in code-unit order), or -1: a binary search. */
export function indexOfSorted<T extends string | number>(list: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = list[middle]!;
    if (candidate === value) return middle;
    if (candidate < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A heading that is an option's full name. */
export const optionHeading = /^layer\.[\p{L}\p{N}_.<>*]+$/u;

/**
 * Fumadocs stores each row as markdown, escapes included: a dot after a
 * `w` becomes `\.` (GFM autolink protection), so the export holds
 * `layer.wallpaper.glow\.spread`, which would split in two.
 * Rows are indexed and quoted without the escapes.
 */
const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** The fields of a row of Fumadocs' advanced index that search reads. */
const indexRowSchema = z.object({
  page_id: z.string(),
  type: z.enum(['page', 'heading', 'text']),
  url: z.string(),
  content: z.string(),
  breadcrumbs: z.array(z.string()).optional(),
});

function isExportedAdvancedIndex(value: unknown): value is RawData & { type: 'advanced' } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.type === 'advanced' && 'index' in record && 'docs' in record && 'internalDocumentIDStore' in record;
}

interface RawSection {
  url: string;
  pageId: string;
  heading: string | null;
  texts: string[];
}

function addPostings(postings: Map<string, number[]>, tokens: readonly string[], section: number): void {
  for (const token of tokens) {
    const list = postings.get(token);
    if (list) list.push(section);
    else postings.set(token, [section]);
  }
}

function sortedPostings(postings: Map<string, number[]>): TokenPostings {
  const tokens = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { tokens, lists: tokens.map((token) => postings.get(token)!) };
}

/** A row of Fumadocs' advanced index, the fields search reads. */
export type IndexRow = z.infer<typeof indexRowSchema>;

/**
 * Every row of an exported index (loaded the way Fumadocs' static client
 * loads it), in the index's order.
 */
async function searchRowsOfExport(exported: unknown): Promise<IndexRow[]> {
  if (!isExportedAdvancedIndex(exported)) {
    throw new Error('the search export is not a Fumadocs advanced (zbsearch) index');
  }
  const served = create({ schema: { content: 'string', page_id: 'string', type: 'string', url: 'string' } as const });
  load(served, exported);
  // A search without a term lists every row, in index order.
  const all = await searchEngine(served, { limit: Math.max(1, count(served)) });
  return all.hits.flatMap((hit) => {
    const parsed = indexRowSchema.safeParse(hit.document);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The index made from an exported index (the one /api/search serves): its rows, then `searchDataOfRows`. */
export async function buildSearchData(exported: unknown): Promise<SearchData> {
  return searchDataOfRows(await searchRowsOfExport(exported));
}

/**
 * Groups the rows of Fumadocs' advanced index (from an export, or made
 * from the docs source as Fumadocs makes them: lib/search/fumadocs-export.ts)
 * into sections and tokenizes each section's fields with
 * lib/search/terms.ts.
 */
export function searchDataOfRows(indexRows: readonly IndexRow[]): SearchData {
  const sections = new Map<string, RawSection>();
  const pages = Object.create(null) as SearchData['pages'];
  const vocabulary = new Map<string, number>();
  // Pages in URL order, each page's rows in the index's order (a stable sort): the same content makes
  // the same data whatever order the source listed its pages in (the build's and a script's may differ).
  const rows = [...indexRows];
  rows.sort((a, b) => (a.page_id < b.page_id ? -1 : a.page_id > b.page_id ? 1 : 0));
  for (const row of rows) {
    const content = unescapeMarkdown(row.content);
    let section = sections.get(row.url);
    if (!section) {
      section = { url: row.url, pageId: row.page_id, heading: null, texts: [] };
      sections.set(row.url, section);
    }
    if (row.type === 'page') pages[row.page_id] = [content, row.breadcrumbs ?? []];
    else if (row.type === 'heading') section.heading = content;
    else section.texts.push(content);
    for (const word of plainWords(content)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  }

  const fields = Object.fromEntries(scoredFields.map((field) => [field, { lengths: [] as number[], postings: new Map<string, number[]>() }])) as Record<
    ScoredField,
    { lengths: number[]; postings: Map<string, number[]> }
  >;
  const title = new Map<string, number[]>();
  const columns: SearchData['sections'] = { urls: [], pageIds: [], headings: [], texts: [] };
  // Sections in URL order: the ranking's tie-break is then the section's index.
  const ordered = [...sections.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  ordered.forEach((section, index) => {
    const pageTitle = pages[section.pageId]?.[0] ?? '';
    // A page's own section (its introduction) is titled by the page.
    const heading = section.heading ?? (section.url === section.pageId ? pageTitle : '');
    const option = optionHeading.test(heading) ? heading : null;
    const values: Record<ScoredField, string> = {
      name: option ?? '',
      heading: option ? '' : heading,
      body: section.texts.join(' '),
      page: pageTitle,
    };
    for (const field of scoredFields) {
      // Dotted names are also indexed by their runs (`glow.spread`) in the name field.
      const tokens = tokenize(values[field], { runs: field === 'name' });
      fields[field].lengths.push(tokens.length);
      addPostings(fields[field].postings, tokens, index);
    }
    addPostings(title, tokenize(heading, { runs: true }), index);
    columns.urls.push(section.url);
    columns.pageIds.push(section.pageId);
    columns.headings.push(section.heading);
    columns.texts.push(section.texts.length > 0 ? values.body : null);
  });
  const data: SearchData = {
    sections: columns,
    pages,
    vocabulary: { words: [...vocabulary.keys()], counts: [...vocabulary.values()] },
    fields: Object.fromEntries(
      scoredFields.map((field) => [field, { lengths: fields[field].lengths, postings: sortedPostings(fields[field].postings) }]),
    ) as Record<ScoredField, FieldData>,
    title: sortedPostings(title),
  };
  return data;
}
