import { defineConfig, defineDocs } from 'fumadocs-mdx/config';
import { metaSchema, pageSchema } from 'fumadocs-core/source/schema';

// The docs collection: MDX pages and meta.json files under content/docs.
// `includeProcessedMarkdown` keeps each page's markdown for the text views
// (/docs/{path}.md, /llms-full.txt).
export const docs = defineDocs({
  dir: 'content/docs',
  docs: {
    schema: pageSchema,
    postprocess: { includeProcessedMarkdown: true },
  },
  meta: { schema: metaSchema },
});

export default defineConfig();
