'use client';

import { useMemo } from 'react';
import { nameBreaks, nameParts } from '@/lib/docs/name-breaks';

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

// Text and double-quoted attribute values (HTML's serialisation escapes these, WHATWG HTML 13.3). Written here
// rather than with hast-util-to-html, which the server's lists use: this runs in the browser too, where that
// library and its entity tables would weigh more than the list.
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => escapes[char]!);

function entryHtml([anchor, title, depth]: TocEntry): string {
  const name = nameParts(title === 0 ? anchor : title).map(escapeHtml).join('<wbr>');
  return `<li><a href="#${escapeHtml(anchor)}"${depth > 2 ? ` data-depth="${depth}"` : ''}>${name}</a></li>`;
}

/**
 * The list of "On this page" when every title is text: a client component
 * given the entries as data, because a page's RSC payload carries what a
 * server component renders a second time beside the HTML, and a room page
 * lists dozens of options. As data (an option's title is its anchor, sent
 * once) the list costs a fraction of the markup it draws. The links carry no
 * class: `.docs-toc li > a` (app/repeated-elements.css) styles them.
 *
 * The entries are written as one HTML string that React sets as the list's
 * content, not as elements: a room page's list is a few hundred elements
 * (`li`, `a`, a `wbr` per dot), and as elements each went through the HTML
 * render, and under `next dev` through React's development checks, on every
 * request; that was the largest part of a docs page's render this site adds.
 * The client writes the same string when it hydrates.
 */
export function TocList({ entries, className }: { entries: readonly TocEntry[]; className: string }) {
  const html = useMemo(() => entries.map(entryHtml).join(''), [entries]);
  return <ul className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
