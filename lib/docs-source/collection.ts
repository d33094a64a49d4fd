import { docs } from 'fumadocs-mdx:collections/server';
import { loader } from 'fumadocs-core/source';
import { pageFinder } from './docs-data';
import { docsRoute } from '@/lib/routes';

/**
 * The docs source: every page, its tree, and its processed markdown. Page
 * tree icons stay the names meta.json gives (`"icon": "LayoutGrid"`);
 * components/docs/page-tree.tsx draws them (lucide-react's components are
 * client components, which Fumadocs' lucide plugin would put in the tree).
 * Only the docs page imports it: every other route reads the docs as data
 * (lib/docs-source/route-docs.ts: made before the build, or under `next dev`
 * when the content changed), since each server bundle that imports the
 * collection compiles and emits every page again.
 */
export const source = loader({
  baseUrl: docsRoute,
  source: docs.toFumadocsSource(),
});

export type DocsPage = NonNullable<ReturnType<typeof source.getPage>>;

/** The page at exactly these slugs, as the router decoded them, or undefined (lib/docs-source/docs-data.ts pageFinder). */
export const findPage: (slugs: readonly string[] | undefined) => DocsPage | undefined = pageFinder(source.getPages());
