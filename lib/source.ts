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

const pagesBySlugs = new Map(source.getPages().map((page) => [JSON.stringify(page.slugs), page]));

/**
 * The page at exactly these slugs, as the router decoded them, or undefined.
 * Next has already percent-decoded each segment once; Fumadocs' `getPage`
 * retries with every slug passed through `decodeURI` again, which reads a
 * literal `%` as an escape (a 500 on `/docs/%25G0.md`, and `%2561ppearance`
 * naming `appearance`: RFC 3986 §2.4, never decode twice). Slugs are
 * compared as a list, so one segment holding a decoded `%2F` never equals
 * two segments.
 */
export function findPage(slugs: readonly string[] | undefined): DocsPage | undefined {
  return pagesBySlugs.get(JSON.stringify(slugs ?? []));
}

export const docsLlms = llms(source, {
  renderPage: async (page) =>
    `# ${page.data.title} (${page.url})\n\n${await page.data.getText('processed')}`,
});
