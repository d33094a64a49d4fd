import { source } from '@/lib/source';
import { exportSourceIndex } from './search-export';
import { documentCache, strongEtag } from '@/lib/api/document-responder';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * The Fumadocs (Orama-shaped) search index of every page and section,
 * served whole at /api/search, and the source of the search core's own
 * index (lib/docs/search-export.ts makes both from the docs source).
 */
let exported: Promise<unknown> | undefined;
/** The exported index, built once per process. */
export function exportSearchIndex(): Promise<unknown> {
  exported ??= exportSourceIndex(source);
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
