import type { DocsReader, DocsReaderPage } from '@/lib/core/docs-reader';
import { routeDocs } from './route-docs';

/**
 * The site's pages as lib/core/docs-reader.ts reads them, from the docs as
 * the routes read them: the twin's bytes are those of /docs/<path>.md
 * (lib/docs/text-views.ts writes the same `llms.page`), the dates theirs.
 * Asked anew each time, so under `next dev` an edit shows at once; in
 * production the source is made once per process.
 */
export const siteDocsReader: DocsReader = {
  async pages() {
    const docs = await routeDocs();
    const dates = await docs.dates();
    return docs.source.getPages().map(
      (page): DocsReaderPage => ({
        slugs: page.slugs,
        title: page.data.title ?? page.url,
        ...(page.data.description ? { description: page.data.description } : {}),
        headings: (page.data.structuredData?.headings ?? []) as DocsReaderPage['headings'],
        lastModified: dates.of(page.path),
        markdown: () => docs.llms.page(page),
      }),
    );
  },
};
