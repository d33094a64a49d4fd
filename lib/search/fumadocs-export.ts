import path from 'node:path';
import type { StructuredData } from 'fumadocs-core/mdx-plugins';
import { findPath } from 'fumadocs-core/page-tree';
import type { LoaderConfig, LoaderOutput } from 'fumadocs-core/source';
import { createFromSource } from 'fumadocs-core/search/server';
import type { IndexRow as SearchRow } from './index-data';

/**
 * The docs' exported search index (Fumadocs' advanced index of every page
 * and section) from a docs source: what /api/search serves, and what the
 * search core's own index is made from (lib/search/index-data.ts), at build
 * time by scripts/build-search-data.mjs and, without that file, at run
 * time. Imports packages only, so the build script loads it with Node's
 * type stripping.
 */

/**
 * Option names are words joined by dots (`layer.windows.accordionPadding`).
 * Word segmentation disagrees on them: Node's ICU (which builds this index)
 * keeps the dotted name as one word, Chromium's splits it at each dot, so a
 * query typed in the browser never matched the heading, and a query for the
 * last part (`accordionPadding`) matched nothing anywhere. Index both: the
 * whole dotted name and each part. The exported index keeps the language
 * `multilingual`, so the browser still tokenizes queries with Intl.Segmenter.
 */
function optionNameTokenizer() {
  const words = /[\p{L}\p{N}_]+(?:[.\-'][\p{L}\p{N}_]+)*/gu;
  return {
    language: 'multilingual',
    normalizationCache: new Map<string, string>(),
    tokenize(raw: string): string[] {
      const tokens = new Set<string>();
      for (const word of raw.toLowerCase().match(words) ?? []) {
        tokens.add(word);
        if (/[.\-']/.test(word)) for (const part of word.split(/[.\-']/)) if (part) tokens.add(part);
      }
      return [...tokens];
    },
  };
}

interface IndexRow {
  type: string;
  page_id?: string;
  content?: string;
  breadcrumbs?: string[];
}

/**
 * Fumadocs puts breadcrumbs on page rows only; the index /docs/api/search
 * describes ("/api/search") has them on every section row too (each with its
 * url, breadcrumbs, content and a page_id). Section breadcrumbs are the
 * page's breadcrumbs followed by the page title. The stored documents are not
 * indexed fields, so scoring is unchanged.
 */
function addSectionBreadcrumbs<T extends { docs: { docs: Record<string, IndexRow> } }>(exported: T): T {
  const rows = Object.values(exported.docs.docs);
  const pages = new Map(rows.filter((row) => row.type === 'page').map((row) => [row.page_id, row]));
  for (const row of rows) {
    if (row.type === 'page' || !row.page_id) continue;
    const page = pages.get(row.page_id);
    if (page) row.breadcrumbs = [...(page.breadcrumbs ?? []), page.content ?? ''];
  }
  return exported;
}

/** The exported index of every page of `source`, section breadcrumbs added. */
export async function exportSourceIndex<C extends LoaderConfig>(source: LoaderOutput<C>): Promise<unknown> {
  const data = await createFromSource(source, { tokenizer: optionNameTokenizer() }).export();
  return addSectionBreadcrumbs(data as unknown as { docs: { docs: Record<string, IndexRow> } });
}

/** What a page's data may hold its sections in (Fumadocs MDX: a value; a lazy source: a function or `load`). */
interface IndexedPageData {
  title?: string;
  description?: string;
  structuredData?: StructuredData | (() => StructuredData | Promise<StructuredData>);
  load?: () => Promise<{ structuredData?: StructuredData }>;
}

/**
 * The rows Fumadocs' advanced index holds for every page of `source`, made
 * as createFromSource makes them (fumadocs-core 16.15: search/server
 * build-index.ts `buildIndexDefault` and `buildBreadcrumbs`, build-doc.ts
 * `buildDocuments`), in its order, without building the index: the build
 * makes the search core's index from these (scripts/build-search-data.mjs),
 * where indexing every row in Orama, exporting it and reading every row
 * back out grew too slow with the content (figures:
 * docs/decisions/0002-docs-data-and-search-index-before-next-build.md).
 * The same rows as the export's:
 * tests/server/search-prebuilt.test.ts compares the data made from each.
 */
export async function sourceSearchRows<C extends LoaderConfig>(source: LoaderOutput<C>): Promise<SearchRow[]> {
  const tree = source.getPageTree();
  const rows: SearchRow[] = [];
  for (const page of source.getPages()) {
    const data = page.data as IndexedPageData;
    const structured =
      typeof data.structuredData === 'function' ? await data.structuredData() : (data.structuredData ?? (await data.load?.())?.structuredData);
    if (!structured) throw new Error(`${page.path}: no structured data to index`);
    const title = data.title ?? path.posix.basename(page.path, path.posix.extname(page.path));
    const found = findPath(tree.children, (node) => node.type === 'page' && node.url === page.url);
    let breadcrumbs: string[] | undefined;
    if (found) {
      found.pop();
      breadcrumbs = [tree.name, ...found.map((node) => node.name)].filter((name): name is string => typeof name === 'string' && name.length > 0);
    }
    const id = page.url;
    rows.push({ page_id: id, type: 'page', url: page.url, content: title, ...(breadcrumbs ? { breadcrumbs } : {}) });
    if (data.description && !structured.contents.some((item) => item.content === data.description)) {
      rows.push({ page_id: id, type: 'text', url: page.url, content: data.description });
    }
    for (const heading of structured.headings) rows.push({ page_id: id, type: 'heading', url: `${page.url}#${heading.id}`, content: heading.content });
    for (const content of structured.contents) {
      rows.push({ page_id: id, type: 'text', url: content.heading ? `${page.url}#${content.heading}` : page.url, content: content.content });
    }
  }
  return rows;
}
