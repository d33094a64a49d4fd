import { operationSpan } from '@/lib/platform/telemetry';
import { findPath } from 'fumadocs-core/page-tree';
import { runtime } from '@/lib/runtime';
import { routeDocs, type RouteDocs } from '@/lib/docs-source/route-docs';
import { dialogRows, type DialogPage } from '../docs-search-rows';
import { endpointById } from '../descriptions/shared';
import { docsDescriptions } from '../descriptions/docs-endpoints';
import { mapResult } from '@/lib/core/result';
import { keptForLast } from '@/lib/platform/kept-for-last';
import { implement, type JsonReply } from '../endpoint-handler';

/**
 * GET /api/docs-search: the search dialog's door onto the search core (the
 * index and scoring of /v1/search), answering Fumadocs result rows (see
 * lib/endpoints/docs-search-rows.ts). Not in the handler registry: the docs build
 * runs the documented examples without the docs source, which this reads
 * for page titles and folders.
 */
const dialogResultLimit = 10;

/** Every docs page's title and the folders above it (the root's own name left out), made again for a new source (an edit under `next dev`). */
const pagesOf = keptForLast((source: RouteDocs['source']): Map<string, DialogPage> => {
  const tree = source.getPageTree();
  return new Map(
    source.getPages().map((page) => {
      const path = findPath(tree.children, (node) => node.type === 'page' && node.url === page.url) ?? [];
      const breadcrumbs = path
        .slice(0, -1)
        .map((node) => node.name)
        .filter((name): name is string => typeof name === 'string' && name.length > 0);
      return [page.url, { title: page.data.title, breadcrumbs }];
    }),
  );
});
const pageOf = ({ source }: RouteDocs, url: string): DialogPage | undefined => pagesOf(source).get(url);

/** Answers change only with a deployment (the index is built from the docs). */
const cacheControl = 'public, max-age=300';

export const docsSearchDialog = implement(endpointById(docsDescriptions, 'docsSearchDialog'), async ({ query }) => {
  const docs = await routeDocs();
  const answer = await operationSpan('dialog', 'search', () => runtime().services({ sandbox: false }).search({ q: query.query, limit: dialogResultLimit }));
  return mapResult(answer, ({ results }): JsonReply => ({ json: dialogRows(results, pageOf.bind(undefined, docs)), headers: { 'Cache-Control': cacheControl } }));
});
