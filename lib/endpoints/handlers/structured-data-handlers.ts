import { structuredDataLines } from '@/lib/discovery/structured-data';
import { runtime } from '@/lib/runtime';
import { docsVersion, routeDocs } from '@/lib/docs-source/route-docs';
import { documentCache, documentResponder } from '../document-responder';
import { endpointById } from '../descriptions/shared';
import { discoveryDescriptions } from '../descriptions/discovery-endpoints';
import { endpointHandler } from '../endpoint-handler';

/**
 * GET /schema.jsonl. Apart from the other discovery documents because it
 * reads the docs source (every page's title, description and date), which only
 * this route should pull into its bundle.
 */
export const structuredDataHandler = endpointHandler(
  endpointById(discoveryDescriptions, 'structuredData'),
  documentResponder({
    contentType: 'application/jsonl; charset=utf-8',
    body: async () => {
      const { source, dates } = await routeDocs();
      const { of } = await dates();
      return structuredDataLines(
        runtime().origin,
        source.getPages().map((page) => ({ url: page.url, title: page.data.title, description: page.data.description, dateModified: of(page.path) })),
      );
    },
    cacheControl: documentCache.deployed,
    version: docsVersion,
  }),
);
