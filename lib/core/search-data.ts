import { count, create, load, search as searchEngine, type RawData } from 'zbsearch';
import { z } from 'zod';
import { plainWords, tokenize } from './search-terms';

/**
 * The documentation search's own index, made once from Fumadocs' exported
 * index (the one /api/search serves) and kept as plain JSON, so a server
 * loads it without reading or tokenizing any text: in production it is made
 * at build time (lib/docs/search-build.ts) and a new process only parses it.
 *
 * One section per heading URL of the export (a page's introduction is the
 * section at the page's own URL, titled by the page), in the export's row
 * order. Each section has four scored fields: `name` (the option it
 * documents, when its heading is an option's full name), `heading` (any
 * other heading), `body` (its text) and `page` (its page's title), each
 * stored as postings (token → the sections holding it) and the field's
 * token count per section, which is all BM25 reads. `title` postings hold
 * the tokens of each section's name or heading, for the coverage bonus.
 */

export const searchDataFormat = 'layer-site-search/1';
export const scoredFields = ['name', 'heading', 'body', 'page'] as const;
export type ScoredField = (typeof scoredFields)[number];

export interface FieldData {
  /** Token count of the field per section (the engine's field length). */
  lengths: number[];
  /** Token → ascending section indexes. */
  postings: Record<string, number[]>;
}

export interface SearchData {
  format: typeof searchDataFormat;
  /** [url, page id, heading or null, text or null]: text is the section's text rows joined by a space. */
  sections: Array<[string, string, string | null, string | null]>;
  /** Page id → [title, breadcrumbs]. */
  pages: Record<string, [string, string[]]>;
  /** Plain words of the index with their counts, for typo correction and completions. */
  vocabulary: Array<[string, number]>;
  fields: Record<ScoredField, FieldData>;
  /** Tokens of each section's name or heading (runs of dotted names included). */
  title: Record<string, number[]>;
}

/** A heading that is an option's full name. */
export const optionHeading = /^layer\.[\p{L}\p{N}_.<>*]+$/u;

/**
 * Fumadocs stores each row as markdown, escapes included: a dot after a
 * `w` becomes `\.` (GFM autolink protection), so the export holds
 * `layer.wallpaper.glow\.spread`, which would split in two.
 * Rows are indexed and quoted without the escapes.
 */
export const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** The fields of a row of Fumadocs' advanced index that search reads. */
const indexRowSchema = z.object({
  page_id: z.string(),
  type: z.enum(['page', 'heading', 'text']),
  url: z.string(),
  content: z.string(),
  breadcrumbs: z.array(z.string()).optional(),
});

export function isExportedAdvancedIndex(value: unknown): value is RawData & { type: 'advanced' } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.type === 'advanced' && 'index' in record && 'docs' in record && 'internalDocumentIDStore' in record;
}

/** A cheap shape check (the data is this program's own build output, not outside input). */
export function isSearchData(value: unknown): value is SearchData {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<SearchData>;
  return (
    record.format === searchDataFormat &&
    Array.isArray(record.sections) &&
    typeof record.pages === 'object' &&
    Array.isArray(record.vocabulary) &&
    typeof record.title === 'object' &&
    scoredFields.every((field) => Array.isArray(record.fields?.[field]?.lengths) && record.fields[field].lengths.length === record.sections!.length)
  );
}

interface RawSection {
  url: string;
  pageId: string;
  heading: string | null;
  texts: string[];
}

/** Without a prototype, so a token such as `__proto__` or `constructor` is a key like any other. */
const emptyRecord = (): Record<string, number[]> => Object.create(null) as Record<string, number[]>;

function addPostings(postings: Record<string, number[]>, tokens: readonly string[], section: number): void {
  for (const token of tokens) {
    const list = postings[token] ?? (postings[token] = []);
    list.push(section);
  }
}

/**
 * Reads every row of the export (loaded the way Fumadocs' static client
 * loads it), groups the rows into sections and tokenizes each section's
 * fields with lib/core/search-terms.ts.
 */
export async function buildSearchData(exported: unknown): Promise<SearchData> {
  if (!isExportedAdvancedIndex(exported)) {
    throw new Error('the search export is not a Fumadocs advanced (zbsearch) index');
  }
  const served = create({ schema: { content: 'string', page_id: 'string', type: 'string', url: 'string' } as const });
  load(served, exported);
  // A search without a term lists every row, in index order.
  const all = await searchEngine(served, { limit: Math.max(1, count(served)) });

  const sections = new Map<string, RawSection>();
  const pages = Object.create(null) as SearchData['pages'];
  const vocabulary = new Map<string, number>();
  // Pages in URL order, each page's rows in the export's order (a stable sort): the same content makes
  // the same data whatever order the source listed its pages in (the build's and a script's may differ).
  const rows = all.hits.flatMap((hit) => {
    const parsed = indexRowSchema.safeParse(hit.document);
    return parsed.success ? [parsed.data] : [];
  });
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

  const data: SearchData = {
    format: searchDataFormat,
    sections: [],
    pages,
    vocabulary: [...vocabulary],
    fields: {
      name: { lengths: [], postings: emptyRecord() },
      heading: { lengths: [], postings: emptyRecord() },
      body: { lengths: [], postings: emptyRecord() },
      page: { lengths: [], postings: emptyRecord() },
    },
    title: emptyRecord(),
  };
  let index = 0;
  for (const section of sections.values()) {
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
      data.fields[field].lengths.push(tokens.length);
      addPostings(data.fields[field].postings, tokens, index);
    }
    addPostings(data.title, tokenize(heading, { runs: true }), index);
    data.sections.push([section.url, section.pageId, section.heading, section.texts.length > 0 ? values.body : null]);
    index += 1;
  }
  return data;
}
