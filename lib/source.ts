import { docs } from 'fumadocs-mdx:collections/server';
import { llms, loader } from 'fumadocs-core/source';
import { docsRoute } from './routes';

/**
 * The docs source: every page, its tree, and its processed markdown. Page
 * tree icons stay the names meta.json gives (`"icon": "LayoutGrid"`);
 * components/docs/page-tree.tsx draws them (lucide-react's components are
 * client components, which Fumadocs' lucide plugin would put in the tree).
 */
export const source = loader({
  baseUrl: docsRoute,
  source: docs.toFumadocsSource(),
});

export type DocsPage = NonNullable<ReturnType<typeof source.getPage>>;

export const docsLlms = llms(source, {
  renderPage: async (page) =>
    `# ${page.data.title} (${page.url})\n\n${await page.data.getText('processed')}`,
});
