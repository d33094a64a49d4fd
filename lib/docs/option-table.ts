import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { PhrasingContent } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { findRoom } from '../catalog';
import { options, optionUrl, type LayerOption } from '../catalog/options';
import { inlineCode, inlineMarkdown, joined, link, text } from './mdast-builders';
import { markDescriptions, optionMarks } from './option-marks';

/**
 * The option browser's table (/docs/options), once: its header and each
 * option's cells (name linking to its entry, room, type, default, marks)
 * in the reference's order and words. remark-catalog's `<OptionTable />`
 * writes them as a GFM table (the `.md` twin, /llms-full.txt, the search
 * index); the page renders the same cells as HTML (optionRowsHtml), where
 * a name may break only after a dot and the marks are badges.
 */
export const optionTableHeader = ['Option', 'Room', 'Type', 'Default', 'Marks'];

export function optionTableCells(option: LayerOption): PhrasingContent[][] {
  return [
    [link(optionUrl(option), [inlineCode(option.name)])],
    [text(findRoom(option.room)?.title ?? option.room)],
    inlineMarkdown(option.type),
    inlineMarkdown(option.default),
    joined(optionMarks(option).map((mark) => [text(mark.label)]), ', '),
  ];
}

function cellElement(cell: PhrasingContent[]): Element {
  const paragraph = toHast({ type: 'paragraph', children: cell }) as Element;
  return { type: 'element', tagName: 'td', properties: {}, children: paragraph.children as ElementContent[] };
}

const textNode = (value: string): ElementContent => ({ type: 'text', value });
const element = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });

/**
 * An option's name with a line-break opportunity after each dot
 * (`layer.<wbr>apps.<wbr>zed.<wbr>enable`): a long name wraps between its
 * parts, never inside one, and its text stays the name.
 */
function breakableName(name: string): ElementContent[] {
  return name.split(/(?<=\.)/).flatMap((part, index) => (index === 0 ? [textNode(part)] : [element('wbr', {}, []), textNode(part)]));
}

/**
 * The Marks cell: each mark as the room pages' badge (components/mark.tsx,
 * `.mark` in app/repeated-elements.css), separated as the markdown table separates them.
 */
function marksCell(option: LayerOption): Element {
  const badges = optionMarks(option).map((mark) => element('span', { className: ['mark'], dataMark: mark.kind, title: markDescriptions[mark.kind] }, [textNode(mark.label)]));
  return element('td', {}, badges.flatMap((badge, index) => (index === 0 ? [badge] : [textNode(', '), badge])));
}

/** One body row, with the attributes the browser's filters read (components/options/option-browser.tsx). */
function rowElement(option: LayerOption): Element {
  const properties: Properties = { dataOptionRow: '', dataRoom: option.room };
  if (option.hostOnly) properties.dataHostOnly = '';
  if (option.desktopSafePerKey) properties.dataPerKey = '';
  const name = element('td', {}, [element('a', { href: optionUrl(option) }, [element('code', {}, breakableName(option.name))])]);
  // Room, type and default as the markdown table's cells.
  const facts = optionTableCells(option).slice(1, 4).map(cellElement);
  return element('tr', properties, [name, ...facts, marksCell(option)]);
}

/** The body rows as HTML elements (hast). */
export const optionRows = (): Element[] => options.map(rowElement);

let rowsHtml: string | undefined;

/**
 * The table's body rows as one HTML string, for the page to set as its
 * `<tbody>`'s content: React then sends and hydrates one element instead
 * of a row of six cells per option, a smaller payload (compressed it saves
 * little, since the payload escapes every `<` and `>` of the string).
 */
export function optionRowsHtml(): string {
  rowsHtml ??= toHtml(optionRows());
  return rowsHtml;
}

export const optionCount = options.length;
