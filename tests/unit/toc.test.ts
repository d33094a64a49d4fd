import type { TOCItemType } from 'fumadocs-core/toc';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Toc, tocListHtml } from '@/components/docs/toc';

/**
 * "On this page" (components/docs/toc.tsx): written as one HTML string when
 * every title is text, the same markup its React elements write, and as
 * elements when a title holds markup.
 */
const items: TOCItemType[] = [
  { title: 'Wallpaper', url: '#wallpaper', depth: 2 },
  { title: 'layer.wallpaper.glow.spread', url: '#layer.wallpaper.glow.spread', depth: 3 },
  { title: 'Fish & <Chips> "quoted"', url: '#fish', depth: 4 },
];

/**
 * The list as the component writes it, its character references read and its void elements closed one way (React and
 * hast-util-to-html escape text, and write `<wbr>`, each their own way).
 */
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x26': '&', '#x3C': '<', '#x27': "'" };
const listOf = (html: string) =>
  /<ul class="flex flex-col border-s text-sm">[\s\S]*<\/ul>/.exec(html)?.[0].replace(/&(amp|lt|gt|quot|#x26|#x3C|#x27);/g, (_, name: string) => entities[name]!).replaceAll('<wbr/>', '<wbr>');
const render = (entries: TOCItemType[]) => renderToStaticMarkup(createElement(Toc, { items: entries, pageKey: '/docs/x' }));

describe('the table of contents', () => {
  it('writes text titles as one HTML string, the markup its elements write', () => {
    const written = tocListHtml(items)!;
    expect(written).toContain('Fish &#x26; &#x3C;Chips> "quoted"');
    const asString = listOf(render(items));
    // One title that is not text sends the whole list down the elements' path.
    const asElements = listOf(render([...items, { title: createElement('code', null, 'x'), url: '#x', depth: 2 }]))!.replace(/<li><a href="#x"[^]*?<\/li>/, '');
    expect(asString).toBe(listOf(`<ul class="flex flex-col border-s text-sm">${written}</ul>`));
    expect(asString).toBe(asElements);
  });

  it('lists a title with markup as elements', () => {
    const titled: TOCItemType[] = [{ title: createElement('code', null, 'layer.dock'), url: '#dock', depth: 2 }];
    expect(tocListHtml(titled)).toBeUndefined();
    expect(listOf(render(titled))).toBe('<ul class="flex flex-col border-s text-sm"><li><a href="#dock" data-toc-link="" class="toc-link"><code>layer.dock</code></a></li></ul>');
  });
});
