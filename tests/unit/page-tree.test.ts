import type { Root } from 'fumadocs-core/page-tree';
import { toHtml } from 'hast-util-to-html';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { folderListHtml, pageTreeHtml } from '@/lib/docs/page-tree-html';
import { folderEntriesWritten } from '@/lib/docs-source/sidebar-folders';
import { docsTreeFolderUrl } from '@/lib/routes';
import { LayoutGridIcon } from '@/components/icons';
import { iconElement, treeIconShapes } from '@/lib/docs/icon-shapes';
import { compactHtml } from '@/lib/docs/compact-html';

/** Tags with their attributes sorted, so two writers' markup compares by content. */
const sortedAttributes = (html: string) =>
  html.replace(/<([a-z]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_, tag: string, attributes: string, slash: string) =>
    `<${tag}${attributes.trim().split(/\s+(?=[^\s=]+(?:=|$))/).filter(Boolean).sort().map((a) => ` ${a}`).join('')}${slash}>`,
  );

const tree: Root = {
  name: 'Docs',
  children: [
    { type: 'page', name: 'Introduction', url: '/docs' },
    { type: 'separator', name: 'Guides' },
    {
      type: 'folder',
      name: 'Rooms',
      icon: 'LayoutGrid',
      index: { type: 'page', name: 'Rooms', url: '/docs/rooms' },
      children: [
        { type: 'page', name: 'Fish & <Chips>', url: '/docs/rooms/fish' },
        { type: 'page', name: 'Windows', url: '/docs/rooms/windows' },
      ],
    },
    { type: 'folder', name: 'Closed', icon: 'NoSuchIcon', children: [{ type: 'page', name: 'Inside', url: '/docs/closed/inside' }] },
    { type: 'folder', name: 'Open', defaultOpen: true, children: [{ type: 'page', name: 'Shown', url: '/docs/open/shown' }] },
  ],
};

describe('the page tree as HTML (components/docs/page-tree.tsx)', () => {
  const html = pageTreeHtml(tree, '/docs/rooms/fish');

  it('marks the current page alone, and opens the folders that hold it or open by default', () => {
    expect(html.match(/aria-current=page/g)).toHaveLength(1);
    expect(html).toContain('<a aria-current=page href=/docs/rooms/fish>');
    expect(html).toContain('href=/docs/rooms/windows>');
    expect(html).toContain('href=/docs/open/shown>');
    // Every folder lists its pages; a closed one keeps them hidden, and its chevron says so.
    const folder = (name: string) => html.slice(html.indexOf(`${name}</`), html.indexOf('</ul>', html.indexOf(`${name}</`)));
    expect(folder('Rooms')).toMatch(/aria-expanded=true[^]*<ul id=[^ ]+ class=tree-list>/);
    expect(folder('Open')).toMatch(/aria-expanded=true[^]*<ul id=[^ ]+ class=tree-list>/);
    expect(folder('Closed')).toMatch(/aria-expanded=false[^]*<ul id=[^ ]+ class=tree-list hidden>[^]*href=\/docs\/closed\/inside/);
    // A folder without an index page is its name, not a link.
    expect(html).toContain('<span>Closed</span>');
    // Its folder holds the current page: marked so the reader's stored choice never closes it.
    expect(html).toMatch(/<li data-folder=\/docs\/rooms data-current>/);
    expect(html).toContain('<li class=tree-separator>Guides<li');
  });

  it('escapes names, so a title is text and never markup', () => {
    expect(html).not.toContain('<Chips>');
    expect(html).toMatch(/Fish &#x26; &#x3C;Chips>/);
  });

  it("draws a known icon as its component draws it, and an unknown name as nothing", () => {
    const drawn = renderToStaticMarkup(createElement(LayoutGridIcon));
    expect(sortedAttributes(toHtml(iconElement(treeIconShapes.LayoutGrid!)))).toBe(sortedAttributes(drawn));
    expect(html).toContain(`${toHtml(iconElement(treeIconShapes.LayoutGrid!), compactHtml)}Rooms</a>`);
    expect(html).toMatch(/<span>Closed<\/span>/);
  });

  it('refuses a name that is not text rather than writing it empty', () => {
    const withElement: Root = { name: 'Docs', children: [{ type: 'page', name: createElement('b', null, 'Bold'), url: '/docs/b' }] };
    expect(() => pageTreeHtml(withElement, '/docs')).toThrow(/not text/);
  });
});

describe('a large folder, written in part (components/docs/page-tree.tsx)', () => {
  const count = folderEntriesWritten * 4;
  const pages = Array.from({ length: count }, (_, i) => ({ type: 'page' as const, name: `Page ${i}`, url: `/docs/big/p${i}` }));
  const big: Root = {
    name: 'Docs',
    children: [
      { type: 'page', name: 'Introduction', url: '/docs' },
      { type: 'folder', name: 'Big', children: pages },
      { type: 'folder', name: 'Outer', children: [{ type: 'folder', name: 'Inner', children: [{ type: 'page', name: 'Deep', url: '/docs/outer/inner/deep' }] }] },
    ],
  };
  const links = (html: string) => [...html.matchAll(/href=\/docs\/big\/p(\d+)/g)].map((m) => Number(m[1]));

  it('closed, writes none of its entries and names where its list is', () => {
    const html = pageTreeHtml(big, '/docs');
    expect(links(html)).toEqual([]);
    expect(html).toContain(`<ul id=tree-1-pages class=tree-list hidden data-src=${docsTreeFolderUrl('1')}></ul>`);
  });

  it('open, writes the entries around the current page, with a "Show all" button where entries are left out', () => {
    const middle = count / 2;
    const html = pageTreeHtml(big, `/docs/big/p${middle}`);
    const written = links(html);
    expect(written).toHaveLength(folderEntriesWritten);
    expect(written).toContain(middle);
    expect(written).toEqual(Array.from({ length: folderEntriesWritten }, (_, i) => written[0]! + i));
    expect(html.match(/data-tree-all/g)).toHaveLength(2);
    expect(html).toContain(`Show all ${count} in Big`);
    expect(html).toContain(`<a aria-current=page href=/docs/big/p${middle}>`);
    // At the folder's start, one button, after the entries.
    const first = pageTreeHtml(big, '/docs/big/p0');
    expect(links(first)[0]).toBe(0);
    expect(first.match(/data-tree-all/g)).toHaveLength(1);
    expect(first.indexOf('data-tree-all')).toBeGreaterThan(first.indexOf(`href=/docs/big/p${folderEntriesWritten - 1}>`));
    // At its end, the last entries.
    expect(links(pageTreeHtml(big, `/docs/big/p${count - 1}`)).at(-1)).toBe(count - 1);
  });

  it('answers its whole list as the sidebar writes it, by its place in the tree, nothing current', () => {
    const list = folderListHtml(big, '1')!;
    expect(links(list)).toEqual(pages.map((_, i) => i));
    expect(list).not.toContain('aria-current');
    // Nested folders keep the ids the page's own sidebar gives them.
    expect(folderListHtml(big, '2')).toContain('<li data-folder=tree-2-pages-0>');
    expect(folderListHtml(big, '2-0')).toContain('href=/docs/outer/inner/deep>');
    expect(pageTreeHtml(big, '/docs')).toContain('<li data-folder=tree-2-pages-0>');
    // A page, or no entry at all, is no folder.
    expect(folderListHtml(big, '0')).toBeUndefined();
    expect(folderListHtml(big, '9')).toBeUndefined();
    expect(folderListHtml(big, '2-0-0')).toBeUndefined();
  });
});
