import { createFromSource } from 'fumadocs-core/search/server';
import { source } from '@/lib/source';
import { documentCache, strongEtag } from '@/lib/api/document-responder';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import type { RouteHandler } from '@/lib/http/route-handler';

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

/**
 * The Fumadocs (Orama-shaped) search index of every page and section,
 * served whole at /api/search for the site's static search dialog and
 * scored by /v1/search (lib/core/search.ts): one index for both.
 */
export const searchServer = createFromSource(source, { tokenizer: optionNameTokenizer() });

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

let exported: Promise<unknown> | undefined;
/** The exported index, built once per process. */
export function exportSearchIndex(): Promise<unknown> {
  exported ??= searchServer
    .export()
    .then((data) => addSectionBreadcrumbs(data as unknown as { docs: { docs: Record<string, IndexRow> } }));
  return exported;
}

let built: Promise<{ body: string; etag: string }> | undefined;
/**
 * GET /api/search: the exported index with a strong ETag (RFC 9110 §8.8.3),
 * made once per process; `If-None-Match` answers 304 (§13.1.2). Under
 * `next dev` the search core revalidates it before each search
 * (lib/docs/search-dev.ts).
 */
export const searchIndexHandler: RouteHandler = async (request) => {
  built ??= exportSearchIndex().then((data) => {
    const body = JSON.stringify(data);
    return { body, etag: strongEtag(body) };
  });
  const { body, etag } = await built;
  const headers = { ETag: etag, 'Cache-Control': documentCache.searchIndex };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, 'Content-Type': 'application/json' } });
};
