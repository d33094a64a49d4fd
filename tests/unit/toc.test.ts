import type { TOCItemType } from 'fumadocs-core/toc';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Toc, tocEntries } from '@/components/docs/toc';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';

/**
 * "On this page" (components/docs/toc.tsx): its entries sent as data when
 * every title is text (TocList draws them), the same markup its server
 * elements write, and as elements when a title holds markup.
 */
const items: TOCItemType[] = [
  { title: 'Wallpaper', url: '#wallpaper', depth: 2 },
  { title: 'layer.wallpaper.glow.spread', url: '#layer.wallpaper.glow.spread', depth: 3 },
  { title: 'Fish & <Chips> "quoted"', url: '#fish', depth: 4 },
];

/**
 * The list as the component writes it, read as a browser reads it and written out one way (React writes quoted
 * attributes and every end tag, the compact HTML string leaves out what HTML allows; both parse to the same DOM).
 */
const listOf = (html: string) => {
  const list = /<ul class="flex flex-col border-s text-sm">[\s\S]*<\/ul>/.exec(html)?.[0];
  return list === undefined ? undefined : toHtml(fromHtml(list, { fragment: true }));
};
const render = (entries: TOCItemType[]) => renderToStaticMarkup(createElement(Toc, { items: entries, pageKey: '/docs/x' }));

describe('the table of contents', () => {
  it('sends text titles as data, an option\'s title as its anchor alone, and draws the markup its elements write', () => {
    expect(tocEntries(items)).toEqual([
      ['wallpaper', 'Wallpaper', 2],
      ['layer.wallpaper.glow.spread', 0, 3],
      ['fish', 'Fish & <Chips> "quoted"', 4],
    ]);
    const asData = listOf(render(items));
    expect(asData).toContain('<a href="#layer.wallpaper.glow.spread" data-depth="3">layer.<wbr>wallpaper.<wbr>glow.<wbr>spread</a>');
    // One title that is not text sends the whole list down the elements' path: the same markup for the rest.
    const asElements = listOf(render([...items, { title: createElement('code', null, 'x'), url: '#x', depth: 2 }]))!.replace(/<li><a href="#x"[^]*?<\/li>/, '');
    expect(asData).toBe(asElements);
  });

  it('lists a title with markup as elements', () => {
    const titled: TOCItemType[] = [{ title: createElement('code', null, 'layer.dock'), url: '#dock', depth: 2 }];
    expect(tocEntries(titled)).toBeUndefined();
    expect(listOf(render(titled))).toBe('<ul class="flex flex-col border-s text-sm"><li><a href="#dock"><code>layer.dock</code></a></li></ul>');
  });
});
