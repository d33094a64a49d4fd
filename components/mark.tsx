import type { Element, ElementContent } from 'hast';
import type { ReactNode } from 'react';
import { markDescriptions, type MarkKind } from '@/lib/docs/option-marks';

/**
 * A classification mark from the option reference, shown as a small pill.
 * The words are children so they stay in the markdown twin and in search.
 * Colours: 900/100 shades in light and 100/950 in dark mode, both well
 * above the WCAG AA ratio of 4.5:1 for small text. Styled by `.mark` in
 * app/repeated-elements.css: a room page shows dozens of marks, and a short class keeps
 * them out of the page's weight (HTML and React payload both carry it).
 * The option browser's table writes the same badge as HTML
 * (lib/docs/option-table.ts).
 */
export function Mark({ kind, children }: { kind: MarkKind; children: ReactNode }) {
  return (
    <span title={markDescriptions[kind]} data-mark={kind} className="mark not-prose">
      {children}
    </span>
  );
}

/** The same badge as markup, for a static tree written as HTML (components/docs/static-tree.tsx). */
export function markElement(kind: MarkKind, children: ElementContent[]): Element {
  return { type: 'element', tagName: 'span', properties: { title: markDescriptions[kind], dataMark: kind, className: ['mark', 'not-prose'] }, children };
}
