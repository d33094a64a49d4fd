import { ChevronDownIcon, TextIcon } from '@/components/icons';
import type { TOCItemType } from 'fumadocs-core/toc';
import { TocHighlight } from './toc-highlight';
import { BrokenName, TocList, type TocEntry } from './toc-list';

/**
 * "On this page", rendered once, on the server, as plain anchor links: a
 * column from 1280 px, and below that a popover (the HTML `popover`
 * attribute: no script) opened by the button above the text (TocButton).
 * See `.docs-panel` in app/global.css. TocHighlight marks the section
 * being read, once the page is idle.
 */
const tocId = 'docs-toc';

const listClass = 'flex flex-col border-s text-sm';

/**
 * The entries as TocList's data, or undefined when a title is not text:
 * rehype-static-trees makes a title of text alone a string, and one with
 * markup (`code`) stays React, listed by the elements below.
 */
export function tocEntries(items: TOCItemType[]): TocEntry[] | undefined {
  const entries: TocEntry[] = [];
  for (const item of items) {
    if (typeof item.title !== 'string') return undefined;
    const anchor = item.url.replace(/^#/, '');
    entries.push([anchor, item.title === anchor ? 0 : item.title, item.depth]);
  }
  return entries;
}

export function Toc({ items, pageKey }: { items: TOCItemType[]; pageKey: string }) {
  if (items.length === 0) return null;
  const entries = tocEntries(items);
  return (
    // Keyed by page: a client-side navigation closes the popover.
    <nav key={pageKey} id={tocId} popover="auto" aria-labelledby="toc-title" data-toc="" className="docs-panel docs-toc">
      <p id="toc-title" className="mb-3 inline-flex items-center gap-1.5 text-sm text-fd-muted-foreground">
        <TextIcon className="size-4" />
        On this page
      </p>
      {entries !== undefined ? (
        <TocList entries={entries} className={listClass} />
      ) : (
        <ul className={listClass}>
          {items.map((item) => (
            <li key={item.url}>
              <a href={item.url} {...(item.depth > 2 ? { 'data-depth': item.depth } : {})}>
                {typeof item.title === 'string' ? <BrokenName text={item.title} /> : item.title}
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
      className="toc-button docs-chrome"
    >
      <TextIcon />
      <span>On this page</span>
      <span data-toc-current="" />
      <ChevronDownIcon />
    </button>
  );
}
