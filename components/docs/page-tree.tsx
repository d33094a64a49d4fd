import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { ReactNode } from 'react';
import type { Folder, Node, Root } from 'fumadocs-core/page-tree';
import { iconElement, treeIcons } from '@/components/icons';
import { compactHtml } from '@/lib/docs/compact-html';
import { treeStateScript } from '@/lib/client/tree-state';

/**
 * The docs navigation, rendered on the server for the page being shown:
 * the current page carries aria-current, and every folder lists its pages,
 * shown when it is open (see `folderNode`). The sidebar and the
 * small-screen menu are the same markup, which no client code renders;
 * components/docs/soft-navigation.tsx routes its links' clicks within the
 * app.
 *
 * Written as one HTML string (hast-util-to-html) that React sets as the
 * list's content, as the option browser's rows are: each page of a folder
 * lists every page of that folder, so the links grow as the square of its
 * pages. As React elements each link went through the server render, the
 * HTML render and the page's prefetch segments; at ten times the content
 * (a folder of 240 pages), that was a third of prerendering.
 */
function containsUrl(folder: Folder, url: string): boolean {
  if (folder.index?.url === url) return true;
  return folder.children.some((child) =>
    child.type === 'page' ? child.url === url : child.type === 'folder' ? containsUrl(child, url) : false,
  );
}

// Classes on the lists only: the links are styled by their place (`.docs-sidebar` in app/global.css),
// since a sidebar of many pages would repeat a class on each, twice (its HTML and its RSC payload).
const separatorClass = ['tree-separator'];
const folderListClass = ['tree-list'];
const folderHeadClass = ['tree-folder-head'];

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** A name in the tree as text: titles and meta.json names are strings (lib/docs-source/collection.ts). */
function nameText(name: ReactNode): string {
  if (name === undefined || name === null) return '';
  if (typeof name === 'string' || typeof name === 'number') return String(name);
  throw new Error(`page tree: a name that is not text (${typeof name}); the sidebar writes names as text`);
}

/** A meta.json icon name (lib/docs-source/collection.ts keeps the names) as its drawing; unknown names draw nothing. */
function iconOf(icon: ReactNode): ElementContent[] {
  const drawn = typeof icon === 'string' ? treeIcons[icon] : undefined;
  return drawn ? [iconElement(drawn)] : [];
}

/** An entry's label: its icon, then its name. */
const label = (icon: ReactNode, name: ReactNode): ElementContent[] => [...iconOf(icon), { type: 'text', value: nameText(name) }];

function pageLink(url: string, current: string, icon: ReactNode, name: ReactNode): Element {
  return element('a', { ariaCurrent: url === current ? 'page' : undefined, href: url }, label(icon, name));
}

/**
 * A folder: its label (a link to its index page, which opens it, as in
 * Fumadocs UI), a chevron that opens and closes it in place, and its pages,
 * always written and `hidden` while closed, so a chevron needs no request.
 * Open when it holds the current page or meta.json says `defaultOpen`;
 * lib/client/tree-state.ts keeps what the reader chose for the session.
 */
function folderNode(node: Folder, url: string, id: string): Element {
  const current = containsUrl(node, url);
  const open = current || node.defaultOpen === true;
  const name = nameText(node.name);
  const listId = `${id}-pages`;
  const head = node.index ? pageLink(node.index.url, url, node.icon, node.name) : element('span', {}, label(node.icon, node.name));
  // The chevron is drawn in CSS (`.tree-folder-head > button`), not as an SVG a folder.
  const toggle = element('button', { type: 'button', ariaExpanded: String(open), ariaControls: [listId], ariaLabel: `${name} pages` }, []);
  return element('li', { dataFolder: node.index?.url ?? id, dataCurrent: current ? '' : undefined }, [
    element('div', { className: folderHeadClass }, [head, toggle]),
    element('ul', { id: listId, className: folderListClass, hidden: !open }, treeNodes(node.children, url, listId)),
  ]);
}

function treeNodes(nodes: Node[], url: string, parent = 'tree'): Element[] {
  return nodes.map((node, index) => {
    if (node.type === 'separator') {
      return element('li', { className: separatorClass }, [{ type: 'text', value: nameText(node.name) }]);
    }
    if (node.type === 'page') return element('li', {}, [pageLink(node.url, url, node.icon, node.name)]);
    return folderNode(node, url, `${parent}-${index}`);
  });
}

/**
 * The tree's entries for the page at `url`, as the list's HTML: written
 * short (optional end tags left out, quotes only where needed), since the
 * browser's parser reads it as it reads any HTML.
 */
export function pageTreeHtml(tree: Root, url: string): string {
  return toHtml(treeNodes(tree.children, url), compactHtml);
}

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
