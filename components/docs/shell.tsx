import { ArrowLeftIcon, ArrowRightIcon, ChevronRightIcon, MenuIcon } from '@/components/icons';
import type { ReactNode } from 'react';
import { getBreadcrumbItems, type BreadcrumbItem } from 'fumadocs-core/breadcrumb';
import { findNeighbour, type Root } from 'fumadocs-core/page-tree';
import type { TOCItemType } from 'fumadocs-core/toc';
import { GitHubIcon } from '@/components/github-icon';
import { SiteHeader } from '@/components/site/header';
import { iconButton } from '@/components/site/icon-button';
import { githubLink, navLinks } from '@/lib/layout.shared';
import { docsRoute } from '@/lib/routes';
import { PageTree } from './page-tree';
import { SectionsWhenIdle } from './sections-when-idle';
import { SoftNavigation } from './soft-navigation';
import { Toc, TocButton } from './toc';

/**
 * The docs layout, rendered on the server for one page: header, the article,
 * the page tree (a column from 768 px, left of the article; the menu
 * button's popover below) and "On this page" (a column from 1280 px, a
 * popover below). Each is one element whose `popover` attribute (HTML, no
 * script) serves small screens.
 * It replaces Fumadocs UI's client layout: the same tokens and typography
 * (fumadocs-ui/css), none of its client components, so a docs page loads
 * React and Next's runtime, the search button and a few tiny helpers.
 */
const sidebarId = 'docs-sidebar';

/**
 * The whole path to the page, not only its section: the docs' root and every
 * folder on the way, each a link. The page itself is not repeated (its title
 * is the heading below), nor is a folder whose index page this is.
 */
function breadcrumbs(url: string, tree: Root): BreadcrumbItem[] {
  if (url === docsRoute) return [];
  // The docs' root, named as the header's link to it names it.
  const root = { name: navLinks.find((link) => link.url === docsRoute)?.text ?? 'Docs', url: docsRoute };
  return [root, ...getBreadcrumbItems(url, tree).filter((item) => item.url !== url)];
}

export function DocsShell({
  tree,
  url,
  toc,
  head,
  children,
}: {
  tree: Root;
  url: string;
  toc: TOCItemType[];
  /** Title, description and page actions, shown above "On this page" on small screens. */
  head: ReactNode;
  /** The page's text. */
  children: ReactNode;
}) {
  const crumbs = breadcrumbs(url, tree);
  const { previous, next } = findNeighbour(tree, url);
  const menu = (
    <button
      type="button"
      popoverTarget={sidebarId}
      aria-label="Docs menu"
      className={`${iconButton} md:hidden`}
    >
      <MenuIcon className="size-4.5" />
    </button>
  );

  return (
    <>
      <SiteHeader pathname={url} menu={menu} />
      {/* The columns are the grid's (app/global.css, .docs-columns), so the first paint reserves the page tree and
          "On this page" before the parser reaches them: the text never moves or re-wraps when a column appears. */}
      <div className="docs-columns mx-auto w-full max-w-[1400px] flex-1" data-toc={toc.length > 0 ? '' : undefined}>
        <main id="nd-page" className="flex min-w-0 flex-1 justify-center">
          <article className={`flex w-full min-w-0 flex-col gap-4 ${toc.length > 0 ? 'max-w-[900px]' : 'max-w-[1168px]'} px-4 py-6 md:px-6 md:pt-8 xl:px-8 xl:pt-14`}>
            {crumbs.length > 0 && (
              <SoftNavigation aria-label="Breadcrumb" className="docs-chrome">
                <ol className="flex flex-wrap items-center gap-1 text-sm text-fd-muted-foreground">
                  {crumbs.map((crumb, index) => (
                    <li key={index} className="inline-flex items-center gap-1">
                      {index > 0 && <ChevronRightIcon className="size-3.5" />}
                      {crumb.url ? (
                        <a href={crumb.url} className="hover:text-fd-accent-foreground">
                          {crumb.name}
                        </a>
                      ) : (
                        <span>{crumb.name}</span>
                      )}
                    </li>
                  ))}
                </ol>
              </SoftNavigation>
            )}
            {head}
            <TocButton items={toc} />
            {children}
            <SectionsWhenIdle key={url} />
            {(previous || next) && (
              <SoftNavigation aria-label="Previous and next page" className="docs-chrome mt-8 grid grid-cols-2 gap-4 border-t pt-6 text-sm">
                {previous ? (
                  <a href={previous.url} className="flex flex-col gap-1 rounded-lg border p-3 hover:bg-fd-accent/50">
                    <span className="inline-flex items-center gap-1 text-fd-muted-foreground">
                      <ArrowLeftIcon className="size-3.5" /> Previous
                    </span>
                    <span className="font-medium">{previous.name}</span>
                  </a>
                ) : (
                  <span />
                )}
                {next && (
                  <a href={next.url} className="col-start-2 flex flex-col items-end gap-1 rounded-lg border p-3 text-end hover:bg-fd-accent/50">
                    <span className="inline-flex items-center gap-1 text-fd-muted-foreground">
                      Next <ArrowRightIcon className="size-3.5" />
                    </span>
                    <span className="font-medium">{next.name}</span>
                  </a>
                )}
              </SoftNavigation>
            )}
          </article>
        </main>
        {/* One element: a column from 768 px, the menu's popover below (app/global.css, .docs-panel). Keyed by page: navigating closes it.
            After the article in the document, placed first by the grid: the parser reaches the page's first screen, and the
            browser paints it, before the tree (docs/decisions/0014-the-article-before-the-page-tree.md). */}
        <aside key={url} id={sidebarId} popover="auto" className="docs-panel docs-sidebar">
          <SoftNavigation aria-label="Docs pages" keepsTreeState>
            <PageTree tree={tree} url={url} />
          </SoftNavigation>
          <a href={githubLink.url} className="mt-6 inline-flex items-center gap-2 px-2 text-sm text-fd-muted-foreground hover:text-fd-foreground md:hidden">
            <GitHubIcon className="size-4" /> {githubLink.label}
          </a>
        </aside>
        <Toc items={toc} pageKey={url} />
      </div>
    </>
  );
}
