import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { ReactNode } from 'react';
import type { Folder, Node, Root } from 'fumadocs-core/page-tree';
import { iconElement, treeIconShapes } from './icon-shapes';
import { compactHtml } from './compact-html';
import { docsTreeFolderUrl } from '@/lib/routes';
import { folderEntriesWritten } from '@/lib/docs-source/sidebar-folders';

/**
 * The docs navigation as HTML, written on the server for the page being
 * shown (components/docs/page-tree.tsx sets it as the sidebar's list):
 * the current page carries aria-current, and every folder lists its pages,
 * shown when it is open (see `folderNode`). The sidebar and the
 * small-screen menu are the same markup, which no client code renders;
 * components/docs/soft-navigation.tsx routes its links' clicks within the
 * app.
 *
 * Written as one HTML string (hast-util-to-html) that React sets as the
 * list's content, as the option browser's rows are: each page of a folder
 * lists every page of that folder, so the links grow as the square of its
 * pages, and as React elements each link went through the server render, the
 * HTML render and the page's prefetch segments (docs/decisions/0003-many-pages-sidebar-folders-in-part.md).
 *
 * A folder of more than `folderEntriesWritten` entries is written in part
 * (see `folderNode`): written whole, each page of a large folder carries a
 * link to every other, twice (HTML and payload).
 */
function containsUrl(folder: Folder, url: string): boolean {
  if (folder.index?.url === url) return true;
  return folder.children.some((child) =>
    child.type === 'page' ? child.url === url : child.type === 'folder' ? containsUrl(child, url) : false,
  );
}

// Classes on the lists only: the links are styled by their place (`.docs-sidebar` in app/repeated-elements.css),
// since a sidebar of many pages would repeat a class on each, twice (its HTML and its RSC payload).
const separatorClass = ['tree-separator'];
const folderListClass = ['tree-list'];
const folderHeadClass = ['tree-folder-head'];
const showAllClass = ['tree-all'];

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
  const drawn = typeof icon === 'string' ? treeIconShapes[icon] : undefined;
  return drawn ? [iconElement(drawn)] : [];
}

/** An entry's label: its icon, then its name. */
const label = (icon: ReactNode, name: ReactNode): ElementContent[] => [...iconOf(icon), { type: 'text', value: nameText(name) }];

function pageLink(url: string, current: string, icon: ReactNode, name: ReactNode): Element {
  return element('a', { ariaCurrent: url === current ? 'page' : undefined, href: url }, label(icon, name));
}


/** A folder's key in /api/docs-tree/{folder}: its place in the tree, `3` or `3-0` (the digits of its id). */
const folderKey = (id: string) => id.replace(/^tree-/, '').replaceAll('-pages', '');

/** The id `folderNode` gives the folder at `key` (the inverse of `folderKey`). */
const folderIdOf = (key: string) => `tree-${key.split('-').join('-pages-')}`;

/** Where in `children` the entry holding `url` is, or -1. */
const entryHolding = (children: Node[], url: string) =>
  children.findIndex((child) => (child.type === 'page' ? child.url === url : child.type === 'folder' ? containsUrl(child, url) : false));

/**
 * A folder: its label (a link to its index page, which opens it, as in
 * Fumadocs UI), a chevron that opens and closes it in place, and its pages,
 * always written and `hidden` while closed, so a chevron needs no request.
 * Open when it holds the current page or meta.json says `defaultOpen`;
 * lib/client/tree-state.ts keeps what the reader chose for the session.
 *
 * A folder of more than `folderEntriesWritten` entries is written in part:
 * closed, none of its entries; open, the `folderEntriesWritten` around the
 * entry holding the current page (else its first ones), with a "Show all"
 * button where entries were left out. Its list names where the whole list
 * is (`data-src`, /api/docs-tree/{folder}), which the page's controls
 * (components/site/page-controls.tsx) fetch when the chevron opens it or a
 * button asks, once.
 */
function folderNode(node: Folder, url: string, id: string): Element {
  const current = containsUrl(node, url);
  const open = current || node.defaultOpen === true;
  const name = nameText(node.name);
  const listId = `${id}-pages`;
  const head = node.index ? pageLink(node.index.url, url, node.icon, node.name) : element('span', {}, label(node.icon, node.name));
  // The chevron is drawn in CSS (`.tree-folder-head > button`), not as an SVG a folder.
  const toggle = element('button', { type: 'button', ariaExpanded: String(open), ariaControls: [listId], ariaLabel: `${name} pages` }, []);
  const entries = node.children;
  let list: Element;
  if (entries.length <= folderEntriesWritten) {
    list = element('ul', { id: listId, className: folderListClass, hidden: !open }, treeNodes(entries, url, listId));
  } else {
    const showAll = () =>
      element('li', { className: showAllClass }, [element('button', { type: 'button', dataTreeAll: '' }, [{ type: 'text', value: `Show all ${entries.length.toLocaleString('en-US')} in ${name}` }])]);
    const held = open ? entryHolding(entries, url) : -1;
    const start = open ? Math.max(0, Math.min(held - (folderEntriesWritten >> 1), entries.length - folderEntriesWritten)) : 0;
    const end = open ? start + folderEntriesWritten : 0;
    // The written entries keep the ids a whole list gives them (their place in the folder).
    const written = treeNodes(entries, url, listId, start, end);
    list = element('ul', { id: listId, className: folderListClass, hidden: !open, dataSrc: docsTreeFolderUrl(folderKey(id)) }, [
      ...(open && start > 0 ? [showAll()] : []),
      ...written,
      ...(open && end < entries.length ? [showAll()] : []),
    ]);
  }
  return element('li', { dataFolder: node.index?.url ?? id, dataCurrent: current ? '' : undefined }, [element('div', { className: folderHeadClass }, [head, toggle]), list]);
}

function treeNodes(nodes: Node[], url: string, parent = 'tree', start = 0, end = nodes.length): Element[] {
  return nodes.slice(start, end).map((node, at) => {
    const index = start + at;
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

/**
 * Every entry of the folder at `key` (its place in the tree, `3-0`), as the
 * HTML of its list, written as a page outside the folder writes it (nothing
 * current; the page's controls mark the current page once it is in place),
 * or undefined when no folder is there: /api/docs-tree/{folder}.
 */
export function folderListHtml(tree: Root, key: string): string | undefined {
  let nodes: Node[] = tree.children;
  let folder: Folder | undefined;
  for (const part of key.split('-')) {
    const node = nodes[Number(part)];
    if (node?.type !== 'folder') return undefined;
    folder = node;
    nodes = node.children;
  }
  if (!folder) return undefined;
  return toHtml(treeNodes(folder.children, '', `${folderIdOf(key)}-pages`), compactHtml);
}
