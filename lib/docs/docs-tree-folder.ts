import { folderListHtml } from './page-tree-html';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import { CoreError } from '@/lib/core/core-error';
import { problemResponse } from '@/lib/http/problem';
import { routeDocs } from '@/lib/docs-source/route-docs';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { docsDescriptions } from '@/lib/endpoints/descriptions/docs-endpoints';
import { strongEtag } from '@/lib/endpoints/document-responder';
import { endpointHandler } from '@/lib/endpoints/endpoint-handler';

/**
 * GET /api/docs-tree/{folder}: a large sidebar folder's whole list, which
 * the sidebar writes in part (lib/docs/page-tree-html.ts). Not in the
 * handler registry, as /api/docs-search is not: it reads the docs source.
 */
const cacheControl = 'public, max-age=300';

export const docsTreeFolder = endpointHandler(endpointById(docsDescriptions, 'docsTreeFolder'), async (request, context) => {
  const { folder } = ((await context?.params) ?? {}) as { folder?: string };
  const { source } = await routeDocs();
  // Places are short runs of indexes; anything else names no folder.
  const html = folder && /^\d{1,5}(?:-\d{1,5}){0,15}$/.test(folder) ? folderListHtml(source.getPageTree(), folder) : undefined;
  if (html === undefined) {
    return problemResponse(new CoreError('not_found', 'No sidebar folder is at this place of the page tree; the sidebar names each large folder\'s place in its list\'s `data-src`.'));
  }
  const etag = strongEtag(html);
  const headers = { ETag: etag, 'Cache-Control': cacheControl };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(html, { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
});
