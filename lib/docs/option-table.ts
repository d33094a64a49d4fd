import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { PhrasingContent } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { findRoom } from '../catalog';
import { options, optionUrl, type LayerOption } from '../catalog/options';
import { inlineCode, inlineMarkdown, joined, link, text } from './mdast-builders';

/**
 * The option browser's table (/docs/options), once: its header and each
 * option's cells (name linking to its entry, room, type, default, marks)
 * in the reference's order and words. remark-catalog's `<OptionTable />`
 * writes them as a GFM table (the `.md` twin, /llms-full.txt, the search
 * index); the page renders the same cells as HTML (optionRowsHtml).
 */
export const optionTableHeader = ['Option', 'Room', 'Type', 'Default', 'Marks'];

/** The labels of the classification marks in the table's Marks cell. */
export const optionMarkLabels = { hostOnly: 'Host-only', desktopSafePerKey: 'Desktop-safe per key' } as const;

export function optionTableCells(option: LayerOption): PhrasingContent[][] {
  const marks: PhrasingContent[][] = [];
  if (option.hostOnly) marks.push([text(optionMarkLabels.hostOnly)]);
  if (option.desktopSafePerKey) marks.push([text(optionMarkLabels.desktopSafePerKey)]);
  return [
    [link(optionUrl(option), [inlineCode(option.name)])],
    [text(findRoom(option.room)?.title ?? option.room)],
    inlineMarkdown(option.type),
    inlineMarkdown(option.default),
    joined(marks, ', '),
  ];
}

function cellElement(cell: PhrasingContent[]): Element {
  const paragraph = toHast({ type: 'paragraph', children: cell }) as Element;
  return { type: 'element', tagName: 'td', properties: {}, children: paragraph.children as ElementContent[] };
}

/** One body row, with the attributes the browser's filters read (components/options/option-browser.tsx). */
function rowElement(option: LayerOption): Element {
  const properties: Properties = { dataOptionRow: '', dataRoom: option.room };
  if (option.hostOnly) properties.dataHostOnly = '';
  if (option.desktopSafePerKey) properties.dataPerKey = '';
  return { type: 'element', tagName: 'tr', properties, children: optionTableCells(option).map(cellElement) };
}

/** The body rows as HTML elements (hast). */
export const optionRows = (): Element[] => options.map(rowElement);

let rowsHtml: string | undefined;

/**
 * The table's body rows as one HTML string, for the page to set as its
 * `<tbody>`'s content: React then sends and hydrates one element instead
 * of 117 rows of six cells (the page's React payload drops from 112 KB to
 * 90 KB raw; compressed it saves little, since the payload escapes every
 * `<` and `>` of the string).
 */
export function optionRowsHtml(): string {
  rowsHtml ??= toHtml(optionRows());
  return rowsHtml;
}

export const optionCount = options.length;
