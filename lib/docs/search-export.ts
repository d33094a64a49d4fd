import type { LoaderConfig, LoaderOutput } from 'fumadocs-core/source';
import { createFromSource } from 'fumadocs-core/search/server';

/**
 * The docs' exported search index (Fumadocs' advanced index of every page
 * and section) from a docs source: what /api/search serves, and what the
 * search core's own index is made from (lib/core/search-data.ts), at build
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
 * Fumadocs puts breadcrumbs on page rows only; the spec's index has them
 * on every section row too ("one row per section with url, breadcrumbs,
 * content and a page_id"). Section breadcrumbs are the page's breadcrumbs
 * followed by the page title. The stored documents are not indexed fields,
 * so scoring is unchanged.
 */
export function addSectionBreadcrumbs<T extends { docs: { docs: Record<string, IndexRow> } }>(exported: T): T {
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
