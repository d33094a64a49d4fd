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
