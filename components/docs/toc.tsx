import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { ChevronDownIcon, TextIcon } from '@/components/icons';
import type { TOCItemType } from 'fumadocs-core/toc';
import { compactHtml } from '@/lib/docs/compact-html';
import { nameBreaks } from '@/lib/docs/name-breaks';
import { TocHighlight } from './toc-highlight';

/**
 * "On this page", rendered once, on the server, as plain anchor links: a
 * column from 1280 px, and below that a popover (the HTML `popover`
 * attribute: no script) opened by the button above the text (TocButton).
 * See `.docs-panel` in app/global.css. TocHighlight marks the section
 * being read, once the page is idle.
 */
export const tocId = 'docs-toc';

const listClass = 'flex flex-col border-s text-sm';

/**
 * The list's entries as one HTML string (hast-util-to-html, written
 * compactly), as the sidebar's are (components/docs/page-tree.tsx): a room
 * page lists dozens of options, and each entry was two React elements in
 * every render (`next dev` pays for each) and in the page's payload. The
 * links carry no class: `.docs-toc li > a` (app/global.css) styles them. Undefined when a
 * title is not text: rehype-static-trees makes a title of text alone a
 * string, and one with markup (`code`) stays React, listed by the
 * elements below.
 */
export function tocListHtml(items: TOCItemType[]): string | undefined {
  const entries: Element[] = [];
  for (const item of items) {
    if (typeof item.title !== 'string') return undefined;
    const link: Element = {
      type: 'element',
      tagName: 'a',
      // In the order the elements write them.
      properties: { href: item.url, dataDepth: item.depth > 2 ? item.depth : undefined },
      children: nameBreaks(item.title),
    };
    entries.push({ type: 'element', tagName: 'li', properties: {}, children: [link] });
  }
  return toHtml(entries, compactHtml);
}

export function Toc({ items, pageKey }: { items: TOCItemType[]; pageKey: string }) {
  if (items.length === 0) return null;
  const html = tocListHtml(items);
  return (
    // Keyed by page: a client-side navigation closes the popover.
    <nav key={pageKey} id={tocId} popover="auto" aria-labelledby="toc-title" data-toc="" className="docs-panel docs-toc">
      <p id="toc-title" className="mb-3 inline-flex items-center gap-1.5 text-sm text-fd-muted-foreground">
        <TextIcon className="size-4" />
        On this page
      </p>
      {html !== undefined ? (
        <ul className={listClass} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <ul className={listClass}>
          {items.map((item) => (
            <li key={item.url}>
              <a href={item.url} {...(item.depth > 2 ? { 'data-depth': item.depth } : {})}>
                {typeof item.title === 'string' ? nameBreaks(item.title).map((part, index) => (part.type === 'text' ? part.value : <wbr key={index} />)) : item.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      <TocHighlight />
    </nav>
  );
}

/**
 * Opens "On this page" below 1280 px. It sticks under the header while the
 * article scrolls, as Fumadocs UI's phone contents bar does, so the list is
 * one tap away from any section; TocHighlight writes the section being read
 * after its label. One line whatever the title: the bar never changes height.
 */
export function TocButton({ items }: { items: TOCItemType[] }) {
  if (items.length === 0) return null;
  return (
    <button
      type="button"
      popoverTarget={tocId}
      data-toc-button=""
      className="docs-chrome sticky top-14 z-20 flex w-full items-center gap-2 rounded-lg border bg-fd-card px-3 py-2 text-start text-sm text-fd-muted-foreground shadow-sm hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-fd-primary xl:hidden"
    >
      <TextIcon className="size-4 shrink-0" />
      <span className="shrink-0">On this page</span>
      <span data-toc-current="" className="min-w-0 truncate text-fd-foreground" />
      <ChevronDownIcon className="ms-auto size-4 shrink-0" />
    </button>
  );
}
