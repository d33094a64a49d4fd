import type { Root } from 'fumadocs-core/page-tree';
import { treeStateScript } from '@/lib/client/tree-state';
import { pageTreeHtml } from '@/lib/docs/page-tree-html';

/** The docs navigation (lib/docs/page-tree-html.ts writes its HTML), and the script that restores the folders' state. */
export function PageTree({ tree, url }: { tree: Root; url: string }) {
  return (
    <>
      <ul className="flex flex-col gap-0.5" dangerouslySetInnerHTML={{ __html: pageTreeHtml(tree, url) }} />
      {/* Runs as the parser reaches it on a full load, before the sidebar's first paint; after a navigation
          within the app, SoftNavigation applies the same state. */}
      <script dangerouslySetInnerHTML={{ __html: treeStateScript }} />
    </>
  );
}
