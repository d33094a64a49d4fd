import { docsVersion, routeDocs } from '@/lib/docs-source/route-docs';
import { exportSourceIndex } from '@/lib/search/fumadocs-export';
import { keptForLast } from '@/lib/platform/kept-for-last';
import { documentCache, documentResponder } from '@/lib/endpoints/document-responder';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { docsDescriptions } from '@/lib/endpoints/descriptions/docs-endpoints';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';

/**
 * The Fumadocs (Orama-shaped) search index of every page and section,
 * served whole at /api/search, and the source of the search core's own
 * index (lib/search/fumadocs-export.ts makes both from the docs source).
 */
const exported = keptForLast(exportSourceIndex);
/** The exported index, built once per docs source: once per process in production, after each edit under `next dev`. */
export async function exportSearchIndex(): Promise<unknown> {
  return exported((await routeDocs()).source);
}

/**
 * GET /api/search: the exported index through the site's document responder
 * (a strong ETag, 304 on `If-None-Match`), made once per process. Under
 * `next dev` the search core revalidates it before each search
 * (lib/search/dev-index.ts).
 */
export const searchIndexHandler = endpointHandler(
  endpointById(docsDescriptions, 'searchIndex'),
  documentResponder({
    contentType: 'application/json',
    body: () => exportSearchIndex().then((data) => JSON.stringify(data)),
    cacheControl: documentCache.searchIndex,
    version: docsVersion,
  }),
);
