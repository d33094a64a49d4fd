import type { LLMsWithPages } from 'fumadocs-core/source';
import { docsLlmsOf, docsSourceOf, pageFinder, readDocsData } from './docs-data';

type DocsSource = ReturnType<typeof docsSourceOf>;
type DocsPage = NonNullable<ReturnType<DocsSource['getPage']>>;

export interface RouteDocs {
  source: DocsSource;
  llms: LLMsWithPages<DocsPage>;
  findPage(slugs: readonly string[] | undefined): DocsPage | undefined;
}

let production: Promise<RouteDocs> | undefined;

/**
 * The docs for every server bundle but the docs page's: the text views,
 * /api/search, the Open Graph images, the sitemap, /schema.jsonl, the
 * search dialog and the bench routes. In production they come from the data
 * file made before the build (lib/docs-source/docs-data.ts), so these bundles do
 * not hold the compiled MDX; under `next dev` pages change while the server
 * runs, and they come from the collection (lib/docs-source/collection.ts), as the docs
 * page's do. The branch is decided at build time (NODE_ENV is inlined), so a
 * production bundle does not reach the collection's import.
 */
export function routeDocs(): Promise<RouteDocs> {
  if (process.env.NODE_ENV === 'development') {
    // The collection's pages hold what the file's do, and more (the compiled body).
    return import('./collection').then(({ source, docsLlms, findPage }) => ({ source, llms: docsLlms, findPage }) as unknown as RouteDocs);
  }
  if (!production) {
    production = readDocsData(process.cwd(), process.env.SVC_CONTENT_HASH).then((file) => {
      const source = docsSourceOf(file);
      return { source, llms: docsLlmsOf(source), findPage: pageFinder(source.getPages()) };
    });
    // A failed read is tried again on the next request.
    production.catch(() => (production = undefined));
  }
  return production;
}
