'use client';

import { nameBreaks } from '@/lib/docs/name-breaks';

/**
 * One entry of "On this page" as the page's payload carries it: the heading's
 * anchor, its title (0 when the title is the anchor, as an option's is), and
 * its depth.
 */
export type TocEntry = readonly [anchor: string, title: string | 0, depth: number];

/** A title with a `<wbr>` after each dot inside a dotted name (lib/docs/name-breaks.ts). */
export function BrokenName({ text }: { text: string }) {
  return nameBreaks(text).map((part, index) => (part.type === 'text' ? part.value : <wbr key={index} />));
}

/**
 * The list of "On this page" when every title is text: a client component
 * given the entries as data, because a page's RSC payload carries what a
 * server component renders a second time beside the HTML, and a room page
 * lists dozens of options. As data (an option's title is its anchor, sent
 * once) the list costs a fraction of the markup it draws. The links carry no
 * class: `.docs-toc li > a` (app/global.css) styles them.
 */
export function TocList({ entries, className }: { entries: readonly TocEntry[]; className: string }) {
  return (
    <ul className={className}>
      {entries.map(([anchor, title, depth]) => (
        <li key={anchor}>
          <a href={`#${anchor}`} data-depth={depth > 2 ? depth : undefined}>
            <BrokenName text={title === 0 ? anchor : title} />
          </a>
        </li>
      ))}
    </ul>
  );
}
