import type { Paragraph, PhrasingContent, Table, TableCell, TableRow } from 'mdast';

/**
 * Small mdast constructors shared by the build-time remark plugins
 * (remark-catalog, remark-api-reference), which turn typed data into
 * markdown so the HTML page, its .md twin and the search index agree.
 */
export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });
export const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children): TableCell => ({ type: 'tableCell', children })),
});
/** A GFM table: a header of plain cells, then rows of phrasing cells. */
export const table = (header: string[], rows: PhrasingContent[][][]): Table => ({
  type: 'table',
  align: header.map(() => null),
  children: [row(header.map((cell) => [text(cell)])), ...rows.map(row)],
});

/**
 * Phrasing of one line of the option reference's markdown: the reference's
 * cells use only `code` and **strong**, so this small reader is exact for
 * them (a full markdown parser would be another dependency for two marks).
 */
export function inlineMarkdown(source: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  source.split(/(`[^`]*`)/).forEach((part) => {
    if (part === '') return;
    if (part.startsWith('`') && part.endsWith('`') && part.length >= 2) {
      out.push({ type: 'inlineCode', value: part.slice(1, -1) });
      return;
    }
    part.split(/(\*\*[^*]+\*\*)/).forEach((piece) => {
      if (piece === '') return;
      if (piece.startsWith('**') && piece.endsWith('**') && piece.length > 4) {
        out.push({ type: 'strong', children: [text(piece.slice(2, -2))] });
      } else out.push(text(piece));
    });
  });
  return out;
}
