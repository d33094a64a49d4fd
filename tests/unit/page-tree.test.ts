import type { Root } from 'fumadocs-core/page-tree';
import { toHtml } from 'hast-util-to-html';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageTreeHtml } from '@/components/docs/page-tree';
import { iconElement, treeIcons } from '@/components/icons';
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
    const drawn = renderToStaticMarkup(createElement(treeIcons.LayoutGrid!));
    expect(sortedAttributes(toHtml(iconElement(treeIcons.LayoutGrid!)))).toBe(sortedAttributes(drawn));
    expect(html).toContain(`${toHtml(iconElement(treeIcons.LayoutGrid!), compactHtml)}Rooms</a>`);
    expect(html).toMatch(/<span>Closed<\/span>/);
  });

  it('refuses a name that is not text rather than writing it empty', () => {
    const withElement: Root = { name: 'Docs', children: [{ type: 'page', name: createElement('b', null, 'Bold'), url: '/docs/b' }] };
    expect(() => pageTreeHtml(withElement, '/docs')).toThrow(/not text/);
  });
});
